"""Complete games of all five games over WebSocket, people and AI seats, on SQLite and PostgreSQL,
with the leak test: every message every connection received is read, and none may carry a card,
tile, rack or sealed choice its seat may not see."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import tritable
from server_support import BACKENDS, GAMES, ServerProcess, WsSeat, create, database, play_out
from tritable.engine import SIMULTANEOUS, State

SECRET_KEYS = ("hands", "racks", "pool", "future", "decks", "deals")


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    with database(request.param, tmp_path_factory.mktemp("db")) as url:
        srv = ServerProcess(url).start()
        try:
            yield srv
        finally:
            srv.stop()


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _hidden_items(state: State, seat: int | None) -> set[str]:
    """Cards, tiles and pending sealed choices that ``seat`` may not see in ``state``."""
    full = state.to_json()
    items: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, v in value.items():
                if key == "setup" or key in SECRET_KEYS:
                    items.update(x for s in _strings(v) for x in s.split())
                else:
                    walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(full)
    if state.current_player() == SIMULTANEOUS:  # choices made and still sealed
        chosen = [s for s in range(state.game.players) if s not in state.players_to_move() and s != seat]
        history = list(state.history)
        for s, action in reversed(history):
            if s not in chosen:
                break
            items.add(state.game.action_to_string(action))
    seen = json.dumps(state.view(seat))
    return {x for x in items if not re.search(rf'(?<![\w-]){re.escape(x)}(?![\w-])', seen)}


def check_no_leak(conn: WsSeat, states: dict[int, State]) -> int:
    """Every message ``conn`` received holds exactly its seat's view and nothing hidden from it."""
    checked = 0
    for message in conn.messages:
        if message["type"] not in ("welcome", "update", "sync", "error") or message.get("seq") not in states:
            continue
        state = states[message["seq"]]
        if "view" in message and message["view"] is not None:
            assert message["view"] == state.view(conn.seat), (conn.seat, message["seq"])
        rest = json.dumps({k: v for k, v in message.items() if k != "view"})
        for item in _hidden_items(state, conn.seat):
            assert not re.search(rf'(?<![\w-]){re.escape(item)}(?![\w-])', rest), (conn.seat, item, rest[:500])
        for event in [message.get("event")] + (message.get("events") or []):
            if event and event.get("kind") == "move" and event["seat"] != conn.seat and "action" not in event:
                assert event.get("sealed") is True
        checked += 1
    return checked


def states_by_seq(record: dict[str, Any], conns: list[WsSeat]) -> dict[int, State]:
    """The position after every seq of the table, from its record and the events the clients saw."""
    kinds: dict[int, str] = {}
    for conn in conns:
        for message in conn.messages:
            for event in [message.get("event")] + (message.get("events") or []):
                if event:
                    kinds[event["seq"]] = event["kind"]
    positions = tritable.Record.from_json(record).states()
    out: dict[int, State] = {}
    moves = 0
    started = False
    for seq in range(1, max(kinds) + 1):
        kind = kinds[seq]  # every seq was seen by some connection
        started = started or kind == "start"
        moves += kind == "move"
        if started:
            out[seq] = positions[moves]
    return out


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_complete_game_leaks_nothing(server: ServerProcess, game: str, players: int, options: dict[str, Any],
                                     tmp_path: Path) -> None:
    ai = {players - 1: "easy" if game in ("triad", "triple-triad") else "random"}  # the others' easy is slow
    with server.http() as http:
        table_id, tokens = create(http, game, players, options, ai)

        async def scenario() -> list[WsSeat]:
            conns = [WsSeat(server, table_id, s, t) for s, t in tokens.items()]
            conns.append(WsSeat(server, table_id, None, None))
            for c in conns:
                await c.connect(since=0)
            await play_out(conns, random.Random(game))
            for c in conns:
                await c.close()
            return conns

        conns = asyncio.run(scenario())
        table = http.get(f"/api/tables/{table_id}").json()
        assert table["status"] == "finished" and table["result"]["reason"] == "end"
        record = http.get(f"/api/tables/{table_id}/record").json()
    state = tritable.Record.from_json(record).replay()
    assert state.is_terminal() and record["outcome"] == table["result"]["outcome"]
    assert record["names"][0] == "P1"
    states = states_by_seq(record, conns)
    for conn in conns:
        assert check_no_leak(conn, states) > 0
        seqs = [m["seq"] for m in conn.messages if m["type"] in ("welcome", "update", "sync")]
        assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)  # in order, none twice
    # Every seat's own moves came back to it with its move id; the spectator saw every seq.
    spectator = conns[-1]
    seen = sorted({e["seq"] for m in spectator.messages for e in [m.get("event")] if e})
    assert seen == list(range(seen[0], table["seq"] + 1))
    # `tritable replay` reads the downloaded record.
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    import subprocess
    import sys

    from server_support import SRC

    done = subprocess.run([sys.executable, "-m", "tritable", "replay", str(path), "--json"],
                          env={"PYTHONPATH": SRC, "PATH": "/usr/bin:/bin"}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
