"""The store: migrations at start, version-checked commits (two writers at one version: exactly
one wins), move ids logged once, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from server_support import BACKENDS, database
from tritable.store import DuplicateMove, Event, Store, StoreError, VersionConflict
from tritable.store.repository import new_seat, new_table


@pytest.mark.parametrize("backend", BACKENDS)
def test_commits_are_version_checked(backend: str, tmp_path: Path) -> None:
    with database(backend, tmp_path) as url:

        async def scenario() -> None:
            store = await Store.open(url)
            other = await Store.open(url)  # a second instance on the same database; migrations run once
            try:
                await store.create_table(new_table("t1"), [new_seat("t1", 0), new_seat("t1", 1)])
                # Many writers race for version 0 through two engines: exactly one wins.
                results = await asyncio.gather(
                    *(s.commit("t1", 0, Event("join", seat=i % 2, data={"n": i})) for i, s in
                      enumerate([store, other] * 5)),
                    return_exceptions=True,
                )
                wins = [r for r in results if r == 1]
                assert len(wins) == 1
                assert all(isinstance(r, VersionConflict) for r in results if r != 1)
                row, seats, events = await other.load("t1")
                assert row["version"] == 1 and [e.seq for e in events] == [1]
                # A move id is logged once per seat: the second commit is refused whole.
                await store.commit("t1", 1, Event("move", seat=0, action="a", move_id="m1"),
                                   table={"status": "playing"}, seats=[{"seat": 0, "kind": "human"}])
                with pytest.raises(DuplicateMove):
                    await store.commit("t1", 2, Event("move", seat=0, action="b", move_id="m1"),
                                       table={"status": "finished"}, seats=[{"seat": 1, "kind": "human"}])
                row, seats, events = await store.load("t1")
                assert row["version"] == 2 and row["status"] == "playing" and seats[1]["kind"] == "open"
                assert (await store.find_move("t1", 0, "m1")) == events[-1]
                assert await store.table_ids("playing") == ["t1"]
                with pytest.raises(KeyError):
                    await store.load("nope")
            finally:
                await store.close()
                await other.close()

        asyncio.run(scenario())


def test_bad_database_urls(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="sqlite:///PATH or postgresql"):
        asyncio.run(Store.open("mysql://localhost/x"))
    with pytest.raises(StoreError, match="cannot open the database"):
        asyncio.run(Store.open("postgresql://nobody@127.0.0.1:1/none"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_commits_of_many_tables_at_once_are_each_checked(backend: str, tmp_path: Path) -> None:
    """Commits made together go in one group (SQLite's writer, PostgreSQL's group writer): a stale
    version or a logged move id fails that commit alone and the rest of the group stays."""
    with database(backend, tmp_path) as url:

        async def scenario() -> None:
            store = await Store.open(url)
            try:
                ids = [f"g{i}" for i in range(6)]
                for t in ids:
                    await store.create_table(new_table(t), [new_seat(t, 0), new_seat(t, 1)])
                await store.commit("g5", 0, Event("move", seat=0, action="a", move_id="m"))
                results = await asyncio.gather(
                    *(store.commit(t, 0, Event("move", seat=0, action="a", move_id="m"), table={"deadline": 1.5},
                                   seats=[{"seat": 1, "kind": "human", "name": t}]) for t in ids[:4]),
                    store.commit("g4", 7, Event("move", seat=1, action="b", move_id="n"), table={"status": "x"}),
                    store.commit("g5", 1, Event("move", seat=0, action="c", move_id="m"), table={"deadline": 2.0}),
                    return_exceptions=True,
                )
                assert results[:4] == [1, 1, 1, 1]
                assert isinstance(results[4], VersionConflict) and isinstance(results[5], DuplicateMove)
                for t in ids[:4]:
                    row, seats, events = await store.load(t)
                    assert (row["version"], row["deadline"], seats[1]["name"]) == (1, 1.5, t)
                    assert [(e.seq, e.action, e.move_id) for e in events] == [(1, "a", "m")]
                row, _, events = await store.load("g4")
                assert row["status"] == "open" and row["version"] == 0 and events == []
                row, _, events = await store.load("g5")
                assert row["deadline"] is None and row["version"] == 1 and len(events) == 1
            finally:
                await store.close()

        asyncio.run(scenario())
