"""The database schema: tables, their seats and the append-only log of what happened at them.

One schema for SQLite and PostgreSQL. The ``tables`` row carries a ``version``: the sequence
number of the last event in its log. Every change to a table is one transaction that moves the
version from ``n`` to ``n + 1`` with ``UPDATE ... WHERE version = n`` and inserts event ``n + 1``,
so two writers (two server instances, a player and the sweeper) can never both win.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: a game with its options and setup, its seats' clocks and where it stands."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[str] = mapped_column(String(40))
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open, playing, finished, aborted
    version: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(16))  # realtime, turn
    clock: Mapped[dict[str, Any]] = mapped_column(JSON)  # the table's time control
    clocks: Mapped[dict[str, Any]] = mapped_column(JSON)  # per seat: remaining, running since
    on_timeout: Mapped[str] = mapped_column(String(16))  # ai, forfeit
    timeout_level: Mapped[str] = mapped_column(String(40))
    auto_start: Mapped[bool] = mapped_column()
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)

    __table_args__ = (Index("ix_tables_status_deadline", "status", "deadline"),)


class SeatRow(Base):
    """A seat: open, a person (a name and the hash of the seat's token) or an AI with a level."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # open, human, ai
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    level: Mapped[str | None] = mapped_column(String(100), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class EventRow(Base):
    """One event of a table's log, numbered by the table's sequence: a join, a start, a move..."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[str | None] = mapped_column(String(200), nullable=True)
    move_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (
        UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
        UniqueConstraint("table_id", "seat", "move_id", name="uq_events_table_seat_move"),
    )
