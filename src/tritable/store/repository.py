"""The store: tables, seats and events in SQLite or PostgreSQL, with version-checked commits.

>>> import asyncio, tempfile
>>> async def demo() -> int:
...     store = await Store.open(f"sqlite:///{tempfile.mkdtemp()}/demo.db")
...     await store.create_table(new_table("t1"), [new_seat("t1", 0), new_seat("t1", 1)])
...     version = await store.commit("t1", 0, Event("join", seat=0, data={"name": "Ann"}))
...     try:
...         await store.commit("t1", 0, Event("join", seat=1, data={"name": "Bob"}))  # version 0 is gone
...     except VersionConflict:
...         pass
...     await store.close()
...     return version
>>> asyncio.run(demo())
1
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from tritable.store.errors import DuplicateMove, StoreError, VersionConflict
from tritable.store.models import EventRow, SeatRow, TableRow

if TYPE_CHECKING:
    from tritable.store.pg_writer import PgGroupWriter
    from tritable.store.sqlite_writer import SqliteWriter

TABLES = cast(sa.Table, TableRow.__table__)
SEATS = cast(sa.Table, SeatRow.__table__)
EVENTS = cast(sa.Table, EventRow.__table__)


@dataclass(frozen=True)
class Event:
    """One entry of a table's log, as committed: ``seq`` is given by the commit."""

    kind: str
    seat: int | None = None
    action: str | None = None
    move_id: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 0
    at: float = 0.0

    def to_row(self, table_id: str, seq: int, at: float) -> dict[str, Any]:
        return {
            "table_id": table_id,
            "seq": seq,
            "kind": self.kind,
            "seat": self.seat,
            "action": self.action,
            "move_id": self.move_id,
            "data": dict(self.data),
            "at": at,
        }


def new_table(table_id: str, game: str = "triad", players: int = 2, **fields: Any) -> dict[str, Any]:
    """A ``tables`` row with defaults for what ``fields`` does not give (tests, doctests)."""
    row: dict[str, Any] = {
        "id": table_id,
        "game": game,
        "players": players,
        "options": {},
        "seed": "0",
        "setup": {},
        "status": "open",
        "version": 0,
        "mode": "realtime",
        "clock": {},
        "clocks": {},
        "on_timeout": "ai",
        "timeout_level": "easy",
        "auto_start": True,
        "deadline": None,
        "result": None,
        "created_at": time.time(),
        "started_at": None,
        "finished_at": None,
    }
    row.update(fields)
    return row


def new_seat(table_id: str, seat: int, kind: str = "open", **fields: Any) -> dict[str, Any]:
    row: dict[str, Any] = {"table_id": table_id, "seat": seat, "kind": kind, "name": None, "level": None}
    row["token_hash"] = None
    row.update(fields)
    return row


def async_url(url: str, schema: str | None = None) -> tuple[str, dict[str, Any]]:
    """The SQLAlchemy async URL for a user's ``sqlite:///path`` or ``postgresql://...``, and the
    engine's connect arguments (a PostgreSQL ``schema`` to work in, for tests)."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return str(parsed.set(drivername="sqlite+aiosqlite")), {}
    if backend in ("postgresql", "postgres"):
        args: dict[str, Any] = {}
        if schema:
            args["server_settings"] = {"search_path": schema}
        return parsed.set(drivername="postgresql+asyncpg").render_as_string(hide_password=False), args
    raise StoreError(f"a database URL is sqlite:///PATH or postgresql://..., not {backend}://")


def _migrate(connection: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


class Store:
    """Tables, seats and their event logs; every change goes through :meth:`commit`."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name

    def __repr__(self) -> str:
        return f"<Store {self.engine.url.render_as_string(hide_password=True)}>"

    @classmethod
    async def open(cls, url: str, schema: str | None = None) -> Store:
        """Connect to ``url`` and bring its schema to the newest migration."""
        target, connect_args = async_url(url, schema)
        kwargs: dict[str, Any] = {"connect_args": connect_args}
        if target.startswith("sqlite"):
            path = make_url(target).database
            if not path or path == ":memory:":
                raise StoreError("an SQLite database is a file: sqlite:///PATH (an in-memory one would not last)")
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        else:
            kwargs.update(pool_size=10, max_overflow=10)
        engine = create_async_engine(target, **kwargs)
        if engine.dialect.name == "sqlite":

            @sa.event.listens_for(engine.sync_engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                cursor = dbapi_connection.cursor()
                # WAL: readers never wait for the writer; NORMAL: a commit survives the process
                # being killed (the OS has the write), which is what a restart test checks.
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.execute("PRAGMA busy_timeout=10000")
                cursor.close()

        try:
            if schema and engine.dialect.name == "postgresql":
                async with engine.begin() as conn:
                    await conn.execute(sa.text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
            async with engine.begin() as conn:
                await conn.run_sync(_migrate)
        except (OSError, sa.exc.SQLAlchemyError) as exc:
            await engine.dispose()
            raise StoreError(f"cannot open the database: {exc}") from exc
        store = cls(engine)
        if engine.dialect.name == "sqlite":
            from tritable.store.sqlite_writer import SqliteWriter

            store._writer = SqliteWriter(make_url(target).database or ":memory:")
        else:
            from tritable.store.pg_writer import PgGroupWriter

            store._group = PgGroupWriter(engine, store._single)
        return store

    _writer: SqliteWriter | None = None
    _group: PgGroupWriter | None = None

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._group is not None:
            await self._group.close()
        await self.engine.dispose()

    # -- writes --------------------------------------------------------------------------------

    async def create_table(self, table: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> None:
        if self._writer is not None:
            await self._writer.insert(table, seats)
            return
        async with self.engine.begin() as conn:
            await conn.execute(TABLES.insert().values(**table))
            await conn.execute(SEATS.insert(), [dict(s) for s in seats])

    async def commit(
        self,
        table_id: str,
        version: int,
        event: Event,
        table: Mapping[str, Any] | None = None,
        seats: Sequence[Mapping[str, Any]] = (),
        at: float | None = None,
    ) -> int:
        """Append ``event`` as number ``version + 1`` and apply the row changes, all or nothing.

        Raises :class:`VersionConflict` when the table's version is no longer ``version`` (another
        writer won), :class:`DuplicateMove` when the seat's ``move_id`` is logged already.
        """
        at = time.time() if at is None else at
        new = version + 1
        if self._writer is not None:  # SQLite has one writer: a thread that commits in groups
            await self._writer.commit(table_id, version, event.to_row(table_id, new, at), table or {}, seats)
            return new
        if self._group is not None:  # PostgreSQL: the commits of many tables in one transaction
            await self._group.commit(table_id, version, event.to_row(table_id, new, at), table or {}, seats)
            return new
        return await self._commit(table_id, version, new, event, table, seats, at)

    async def _single(self, table_id: str, version: int, row: Mapping[str, Any], table: Mapping[str, Any],
                      seats: Sequence[Mapping[str, Any]]) -> None:
        """One change of a failed group, committed alone (the group writer's fallback)."""
        event = Event(row["kind"], row["seat"], row["action"], row["move_id"], row["data"])
        await self._commit(table_id, version, version + 1, event, table, seats, row["at"])

    async def _commit(
        self,
        table_id: str,
        version: int,
        new: int,
        event: Event,
        table: Mapping[str, Any] | None,
        seats: Sequence[Mapping[str, Any]],
        at: float,
    ) -> int:
        try:
            async with self.engine.begin() as conn:
                done = await conn.execute(
                    TABLES.update()
                    .where(TABLES.c.id == table_id, TABLES.c.version == version)
                    .values(version=new, **dict(table or {}))
                )
                if done.rowcount != 1:
                    raise VersionConflict(f"table {table_id} is no longer at version {version}")
                for seat in seats:
                    values = {k: v for k, v in seat.items() if k not in ("table_id", "seat")}
                    await conn.execute(
                        SEATS.update()
                        .where(SEATS.c.table_id == table_id, SEATS.c.seat == seat["seat"])
                        .values(**values)
                    )
                await conn.execute(EVENTS.insert().values(**event.to_row(table_id, new, at)))
        except IntegrityError as exc:
            raise DuplicateMove(f"table {table_id}: move id {event.move_id!r} is logged already") from exc
        return new

    # -- reads ---------------------------------------------------------------------------------

    async def load(self, table_id: str, after: int = 0) -> tuple[dict[str, Any], list[dict[str, Any]], list[Event]]:
        """A table's row, its seats and its events numbered above ``after``; ``KeyError`` if none."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(TABLES.select().where(TABLES.c.id == table_id))).mappings().first()
            if row is None:
                raise KeyError(table_id)
            seats = (
                await conn.execute(SEATS.select().where(SEATS.c.table_id == table_id).order_by(SEATS.c.seat))
            ).mappings()
            events = (
                await conn.execute(
                    EVENTS.select().where(EVENTS.c.table_id == table_id, EVENTS.c.seq > after).order_by(EVENTS.c.seq)
                )
            ).mappings()
            return dict(row), [dict(s) for s in seats], [_event(e) for e in events]

    async def find_move(self, table_id: str, seat: int, move_id: str) -> Event | None:
        async with self.engine.connect() as conn:
            row = (
                (
                    await conn.execute(
                        EVENTS.select().where(
                            EVENTS.c.table_id == table_id, EVENTS.c.seat == seat, EVENTS.c.move_id == move_id
                        )
                    )
                )
                .mappings()
                .first()
            )
            return None if row is None else _event(row)

    async def list_tables(
        self, status: str | None = None, game: str | None = None, limit: int = 100, offset: int = 0
    ) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
        query = TABLES.select().order_by(TABLES.c.created_at.desc(), TABLES.c.id).limit(limit).offset(offset)
        if status is not None:
            query = query.where(TABLES.c.status == status)
        if game is not None:
            query = query.where(TABLES.c.game == game)
        async with self.engine.connect() as conn:
            rows = [dict(r) for r in (await conn.execute(query)).mappings()]
            ids = [r["id"] for r in rows]
            seats: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            if ids:
                for s in (
                    await conn.execute(SEATS.select().where(SEATS.c.table_id.in_(ids)).order_by(SEATS.c.seat))
                ).mappings():
                    seats[s["table_id"]].append(dict(s))
        return [(r, seats[r["id"]]) for r in rows]

    async def table_ids(self, status: str, due_before: float | None = None) -> list[str]:
        """Ids of the tables in ``status``; with ``due_before``, only those whose deadline has passed."""
        query = sa.select(TABLES.c.id).where(TABLES.c.status == status)
        if due_before is not None:
            query = query.where(TABLES.c.deadline.is_not(None), TABLES.c.deadline <= due_before)
        async with self.engine.connect() as conn:
            return [r[0] for r in await conn.execute(query)]


def _event(row: Any) -> Event:
    return Event(
        kind=row["kind"],
        seat=row["seat"],
        action=row["action"],
        move_id=row["move_id"],
        data=row["data"] or {},
        seq=row["seq"],
        at=row["at"],
    )
