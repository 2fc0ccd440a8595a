"""SQLite's one writer: a thread of its own that commits the queued changes in groups.

SQLite takes one writer at a time, and a commit through the async driver costs milliseconds of
thread hops; here every change queued while the last group was being written goes into the next
transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), each still checked on its own: its ``UPDATE
tables ... WHERE version = n`` must change one row, and its move id must be new. A change that
fails those checks changes nothing (it is checked before it writes); anything else failing rolls
the whole group back and fails each of its changes. No caller hears of success before the group's
``COMMIT`` returned.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import sqlite3
import threading
from collections.abc import Mapping, Sequence
from typing import Any

JSON_COLUMNS = {"options", "setup", "clock", "clocks", "result", "data"}
TABLE_COLUMNS = {
    "game", "players", "options", "seed", "setup", "status", "mode", "clock", "clocks", "on_timeout",
    "timeout_level", "auto_start", "deadline", "result", "created_at", "started_at", "finished_at",
}
SEAT_COLUMNS = {"kind", "name", "level", "token_hash"}
GROUP = 256
"""The most changes one transaction takes."""


def _value(column: str, value: Any) -> Any:
    if column in JSON_COLUMNS and value is not None:
        return json.dumps(value)
    return value


class Change:
    """One queued commit and the future its caller waits on."""

    __slots__ = ("event", "future", "loop", "seats", "table", "table_id", "version")

    def __init__(self, table_id: str, version: int, event: Mapping[str, Any], table: Mapping[str, Any],
                 seats: Sequence[Mapping[str, Any]], loop: asyncio.AbstractEventLoop,
                 future: asyncio.Future[None]) -> None:
        self.table_id, self.version, self.event, self.table, self.seats = table_id, version, event, table, seats
        self.loop, self.future = loop, future


class SqliteWriter:
    def __init__(self, path: str) -> None:
        self.path = path
        self.queue: queue.SimpleQueue[Change | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="tritable-sqlite-writer", daemon=True)
        self.thread.start()

    def __repr__(self) -> str:
        return f"SqliteWriter({self.path!r})"

    async def commit(self, table_id: str, version: int, event: Mapping[str, Any], table: Mapping[str, Any],
                     seats: Sequence[Mapping[str, Any]]) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.queue.put(Change(table_id, version, event, table, seats, loop, future))
        await future

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(10)

    def _run(self) -> None:
        from tritable.store.repository import DuplicateMove, VersionConflict

        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=10000")
        db.execute("PRAGMA foreign_keys=ON")
        try:
            while True:
                first = self.queue.get()
                if first is None:
                    return
                group = [first]
                stop = False
                while len(group) < GROUP:
                    try:
                        more = self.queue.get_nowait()
                    except queue.Empty:
                        break
                    if more is None:
                        stop = True
                        break
                    group.append(more)
                outcomes: list[BaseException | None] = []
                try:
                    db.execute("BEGIN IMMEDIATE")
                    for change in group:
                        outcomes.append(self._apply(db, change, VersionConflict, DuplicateMove))
                    db.execute("COMMIT")
                except Exception as exc:  # the disk, a lock held too long: nothing of the group stays
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    outcomes = [exc] * len(group)
                for change, outcome in zip(group, outcomes, strict=True):
                    change.loop.call_soon_threadsafe(_settle, change.future, outcome)
                if stop:
                    return
        finally:
            db.close()

    @staticmethod
    def _apply(db: sqlite3.Connection, change: Change, conflict: type[Exception],
               duplicate: type[Exception]) -> BaseException | None:
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
            (change.version + 1, *(_value(c, change.table[c]) for c in columns), change.table_id, change.version),
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
            (change.table_id, change.version + 1, event["kind"], event["seat"], event["action"], event["move_id"],
             json.dumps(event["data"]), event["at"]),
        )
        return None


def _settle(future: asyncio.Future[None], outcome: BaseException | None) -> None:
    if future.done():
        return
    if outcome is None:
        future.set_result(None)
    else:
        future.set_exception(outcome)
