"""A server killed with SIGKILL in the middle of live games of every game, and started again on the
same database, resumes every table (AI seats included) where it was: every record holds exactly the
actions the clients were told were accepted, and the games play on to their end."""

from __future__ import annotations

import asyncio
import contextlib
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

import tritable
from server_support import BACKENDS, GAMES, ServerProcess, WsSeat, create, database, play_out

MIDDLE = {"triple-triad": 6, "triad": 12, "triominos": 15, "triatri": 15, "tri-t-area": 30}


def told(conns: list[WsSeat]) -> dict[int, tuple[int, str | None]]:
    """Every move event any client heard of: seq -> (seat, notation, where some client saw it)."""
    moves: dict[int, tuple[int, str | None]] = {}
    for conn in conns:
        for message in conn.messages:
            for event in [message.get("event")] + (message.get("events") or []):
                if event and event["kind"] == "move":
                    seat, action = moves.get(event["seq"], (event["seat"], None))
                    assert seat == event["seat"]
                    moves[event["seq"]] = (seat, event.get("action") or action)
    return moves


def check_record(record: dict[str, Any], moves: dict[int, tuple[int, str | None]]) -> None:
    """The record's actions are the told moves, in seq order, none lost, none twice."""
    game = tritable.Record.from_json(record)
    states = game.states()
    told_moves = [moves[seq] for seq in sorted(moves)]
    assert len(record["actions"]) == len(told_moves)
    for i, ((seat, action), entry) in enumerate(zip(told_moves, record["actions"], strict=True)):
        state = states[i]
        mover = int(entry.split(":", 1)[0]) if ":" in entry and entry.split(":", 1)[0].isdigit() else None
        notation = entry.split(":", 1)[1] if mover is not None else entry
        if mover is None:
            mover = state.current_player()
        assert mover == seat, (i, entry, seat)
        if action is not None:
            assert notation == action, (i, entry, action)


@pytest.mark.parametrize("backend", BACKENDS)
def test_sigkill_and_restart_mid_game(backend: str, tmp_path: Path) -> None:
    with database(backend, tmp_path) as url:
        server = ServerProcess(url).start()
        try:
            tables: list[tuple[str, dict[int, str]]] = []
            with server.http() as http:
                for game, players, options in GAMES:
                    tables.append(create(http, game, players, options, {players - 1: "random"}))

            async def first_half() -> list[list[WsSeat]]:
                all_conns = []
                for table_id, tokens in tables:
                    conns = [WsSeat(server, table_id, s, t) for s, t in tokens.items()]
                    conns.append(WsSeat(server, table_id, None, None))
                    for c in conns:
                        await c.connect(since=0)
                    all_conns.append(conns)

                async def play(conns: list[WsSeat], seed: int) -> None:
                    with contextlib.suppress(websockets.ConnectionClosed, OSError, TimeoutError):
                        await play_out(conns, random.Random(seed))

                # Every table to the middle of its game, then all play on and the server is killed
                # with moves in flight (a table's end is no place for the test: Triple Triad's
                # nine cards can end it by seq 11).
                await asyncio.gather(*(play_out(c, random.Random(i), stop_at=MIDDLE[game])
                                       for i, (c, (game, _, _)) in enumerate(zip(all_conns, GAMES, strict=True))))
                assert not any(c[0].finished for c in all_conns)
                tasks = [asyncio.create_task(play(c, i)) for i, c in enumerate(all_conns)]
                await asyncio.sleep(0.05)
                server.kill()
                await asyncio.wait_for(asyncio.gather(*tasks), 60)
                return all_conns

            all_conns = asyncio.run(first_half())
            heard_before = [told(conns) for conns in all_conns]
            assert all(len(h) >= 5 for h in heard_before)
            server = ServerProcess(url, port=server.port).start()

            async def second_half() -> None:
                async def resume(conns: list[WsSeat], seed: int) -> None:
                    for c in conns:
                        await c.connect(since=c.seq)
                    await play_out(conns, random.Random(seed))
                    for c in conns:
                        await c.close()

                await asyncio.wait_for(asyncio.gather(*(resume(c, i) for i, c in enumerate(all_conns))), 600)

            asyncio.run(second_half())
            with server.http() as http:
                for (table_id, _), conns, before in zip(tables, all_conns, heard_before, strict=True):
                    table = http.get(f"/api/tables/{table_id}").json()
                    assert table["status"] == "finished", table
                    record = http.get(f"/api/tables/{table_id}/record").json()
                    moves = told(conns)
                    assert all(moves[seq][0] == before[seq][0] for seq in before)  # nothing told was lost
                    check_record(record, moves)
        finally:
            server.stop()


_POOL_SCRIPT = """
import asyncio, sys
from tritable.server.ai import AIPool

async def main():
    pool = AIPool(2)
    await pool.warm()
    print(*sorted(pool._pool()._processes), flush=True)
    await asyncio.sleep(600)

if __name__ == "__main__":  # spawned workers import this file too
    asyncio.run(main())
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from Linux's /proc")
def test_ai_workers_leave_with_a_killed_server(tmp_path: Path) -> None:
    # A server killed outright cannot stop its AI workers: they must notice and leave by themselves.
    script = tmp_path / "pool.py"
    script.write_text(_POOL_SCRIPT)
    server = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert len(workers) == 2
        assert all(_alive(pid) for pid in workers)
    finally:
        server.kill()
        server.wait()
    deadline = time.monotonic() + 30  # they look once a second; a loaded machine may take longer
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(pid) for pid in workers)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ", 1)[1][0] != "Z"  # a zombie has left; only its entry remains
    except FileNotFoundError:
        return False
