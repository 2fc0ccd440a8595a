"""PostgreSQL's commits in groups: the changes asked for while the previous group was being written
go into one transaction on one connection, each still checked on its own.

A commit through SQLAlchemy alone is a pool checkout, ``BEGIN``, two or three statements and
``COMMIT``, each a round trip through the async adapter; a profile of the server under load found
that half of its time. Here a group is ``BEGIN``, an ``UPDATE tables ... WHERE id = v.id AND version
= v.version`` over arrays for the changes that set the same columns (a change whose version is gone
changes nothing and fails alone with :class:`VersionConflict`), the seats' updates, one multi-row
``INSERT`` of the events and one ``COMMIT``, on asyncpg's prepared statements. If anything else
fails (a move id another instance logged first breaks the events' unique constraint, the
connection drops) the transaction leaves nothing and every change of the group is committed again
alone by :meth:`Store._commit`, which names its own outcome. No caller hears of success before
its group's ``COMMIT`` returned.

Several instances may share the database: the row lock taken by each ``UPDATE`` orders writers of
one table, and the version check and the unique constraints do the rest, as for single commits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from tritable.store.errors import VersionConflict
from tritable.store.sqlite_writer import JSON_COLUMNS, SEAT_COLUMNS, TABLE_COLUMNS, column_value, settle

Single = Callable[[str, int, Mapping[str, Any], Mapping[str, Any], Sequence[Mapping[str, Any]]], Awaitable[None]]

COLUMN_TYPES = {
    "game": "text", "players": "int", "options": "text", "seed": "text", "setup": "text", "status": "text",
    "mode": "text", "clock": "text", "clocks": "text", "on_timeout": "text", "timeout_level": "text",
    "auto_start": "bool", "deadline": "float8", "result": "text", "created_at": "float8", "started_at": "float8",
    "finished_at": "float8",
}
"""The type of each column of ``tables`` a commit may set, as an array element (JSON goes as text)."""
GROUPS_IN_FLIGHT = 3
"""Groups written at once, each on its own connection: one group's ``COMMIT`` waits for the disk
while the next is sent. Two groups touching one table (only when that table's commits race) are
ordered by the row lock; should they deadlock, PostgreSQL fails one and its changes go alone."""
INSERT_EVENT = ("INSERT INTO events (table_id, seq, kind, seat, action, move_id, data, at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")


class PgGroupWriter:
    """Commits queued by many tables at once, written a group at a time (see the module)."""

    def __init__(self, engine: AsyncEngine, single: Single) -> None:
        self.engine = engine
        self.single = single
        self.pending: list[tuple[str, int, Mapping[str, Any], Mapping[str, Any], Sequence[Mapping[str, Any]],
                                 asyncio.Future[None]]] = []
        self.tasks: set[asyncio.Task[None]] = set()

    def __repr__(self) -> str:
        return f"PgGroupWriter({len(self.pending)} waiting)"

    async def commit(self, table_id: str, version: int, event: Mapping[str, Any], table: Mapping[str, Any],
                     seats: Sequence[Mapping[str, Any]]) -> None:
        """Commit ``event`` (a row of ``events``) at ``version`` with the row changes; raises
        :class:`VersionConflict` or :class:`tritable.store.DuplicateMove` as :meth:`Store.commit`."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending.append((table_id, version, event, table, seats, future))
        if len(self.tasks) < GROUPS_IN_FLIGHT:
            task = loop.create_task(self._run())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        await future

    async def close(self) -> None:
        """Wait for the group being written (a closing store loses no commit it accepted)."""
        while self.tasks:
            # Awaiting a finished task does not yield to the loop, so its done callback (which
            # leaves self.tasks) would never run: take finished tasks out here.
            done, _ = await asyncio.wait(set(self.tasks))
            self.tasks.difference_update(done)

    async def _run(self) -> None:
        await asyncio.sleep(0)  # the changes made in this turn of the loop join the first group
        while self.pending:
            # One change a table a group (the array UPDATE would apply one of two): a second waits
            # for the next group, where its version is checked against the first's outcome.
            group: list[tuple[Any, ...]] = []
            later: list[Any] = []
            tables: set[str] = set()
            for change in self.pending:
                (later if change[0] in tables else group).append(change)
                tables.add(change[0])
            self.pending = later
            try:
                outcomes = await self._write(group)
            except asyncio.CancelledError:
                for *_, future in group:
                    future.cancel()
                raise
            except Exception:  # nothing of the group stays: each again alone, to name its own outcome
                await asyncio.gather(*(self._alone(change) for change in group))
                continue
            for (*_, future), outcome in zip(group, outcomes, strict=True):
                settle(future, outcome)

    async def _alone(self, change: tuple[Any, ...]) -> None:
        table_id, version, event, table, seats, future = change
        try:
            await self.single(table_id, version, event, table, seats)
        except Exception as exc:
            settle(future, exc)
        else:
            settle(future, None)

    async def _write(self, group: list[tuple[Any, ...]]) -> list[BaseException | None]:
        outcomes: list[BaseException | None] = [None] * len(group)
        # Changes that set the same columns (every move sets the clocks and the deadline; a last
        # move also the result...) make one UPDATE over arrays: one round trip for most of a group.
        by_columns: dict[tuple[str, ...], list[int]] = {}
        for i, (_, _, _, table, _, _) in enumerate(group):
            by_columns.setdefault(tuple(sorted(c for c in table if c in TABLE_COLUMNS)), []).append(i)
        async with self.engine.connect() as sa_conn:
            raw = (await sa_conn.get_raw_connection()).driver_connection
            assert raw is not None
            async with raw.transaction():
                for columns, indices in by_columns.items():
                    arrays: list[list[Any]] = [[group[i][0] for i in indices], [group[i][1] for i in indices]]
                    arrays += [[column_value(c, group[i][3][c]) for i in indices] for c in columns]
                    names = ", ".join(["id", "version", *columns])
                    sets = ", ".join(["version = v.version + 1",
                                      *(f"{c} = v.{c}{'::json' if c in JSON_COLUMNS else ''}" for c in columns)])
                    unnest = ", ".join(f"${k + 1}::{t}[]" for k, t in
                                       enumerate(["text", "int", *(COLUMN_TYPES[c] for c in columns)]))
                    done = {r[0] for r in await raw.fetch(
                        f"UPDATE tables AS t SET {sets} FROM unnest({unnest}) AS v({names}) "
                        "WHERE t.id = v.id AND t.version = v.version RETURNING t.id", *arrays)}
                    for i in indices:
                        table_id, version = group[i][0], group[i][1]
                        if table_id not in done:
                            outcomes[i] = VersionConflict(f"table {table_id} is no longer at version {version}")
                events = []
                for (table_id, version, event, _, seats, _), outcome in zip(group, outcomes, strict=True):
                    if outcome is not None:
                        continue
                    for seat in seats:
                        cols = [c for c in seat if c in SEAT_COLUMNS]
                        if cols:
                            await raw.execute(
                                f"UPDATE seats SET {', '.join(f'{c} = ${i + 3}' for i, c in enumerate(cols))} "
                                "WHERE table_id = $1 AND seat = $2",
                                table_id, seat["seat"], *(seat[c] for c in cols))
                    events.append((table_id, version + 1, event["kind"], event["seat"], event["action"],
                                   event["move_id"], column_value("data", event["data"]), event["at"]))
                if events:
                    await raw.executemany(INSERT_EVENT, events)
        return outcomes
