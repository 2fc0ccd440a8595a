"""SQLite's one writer: the changes asked for in one turn of the event loop, committed together.

SQLite takes one writer at a time, and a commit through the async driver costs milliseconds of
thread hops (and a thread of its own fights the event loop for the GIL); a commit in WAL mode with
``synchronous=NORMAL`` is a write to the OS of some 0.1 ms. So the changes queued during one turn
of the event loop go into one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) written at the end
of that turn, each still checked on its own: its ``UPDATE tables ... WHERE version = n`` must
change one row, and its move id must be new. A change that fails those checks changes nothing (it
is checked before it writes); anything else failing rolls the whole group back and fails each of
its changes. No caller hears of success before the group's ``COMMIT`` returned. One server process
writes an SQLite file (several instances share a PostgreSQL database instead).
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from tritable.store.errors import DuplicateMove, VersionConflict

JSON_COLUMNS = {"options", "setup", "clock", "clocks", "result", "data"}
TABLE_COLUMNS = {
    "game",
    "players",
    "options",
    "seed",
    "setup",
    "status",
    "mode",
    "clock",
    "clocks",
    "on_timeout",
    "timeout_level",
    "auto_start",
    "deadline",
    "result",
    "created_at",
    "started_at",
    "finished_at",
}
SEAT_COLUMNS = {"kind", "name", "level", "token_hash"}
CHECKPOINT_SECONDS = 1.0
"""How often a thread of the writer's own copies the WAL into the database file."""


def column_value(column: str, value: Any) -> Any:
    """``value`` as written to ``column``: JSON text for the JSON columns (both writers)."""
    if column in JSON_COLUMNS and value is not None:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    return value


class Change:
    """One queued commit and the future its caller waits on."""

    __slots__ = ("event", "future", "seats", "table", "table_id", "version")

    def __init__(
        self,
        table_id: str,
        version: int,
        event: Mapping[str, Any],
        table: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        future: asyncio.Future[None],
    ) -> None:
        self.table_id, self.version, self.event, self.table, self.seats = table_id, version, event, table, seats
        self.future = future


class SqliteWriter:
    def __init__(self, path: str) -> None:
        self.path = path
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        # No checkpoint at commit: SQLite's automatic one (every 1000 pages of WAL) writes and
        # fsyncs the database file inside a COMMIT, on the event loop, and its stalls of 100 ms
        # and more were the latency tail under load. A thread checkpoints instead (PASSIVE: it
        # never blocks the writer), with the GIL released while SQLite works.
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "busy_timeout=2000", "foreign_keys=ON",
                       "wal_autocheckpoint=0"):
            self.db.execute(f"PRAGMA {pragma}")
        self.pending: list[Change] = []
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoint, name="tritable-sqlite-checkpoint",
                                              daemon=True)
        self._checkpointer.start()

    def _checkpoint(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=2000")
            while not self._stop.wait(CHECKPOINT_SECONDS):
                with contextlib.suppress(sqlite3.Error):  # busy now: the next round copies it
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def __repr__(self) -> str:
        return f"SqliteWriter({self.path!r})"

    async def commit(
        self,
        table_id: str,
        version: int,
        event: Mapping[str, Any],
        table: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
    ) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self.pending:
            loop.call_soon(self._flush)
        self.pending.append(Change(table_id, version, event, table, seats, future))
        await future

    async def insert(self, table: Mapping[str, Any], seats: Sequence[Mapping[str, Any]]) -> None:
        """A new table and its seats (through the writer too: a second writer would wait on it)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self.pending:
            loop.call_soon(self._flush)
        self.pending.append(Change(str(table["id"]), -1, {}, table, seats, future))
        await future

    def close(self) -> None:
        self._flush()
        self._stop.set()
        self._checkpointer.join(10)
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.close()

    def _flush(self) -> None:

        group, self.pending = self.pending, []
        if not group:
            return
        outcomes: list[BaseException | None] = []
        try:
            self.db.execute("BEGIN IMMEDIATE")
            for change in group:
                outcomes.append(self._apply(self.db, change, VersionConflict, DuplicateMove))
            self.db.execute("COMMIT")
        except Exception as exc:  # the disk, a lock held too long: nothing of the group stays
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            outcomes = [exc] * len(group)
        for change, outcome in zip(group, outcomes, strict=True):
            settle(change.future, outcome)

    @staticmethod
    def _apply(
        db: sqlite3.Connection, change: Change, conflict: type[Exception], duplicate: type[Exception]
    ) -> BaseException | None:
        if change.version < 0:  # a new table
            row = dict(change.table)
            db.execute(
                f"INSERT INTO tables ({', '.join(row)}) VALUES ({', '.join('?' for _ in row)})",
                tuple(column_value(c, v) for c, v in row.items()),
            )
            for seat in change.seats:
                db.execute(
                    f"INSERT INTO seats ({', '.join(seat)}) VALUES ({', '.join('?' for _ in seat)})",
                    tuple(seat.values()),
                )
            return None
        event = change.event
        if event.get("move_id") is not None:
            found = db.execute(
                "SELECT 1 FROM events WHERE table_id = ? AND seat = ? AND move_id = ?",
                (change.table_id, event["seat"], event["move_id"]),
            ).fetchone()
            if found:
                return duplicate(f"table {change.table_id}: move id {event['move_id']!r} is logged already")
        columns = [c for c in change.table if c in TABLE_COLUMNS]
        sets = ", ".join(["version = ?", *(f"{c} = ?" for c in columns)])
        done = db.execute(
            f"UPDATE tables SET {sets} WHERE id = ? AND version = ?",
            (change.version + 1, *(column_value(c, change.table[c]) for c in columns), change.table_id, change.version),
        )
        if done.rowcount != 1:
            return conflict(f"table {change.table_id} is no longer at version {change.version}")
        for seat in change.seats:
            cols = [c for c in seat if c in SEAT_COLUMNS]
            if cols:
                db.execute(
                    f"UPDATE seats SET {', '.join(f'{c} = ?' for c in cols)} WHERE table_id = ? AND seat = ?",
                    (*(seat[c] for c in cols), change.table_id, seat["seat"]),
                )
        db.execute(
            "INSERT INTO events (table_id, seq, kind, seat, action, move_id, data, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                change.table_id,
                change.version + 1,
                event["kind"],
                event["seat"],
                event["action"],
                event["move_id"],
                column_value("data", event["data"]),
                event["at"],
            ),
        )
        return None


def settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    """Tell a change's waiter its outcome (``None``: committed), unless it stopped waiting."""
    if future.done():
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)
