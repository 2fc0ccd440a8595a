"""The HTTP API and the WebSocket protocol: the table lifecycle, refusals of bad input, ordering,
duplicate and stale moves, resync, spectators, rate limits; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest
import websockets

from server_support import BACKENDS, ServerProcess, WsSeat, create, database


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    with database(request.param, tmp_path_factory.mktemp("db")) as url:
        srv = ServerProcess(url).start()
        try:
            yield srv
        finally:
            srv.stop()


def test_games_health_and_openapi(server: ServerProcess) -> None:
    with server.http() as http:
        assert http.get("/api/health").json() == {"status": "ok"}
        games = {g["id"]: g for g in http.get("/api/games").json()}
        assert set(games) == {"triple-triad", "triominos", "triatri", "tri-t-area", "triad"}
        assert any(o["name"] == "open" for o in games["triple-triad"]["options"])
        paths = http.get("/openapi.json").json()["paths"]
        for path in ("/api/tables", "/api/tables/{table_id}/join", "/api/tables/{table_id}/record"):
            assert path in paths


def test_lifecycle(server: ServerProcess) -> None:
    with server.http() as http:
        r = http.post("/api/tables", json={"game": "triad", "auto_start": False, "name": "Ann", "seat": 1})
        assert r.status_code == 201, r.text
        body = r.json()
        table_id, ann = body["table"]["id"], body["token"]
        assert body["seat"] == 1 and body["table"]["status"] == "open" and body["table"]["seq"] == 1
        assert "setup" not in body["table"] and ann not in json.dumps(body["table"])
        listed = http.get("/api/tables", params={"status": "open", "game": "triad"}).json()["tables"]
        assert table_id in [t["id"] for t in listed]
        assert table_id not in [t["id"] for t in http.get("/api/tables", params={"game": "triatri"}).json()["tables"]]
        # A taken seat, a seat the table has not, the start before the table is full.
        assert http.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "seat": 1}).json()["code"] == "seat_taken"
        assert http.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "seat": 5}).json()["code"] == "bad_seat"
        r = http.post(f"/api/tables/{table_id}/start", json={"seat": 1, "token": ann})
        assert (r.status_code, r.json()["code"]) == (409, "not_full")
        bob = http.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
        assert bob["seat"] == 0
        # Leave and join again; a forged token cannot leave or start.
        r = http.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": ann})
        assert (r.status_code, r.json()["code"]) == (403, "forbidden")
        r = http.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": bob["token"]})
        assert r.json()["table"]["seats"][0]["kind"] == "open"
        bob = http.post(f"/api/tables/{table_id}/join", json={"name": "Bob"}).json()
        r = http.post(f"/api/tables/{table_id}/start", json={"seat": 0, "token": "forged"})
        assert r.json()["code"] == "forbidden"
        r = http.post(f"/api/tables/{table_id}/start", json={"seat": 0, "token": bob["token"]})
        table = r.json()["table"]
        assert table["status"] == "playing" and table["seq"] == 5 and table["deadline"] is not None
        # After the start: no joining, leaving or second start; the record only once over.
        assert http.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}).json()["code"] == "not_open"
        assert http.post(f"/api/tables/{table_id}/leave", json=bob).status_code == 422  # extra fields refused
        r = http.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": bob["token"]})
        assert r.json()["code"] == "not_open"
        r = http.get(f"/api/tables/{table_id}/record")
        assert (r.status_code, r.json()["code"]) == (409, "not_finished")
        assert http.get("/api/tables/nope").json()["code"] == "not_found"
        assert http.get("/api/tables", params={"status": "playing"}).status_code == 200


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "chess"}, "bad_game"),
        ({"game": "triad", "options": {"colour": "red"}}, "bad_game"),
        ({"game": "triad", "players": 3}, "bad_game"),
        ({"game": "triad", "seats": [{"kind": "open"}]}, "bad_seats"),
        ({"game": "triad", "seats": [{"kind": "ai", "level": "godlike"}, {}]}, "bad_level"),
        ({"game": "triad", "seats": [{"kind": "ai", "level": "perfect"}, {}]}, "bad_level"),
        ({"game": "triad", "surprise": 1}, "invalid_request"),
        ({"game": "triad", "clock": {"mode": "realtime", "initial_seconds": -1}}, "invalid_request"),
        ({"game": "triad", "name": "bad\u001b[2Jname"}, "invalid_request"),
        ({"game": "triad", "seat": 0}, "bad_request"),
        ([1, 2], "invalid_request"),
    ],
)
def test_bad_create_requests(server: ServerProcess, body: Any, code: str) -> None:
    with server.http() as http:
        before = len(http.get("/api/tables", params={"limit": 200}).json()["tables"])
        r = http.post("/api/tables", json=body)
        assert r.status_code in (400, 422) and r.json()["code"] == code, r.text
        assert set(r.json()) >= {"code", "message"} and r.json()["message"]
        assert len(http.get("/api/tables", params={"limit": 200}).json()["tables"]) == before


def test_malformed_and_oversized_bodies(server: ServerProcess) -> None:
    with server.http() as http:
        r = http.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"})
        assert (r.status_code, r.json()["code"]) == (422, "bad_json")
        big = json.dumps({"game": "triad", "options": {"x": "y" * 70000}})
        r = http.post("/api/tables", content=big.encode(), headers={"content-type": "application/json"})
        assert (r.status_code, r.json()["code"]) == (413, "too_large")
        assert http.get("/api/nothing").json()["code"] == "not_found"


async def _errors(conn: WsSeat, n: int = 1) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while len(out) < n:
        m = await conn.recv(10)
        if m["type"] == "error":
            out.append(m)
    return out


def test_websocket_play_refusals_duplicates_and_resync(server: ServerProcess) -> None:
    with server.http() as http:
        table_id, tokens = create(http, "triad", 2, {}, {})

    async def scenario() -> None:
        a, b = WsSeat(server, table_id, 0, tokens[0]), WsSeat(server, table_id, 1, tokens[1])
        watcher = WsSeat(server, table_id, None, None)
        for c in (a, b, watcher):
            welcome = await c.connect()
            assert welcome["type"] == "welcome" and welcome["seq"] == 3
        assert watcher.view is not None and watcher.view["seat"] is None and watcher.legal == []
        mover, other = (a, b) if a.legal else (b, a)
        assert other.legal == []
        # Out of turn; for another seat (one's token names one seat); stale seq; bad notation.
        await other.act(mover.legal[0])
        assert (await _errors(other))[0]["code"] in ("out_of_turn", "illegal_action")
        await mover.act(mover.legal[0], seq=1)
        stale = (await _errors(mover))[0]
        assert stale["code"] == "stale" and stale["seq"] == 3 and stale["view"] == mover.view
        await mover.act("zz9")
        assert (await _errors(mover))[0]["code"] in ("bad_notation", "illegal_action")
        await watcher.act(mover.legal[0])
        assert (await _errors(watcher))[0]["code"] == "spectator"
        # Nothing of that moved the table.
        assert http_seq(server, table_id) == 3
        # A move, then the same move id again: answered with the stored result, applied once.
        action = mover.legal[0]
        move_id = await mover.act(action)
        update = await mover.recv()
        assert update["type"] == "update" and update["seq"] == 4 and update["event"]["move_id"] == move_id
        await other.catch_up(4)
        await watcher.catch_up(4)
        assert "move_id" not in watcher.messages[-1]["event"] and watcher.messages[-1]["event"]["action"] == action
        await mover.act(action, move_id=move_id, seq=3)
        dup = await mover.recv()
        assert dup == {"type": "accepted", "seq": 4, "move_id": move_id, "event_seq": 4, "duplicate": True}
        assert http_seq(server, table_id) == 4
        # A dropped socket: the next moves happen while it is away; since=N gives what it missed.
        await watcher.close()
        for _ in range(3):
            top = max(a.seq, b.seq)
            await a.catch_up(top)
            await b.catch_up(top)
            turn = a if a.legal else b
            await turn.act(turn.legal[0])
            await turn.recv()
        top = max(a.seq, b.seq)
        back = WsSeat(server, table_id, None, None)
        welcome = await back.connect(since=4)
        assert welcome["seq"] == top and [e["seq"] for e in welcome["events"]] == list(range(5, top + 1))
        await back.send({"type": "sync", "since": 2})
        sync = await back.recv()
        assert sync["type"] == "sync" and [e["seq"] for e in sync["events"]] == list(range(3, top + 1))
        await back.send({"type": "ping"})
        assert (await back.recv()) == {"type": "pong", "seq": top}
        for c in (a, b, back):
            await c.close()

    asyncio.run(scenario())


def http_seq(server: ServerProcess, table_id: str) -> int:
    with server.http() as http:
        return int(http.get(f"/api/tables/{table_id}").json()["seq"])


def test_websocket_bad_messages_disturb_no_one(server: ServerProcess) -> None:
    with server.http() as http:
        table_id, tokens = create(http, "triad", 2, {}, {})

    async def scenario() -> None:
        a, b = WsSeat(server, table_id, 0, tokens[0]), WsSeat(server, table_id, 1, tokens[1])
        await a.connect()
        await b.connect()
        # A forged token and a missing hello close only that connection.
        forged = WsSeat(server, table_id, 0, "forged")
        assert (await forged.connect())["code"] == "forbidden"
        ws = await websockets.connect(f"{server.ws_base}/ws/tables/{table_id}")
        await ws.send(json.dumps({"type": "ping"}))
        assert json.loads(await ws.recv())["code"] == "hello_first"
        await ws.close()
        ws = await websockets.connect(f"{server.ws_base}/ws/tables/nope")
        assert json.loads(await ws.recv())["code"] == "not_found"
        await ws.close()
        bad = [
            ("{oops", "bad_json"),
            (json.dumps([1]), "bad_message"),
            (json.dumps({"type": "launch"}), "unknown_type"),
            (json.dumps({"type": "action", "seq": "x", "move_id": "m", "action": "a"}), "bad_message"),
            (json.dumps({"type": "action", "seq": 1, "move_id": "m" * 65, "action": "a"}), "bad_message"),
            (json.dumps({"type": "sync", "since": -1}), "bad_message"),
            (json.dumps({"type": "ping", "x": 1}), "bad_message"),
            (json.dumps({"type": "hello"}), "hello_again"),
            ("x" * (64 * 1024 + 1), "too_large"),
        ]
        for text, code in bad:
            await a.ws.send(text)
            assert (await _errors(a))[0]["code"] == code, text[:80]
        # A flood: refused past the rate, then the connection is closed; the table and b go on.
        with contextlib.suppress(websockets.ConnectionClosed):
            for _ in range(400):
                await a.ws.send(json.dumps({"type": "ping"}))
        codes = []
        with pytest.raises(websockets.ConnectionClosed):
            while True:
                m = await a.recv(10)
                codes.append(m.get("code"))
        assert "rate_limited" in codes and codes[-1] == "flood"
        assert http_seq(server, table_id) == 3
        turn = b if b.legal else WsSeat(server, table_id, 0, tokens[0])
        if turn is not b:
            await turn.connect()
        await turn.act(turn.legal[0])
        assert (await turn.recv())["seq"] == 4
        await b.catch_up(4)
        await b.close()
        await turn.close()

    asyncio.run(scenario())
