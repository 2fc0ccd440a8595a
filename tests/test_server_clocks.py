"""Clocks as on Board Game Arena: real time (time per player plus an increment) and turn-based
(hours per move); on timeout the sweeper hands the seat to an AI or the player forfeits."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import tritable
from server_support import ServerProcess, WsSeat, create, database


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with database("sqlite", tmp_path_factory.mktemp("db")) as url:
        srv = ServerProcess(url).start()
        try:
            yield srv
        finally:
            srv.stop()


def wait_for(server: ServerProcess, table_id: str, check: Any, seconds: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    with server.http() as http:
        while time.monotonic() < deadline:
            table: dict[str, Any] = http.get(f"/api/tables/{table_id}").json()
            if check(table):
                return table
            time.sleep(0.2)
    raise AssertionError(f"table {table_id} never got there: {table}")


def test_realtime_clock_charges_the_mover_and_adds_the_increment(server: ServerProcess) -> None:
    with server.http() as http:
        clock = {"mode": "realtime", "initial_seconds": 300, "increment_seconds": 7}
        table_id, tokens = create(http, "triad", 2, {}, {}, clock=clock)
        table = http.get(f"/api/tables/{table_id}").json()
    mover = table["clocks"]["running"].index(next(r for r in table["clocks"]["running"] if r is not None))
    assert table["deadline"] == pytest.approx(table["clocks"]["running"][mover] + 300)

    async def move() -> dict[str, Any]:
        seat = WsSeat(server, table_id, mover, tokens[mover])
        await seat.connect()
        await asyncio.sleep(0.3)
        await seat.act(seat.legal[0])
        update = await seat.recv()
        await seat.close()
        return update

    update = asyncio.run(move())
    remaining = update["table"]["clocks"]["remaining"]
    assert 306 < remaining[mover] < 306.8  # 300 - the time it took + 7
    assert remaining[1 - mover] == 300 and update["table"]["clocks"]["running"][mover] is None


@pytest.mark.parametrize("clock", [{"mode": "realtime", "initial_seconds": 1, "increment_seconds": 0},
                                   {"mode": "turn", "hours_per_move": 0.0003}], ids=["realtime", "turn"])
def test_timeout_hands_the_seat_to_an_ai(server: ServerProcess, clock: dict[str, Any]) -> None:
    with server.http() as http:
        table_id, _ = create(http, "triad", 2, {}, {1: "random"}, clock=clock, on_timeout="ai",
                             timeout_level="random")
    table = wait_for(server, table_id, lambda t: t["status"] == "finished")
    assert table["seats"][0]["kind"] == "ai" and table["seats"][0]["name"] == "P1"
    assert table["result"]["reason"] == "end"
    with server.http() as http:
        record = http.get(f"/api/tables/{table_id}/record").json()
    assert tritable.Record.from_json(record).replay().is_terminal()


def test_timeout_forfeits_when_the_table_says_so(server: ServerProcess) -> None:
    clock = {"mode": "realtime", "initial_seconds": 1, "increment_seconds": 0}
    with server.http() as http:
        table_id, _ = create(http, "triatri", 3, {}, {2: "random"}, clock=clock, on_timeout="forfeit")

    async def watch() -> list[dict[str, Any]]:
        watcher = WsSeat(server, table_id, None, None)
        await watcher.connect()
        while not watcher.finished:
            await watcher.recv()
        await watcher.close()
        return watcher.messages

    messages = asyncio.run(watch())
    timeout = messages[-1]["event"]
    assert timeout["kind"] == "timeout" and timeout["then"] == "forfeit"
    result = messages[-1]["table"]["result"]
    assert result["reason"] == "forfeit" and result["seat"] == timeout["seat"]
    assert result["ranks"][timeout["seat"]] == 2 and timeout["seat"] not in result["winners"]
    with server.http() as http:
        record = http.get(f"/api/tables/{table_id}/record").json()
    assert "outcome" not in record and not tritable.Record.from_json(record).replay().is_terminal()
