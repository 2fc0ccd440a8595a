"""The service's cache of tables: a table is cached as created without a read, finished and idle
tables leave it (bounded memory), and a table rebuilt from the database after eviction is the one
that left, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from server_support import BACKENDS, database
from tritable.server import service as service_module
from tritable.server.ai import AIPool
from tritable.server.identity import SeatTokens
from tritable.server.schemas import CreateTable
from tritable.server.service import FINISHED, FINISHED_SECONDS, IDLE_SECONDS, PLAYING, TableRuntime, TableService
from tritable.store import Store


async def _publish(table_id: str, seq: int) -> None:
    return None


def _snapshot(rt: TableRuntime) -> dict[str, Any]:
    return {"row": rt.row, "seats": rt.seats, "seqs": [e.seq for e in rt.events],
            "views": [rt.view(s) for s in (None, *range(len(rt.seats)))],
            "legal": [rt.legal(s) for s in range(len(rt.seats))]}


async def _table(service: TableService) -> str:
    table, _, _ = await service.create(CreateTable(game="triad", players=2, name="Ann"))
    await service.join(table["id"], "Bob", None)
    return str(table["id"])


@pytest.mark.parametrize("backend", BACKENDS)
def test_cache_evicts_and_rebuilds_the_same_table(backend: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    with database(backend, tmp_path) as url:

        async def scenario() -> None:
            store = await Store.open(url)
            service = TableService(store, SeatTokens(), AIPool(1), _publish)
            try:
                playing, finished = await _table(service), await _table(service)
                # Cached at creation without a read: the same as a table rebuilt from the database.
                for table_id in (playing, finished):
                    assert _snapshot(service.runtimes[table_id]) == _snapshot(
                        TableRuntime.build(*await store.load(table_id)))
                rt = service.runtimes[finished]
                while rt.status == PLAYING:
                    seat = rt.pending()[0]
                    await service.move(finished, seat, rt.version, f"m{rt.version}", rt.legal(seat)[0])
                assert rt.status == FINISHED
                before = {t: _snapshot(service.runtimes[t]) for t in (playing, finished)}

                now = time.monotonic()
                assert service.evict(now + FINISHED_SECONDS / 2) == 0
                assert service.evict(now + FINISHED_SECONDS + 1) == 1  # the finished table goes first
                assert set(service.runtimes) == {playing}
                async with service.runtimes[playing].lock:  # a table being changed stays
                    assert service.evict(now + IDLE_SECONDS + 1) == 0
                assert service.evict(now + IDLE_SECONDS + 1) == 1
                assert service.runtimes == {}
                for table_id in (playing, finished):
                    assert _snapshot(await service.runtime(table_id)) == before[table_id]
                # Play goes on at a rebuilt table, version-checked as ever.
                rt = await service.runtime(playing)
                seat = rt.pending()[0]
                event, duplicate = await service.move(playing, seat, rt.version, "again", rt.legal(seat)[0])
                assert not duplicate and event.seq == rt.version == before[playing]["row"]["version"] + 1

                # Past the cap the least recently used tables go, however recent.
                monkeypatch.setattr(service_module, "CACHED_TABLES", 2)
                newest = await _table(service)
                await service.runtime(finished)
                await service.runtime(newest)
                assert service.evict() == 1 and set(service.runtimes) == {finished, newest}
            finally:
                await service.close()
                await store.close()

        asyncio.run(scenario())
