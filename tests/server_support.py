"""Test support for the online server: a real ``tritable serve`` in a subprocess, fresh databases
(SQLite files; PostgreSQL databases made and dropped per server), and scripted WebSocket players."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

SRC = str(Path(__file__).resolve().parents[1] / "src")
POSTGRES = os.environ.get("TRITABLE_TEST_POSTGRES_URL")
BACKENDS = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(not POSTGRES, reason="TRITABLE_TEST_POSTGRES_URL is not set (.ci/run sets it)"),
    ),
]
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("triple-triad", 2, {"open": False}),
    ("triominos", 3, {"target": 50}),
    ("triatri", 3, {}),
    ("tri-t-area", 4, {}),
    ("triad", 2, {}),
]
"""Every game with closed hands (Triominos to 50 points, so that a game is a round or two)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _admin(url: str, sql: str) -> None:
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())


@contextlib.contextmanager
def database(backend: str, tmp: Path) -> Iterator[str]:
    """A fresh, empty database URL for ``backend``, removed afterwards."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp / f'{secrets.token_hex(4)}.db'}"
        return
    assert POSTGRES is not None
    name = f"tritable_test_{secrets.token_hex(6)}"
    _admin(POSTGRES, f'CREATE DATABASE "{name}"')
    base, _, _ = POSTGRES.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with contextlib.suppress(Exception):
            _admin(POSTGRES, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class ServerProcess:
    """``tritable serve`` in a subprocess on a free loopback port."""

    def __init__(self, db: str, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log: Path | None = None

    def start(self) -> ServerProcess:
        env = dict(os.environ, PYTHONPATH=SRC)
        # Its log goes to a file: a pipe nobody reads fills up and stops the server mid-write.
        self.log = Path(tempfile.mkstemp(prefix="tritable-server-", suffix=".log")[1])
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tritable", "serve", "--port", str(self.port), "--db", self.db],
                env=env, stdout=subprocess.DEVNULL, stderr=log,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("the server did not answer within 60 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, as a crash."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.log is not None:
            with contextlib.suppress(OSError):
                self.log.unlink()

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=30)


class WsSeat:
    """A scripted client at a table: a seat with its token, or a spectator. Keeps every message."""

    def __init__(self, server: ServerProcess, table_id: str, seat: int | None, token: str | None) -> None:
        self.server, self.table_id, self.seat, self.token = server, table_id, seat, token
        self.messages: list[dict[str, Any]] = []
        self.seq = 0
        self.view: dict[str, Any] | None = None
        self.legal: list[str] = []
        self.table: dict[str, Any] = {}
        self.ws: Any = None
        self.moves = 0

    async def connect(self, since: int | None = None) -> dict[str, Any]:
        self.ws = await websockets.connect(f"{self.server.ws_base}/ws/tables/{self.table_id}", max_size=None)
        hello: dict[str, Any] = {"type": "hello"}
        if self.seat is not None:
            hello.update(seat=self.seat, token=self.token)
        if since is not None:
            hello["since"] = since
        await self.ws.send(json.dumps(hello))
        return await self.recv()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def recv(self, timeout: float = 60.0) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.messages.append(message)
        if message["type"] in ("welcome", "update", "sync"):
            self.seq = message["seq"]
            self.view, self.legal, self.table = message["view"], message["legal"], message["table"]
        elif message["type"] == "error" and "view" in message:
            self.seq, self.view, self.legal = message["seq"], message["view"], message["legal"]
        return message

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def act(self, action: str, move_id: str | None = None, seq: int | None = None) -> str:
        self.moves += 1
        move_id = move_id or f"m{self.seat}-{self.moves}"
        await self.send({"type": "action", "seq": self.seq if seq is None else seq, "move_id": move_id,
                         "action": action})
        return move_id

    async def catch_up(self, seq: int, timeout: float = 60.0) -> None:
        while self.seq < seq:
            await self.recv(timeout)

    @property
    def finished(self) -> bool:
        return self.table.get("status") == "finished"


async def play_out(seats: list[WsSeat], rng: random.Random, limit: int = 3000, stop_at: int | None = None) -> None:
    """Play the table to its end (or to ``stop_at`` seq): the people random legal moves, the AI its own."""
    for _ in range(limit):
        top = max(s.seq for s in seats)
        for s in seats:
            await s.catch_up(top)
        if seats[0].finished or (stop_at is not None and top >= stop_at):
            return
        movers = [s for s in seats if s.seat is not None and s.legal]
        if movers:
            mover = rng.choice(movers)
            await mover.act(rng.choice(mover.legal))
            while True:
                reply = await mover.recv()
                if reply["type"] == "update" and reply["event"].get("move_id") is not None:
                    break
                if reply["type"] == "error":
                    assert reply["code"] == "stale", reply  # a simultaneous AI choice came first
                    break
        else:  # the AI thinks: wait for what it does
            await seats[0].recv()
    raise AssertionError("the game did not end")


def create(http: httpx.Client, game: str, players: int, options: dict[str, Any], ai: dict[int, str],
           start: bool = True, **extra: Any) -> tuple[str, dict[int, str]]:
    """A table with AI seats ``ai`` and people at the others, joined; ``(id, tokens by seat)``."""
    seats = [{"kind": "ai", "level": ai[i]} if i in ai else {"kind": "open"} for i in range(players)]
    r = http.post("/api/tables", json={"game": game, "players": players, "options": options, "seats": seats,
                                       "auto_start": False, **extra})
    assert r.status_code == 201, r.text
    table_id = r.json()["table"]["id"]
    tokens = {}
    for i in range(players):
        if i not in ai:
            j = http.post(f"/api/tables/{table_id}/join", json={"name": f"P{i + 1}", "seat": i})
            assert j.status_code == 200, j.text
            tokens[i] = j.json()["token"]
    if start:
        first = min(tokens)
        r = http.post(f"/api/tables/{table_id}/start", json={"seat": first, "token": tokens[first]})
        assert r.status_code == 200, r.text
    return table_id, tokens
