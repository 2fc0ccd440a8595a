"""Load on the online server: scripted WebSocket clients on loopback, in separate processes, play
complete games of all five games (mixed) at a human-like pace or flat out.

A ``tritable serve`` subprocess is started on a fresh database (an SQLite file, or with ``--db
postgresql://...`` a new database made on that server and dropped afterwards). Each of ``--procs``
client processes opens its share of ``--tables`` tables (every seat a scripted person, one
WebSocket each), then all play for ``--seconds``: at each table, ``--pace`` seconds after the
table's last update (on average: each wait is drawn from ``pace x [1 - spread, 1 + spread]``,
``--spread 0.5`` by default) the seat to move sends a random legal action (``--pace 0``: at once).
People do not think for exactly one second: with waits all equal (``--spread 0``), a pause of the
server bunches the tables that waited on it, and the bunch comes back every second for the rest of
the run, so the run measures its own echo more than the server. A
finished game is replaced by a new table. Reported: ``tables``, ``clients`` (WebSockets),
``actions`` accepted and ``actions_per_second``, ``p50_ms`` / ``p99_ms`` from sending an action to
every seat of its table receiving its update, ``lost`` (an action never answered, or a seq a
connection never got), ``duplicated`` (a seq a connection got twice, or a move id applied twice)
and the server's peak RSS (``VmHWM``).

Usage: ``.venv/bin/python bench/server_load.py --tables 500 --seconds 60 [--pace 1] [--spread 0.5]
[--db URL] [--baseline] [--runs N] [--json]``. With ``--runs N`` it runs N times in a row, each
on a fresh server and database, and reports every run and the medians (BENCHMARKS.md quotes
three).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
from benchargs import positive_int, run

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("triple-triad", 2, {"open": False}),
    ("triominos", 2, {"target": 100}),
    ("triatri", 3, {}),
    ("tri-t-area", 4, {}),
    ("triad", 2, {}),
]
SRC = str(Path(__file__).resolve().parents[1] / "src")
GRACE = 10.0


def nonnegative_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {text}")
    return value


def spread_fraction(text: str) -> float:
    value = nonnegative_float(text)
    if value > 1:
        raise argparse.ArgumentTypeError(f"a spread is 0 to 1, not {text}")
    return value


class Seat:
    """One WebSocket: what it received, by seq and when."""

    def __init__(self, seat: int, token: str) -> None:
        self.seat, self.token = seat, token
        self.ws: Any = None
        self.seq = 0
        self.legal: list[str] = []
        self.received: dict[int, float] = {}
        self.duplicates = 0
        self.finished = False
        self.own: dict[str, int] = {}
        self.answers: dict[str, asyncio.Future[int | None]] = {}


class Table:
    def __init__(self, http: Any, base: str, index: int, rng: random.Random, pace: float, spread: float) -> None:
        self.http, self.base, self.index, self.rng, self.pace, self.spread = http, base, index, rng, pace, spread
        self.think = random.Random(-1 - index)  # its own stream: the actions stay those of the same seed
        self.seats: list[Seat] = []
        self.changed = asyncio.Event()
        self.sent: dict[int, float] = {}  # seq of an accepted action -> when it was sent
        self.latencies: list[float] = []
        self.accepted = 0
        self.lost = 0
        self.duplicated = 0
        self.readers: list[asyncio.Task[None]] = []
        self.games = 0

    async def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """POST ``body``, again once should the server have closed an idle keep-alive connection
        just as it was reused (a race of HTTP/1.1, not a failure of the server)."""
        import httpx

        for attempt in range(3):
            try:
                r = await self.http.post(path, json=body)
                r.raise_for_status()
                return dict(r.json())
            except (httpx.ReadError, httpx.RemoteProtocolError):
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def open(self) -> None:
        import websockets

        game, players, options = GAMES[self.index % len(GAMES)]
        r = await self.post("/api/tables", {"game": game, "players": players, "options": options,
                                            "auto_start": False})
        table_id = r["table"]["id"]
        self.seats = []
        for i in range(players):
            j = await self.post(f"/api/tables/{table_id}/join", {"name": f"P{i + 1}", "seat": i})
            self.seats.append(Seat(i, j["token"]))
        await self.post(f"/api/tables/{table_id}/start", {"seat": 0, "token": self.seats[0].token})
        for seat in self.seats:
            seat.ws = await websockets.connect(f"{self.base}/ws/tables/{table_id}", max_size=None)
            await seat.ws.send(json.dumps({"type": "hello", "seat": seat.seat, "token": seat.token}))
            self.readers.append(asyncio.create_task(self.read(seat)))
        self.sent.clear()

    async def read(self, seat: Seat) -> None:
        import websockets

        with contextlib.suppress(websockets.ConnectionClosed, asyncio.CancelledError):
            async for text in seat.ws:
                now = time.perf_counter()
                m = orjson.loads(text)  # the clients' CPU is the machine's too: parse as cheaply as we can
                kind = m["type"]
                if kind in ("welcome", "update", "sync"):
                    seqs = [m["seq"]] if kind != "sync" else [e["seq"] for e in m["events"] or []] + [m["seq"]]
                    for seq in seqs:
                        if kind == "update" and seq in seat.received:
                            seat.duplicates += 1
                        seat.received.setdefault(seq, now)
                    if kind != "welcome" and seat.seq and m["seq"] > seat.seq + 1 and kind == "update":
                        self.lost += m["seq"] - seat.seq - 1  # a gap the server never filled
                    seat.seq = max(seat.seq, m["seq"])
                    seat.legal = m["legal"]
                    seat.finished = m["table"]["status"] == "finished"
                    event = m.get("event") or {}
                    move_id = event.get("move_id")
                    if move_id is not None and move_id in seat.answers:
                        if move_id in seat.own:
                            self.duplicated += 1
                        seat.own[move_id] = m["seq"]
                        answer = seat.answers.pop(move_id)
                        if not answer.done():
                            answer.set_result(m["seq"])
                    self.changed.set()
                elif kind == "error" and m.get("move_id") in seat.answers:
                    if "legal" in m:
                        seat.seq, seat.legal = max(seat.seq, m["seq"]), m["legal"]
                    answer = seat.answers.pop(m["move_id"])
                    if not answer.done():
                        answer.set_result(None)
                    self.changed.set()

    def measure(self) -> None:
        for seq, at in self.sent.items():
            times = [t for s in self.seats if (t := s.received.get(seq)) is not None]
            if len(times) == len(self.seats):
                self.latencies.append((max(times) - at) * 1000)

    async def close(self) -> None:
        self.measure()
        for seat in self.seats:
            await seat.ws.close()
            self.duplicated += seat.duplicates
        for task in self.readers:
            task.cancel()
        self.readers = []

    async def play(self, until: float) -> None:
        loop = asyncio.get_running_loop()
        moves = 0
        while loop.time() < until:
            if self.seats[0].finished:
                await self.close()
                self.games += 1
                await self.open()
                continue
            top = max(s.seq for s in self.seats)
            movers = [s for s in self.seats if s.legal and s.seq == top and all(x.seq == top for x in self.seats)]
            if not movers:
                self.changed.clear()
                try:
                    await asyncio.wait_for(self.changed.wait(), max(0.0, until - loop.time()))
                except TimeoutError:
                    break
                continue
            if self.pace:
                await asyncio.sleep(self.pace * (1.0 + self.spread * (2.0 * self.think.random() - 1.0)))
            seat = self.rng.choice(movers)
            moves += 1
            move_id = f"b{moves}"
            answer: asyncio.Future[int | None] = loop.create_future()
            seat.answers[move_id] = answer
            sent = time.perf_counter()
            await seat.ws.send(json.dumps({"type": "action", "seq": seat.seq, "move_id": move_id,
                                           "action": self.rng.choice(seat.legal)}))
            try:
                seq = await asyncio.wait_for(answer, GRACE)
            except TimeoutError:
                self.lost += 1
                continue
            if seq is not None:
                self.accepted += 1
                self.sent[seq] = sent
                # Wait for every seat to hear of it before the next action (the clients' pace).
                while not all(seq in s.received for s in self.seats) and loop.time() < until + GRACE:
                    self.changed.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.changed.wait(), GRACE)


def client(base: str, first: int, count: int, pace: float, spread: float, seconds: float, ready: Any, go: Any,
           out: Any) -> None:
    """One client process: open ``count`` tables, wait for the go, play, report."""

    async def main() -> dict[str, Any]:
        import httpx

        limits = httpx.Limits(max_connections=20)
        async with httpx.AsyncClient(base_url=base.replace("ws://", "http://"), timeout=60, limits=limits) as http:
            tables = [Table(http, base, first + i, random.Random(first + i), pace, spread) for i in range(count)]
            sem = asyncio.Semaphore(20)

            async def opened(t: Table) -> None:
                async with sem:
                    await t.open()

            await asyncio.gather(*(opened(t) for t in tables))
            ready.set()
            while not go.is_set():
                await asyncio.sleep(0.01)
            loop = asyncio.get_running_loop()
            start = loop.time()
            cpu = time.process_time()
            # Spread the tables' first actions over one pace, as people do not all act at once.
            async def staggered(t: Table) -> None:
                await asyncio.sleep(random.random() * pace)
                await t.play(start + seconds)

            await asyncio.gather(*(staggered(t) for t in tables))
            elapsed = loop.time() - start
            cpu = time.process_time() - cpu
            for t in tables:
                await t.close()
            return {
                "elapsed": elapsed,
                "clients": sum(len(t.seats) for t in tables),
                "accepted": sum(t.accepted for t in tables),
                "latencies": [x for t in tables for x in t.latencies],
                "lost": sum(t.lost for t in tables),
                "duplicated": sum(t.duplicated for t in tables),
                "games": sum(t.games for t in tables),
                "cpu_seconds": cpu,
            }

    out.put(asyncio.run(main()))


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


BASELINE_MOVES = 40
"""Moves in a game of the baseline server (the mean of the five games' lengths at the tables is 30-50)."""
BASELINE_VIEW = {"board": [[None] * 9 for _ in range(9)], "hand": [f"card{i}" for i in range(12)],
                 "scores": [0, 0, 0, 0], "hand_sizes": [12, 12, 12, 12], "pad": "x" * 400}
"""A stand-in view of about the size of a real one (an update is 1-2 kB)."""


def baseline_app() -> Any:
    """The ceiling: a server with the same stack (Starlette on uvicorn) and protocol, doing no game
    and no database work: a table is a counter, every seat may send the one legal action ``"a"``
    when it is its turn, and each action is sent on at once to every seat as an ``update``."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    tables: dict[str, dict[str, Any]] = {}
    view = json.dumps(BASELINE_VIEW, separators=(",", ":"))

    def message(kind: str, t: dict[str, Any], seat: int, event: dict[str, Any] | None) -> str:
        status = "finished" if t["seq"] >= BASELINE_MOVES else "playing"
        legal = ["a"] if status == "playing" and t["seq"] % t["players"] == seat else []
        head = json.dumps({"type": kind, "seq": t["seq"], "seat": seat, "event": event, "legal": legal,
                           "events": [], "table": {"status": status}}, separators=(",", ":"))
        return f'{head[:-1]},"view":{view}}}'

    async def create(request: Request) -> JSONResponse:
        body = await request.json()
        table_id = secrets.token_hex(8)
        tables[table_id] = {"players": body["players"], "seq": 0, "conns": {}}
        return JSONResponse({"table": {"id": table_id}}, status_code=201)

    async def join(request: Request) -> JSONResponse:
        return JSONResponse({"seat": (await request.json())["seat"], "token": "t"})

    async def start(request: Request) -> JSONResponse:
        return JSONResponse({"table": {}})

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok"})

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        t = tables[ws.path_params["table_id"]]
        seat = json.loads(await ws.receive_text())["seat"]
        t["conns"][seat] = ws
        await ws.send_text(message("welcome", t, seat, None))
        try:
            while True:
                m = json.loads(await ws.receive_text())
                t["seq"] += 1
                event = {"seq": t["seq"], "kind": "move", "seat": seat, "action": m["action"]}
                for s, conn in list(t["conns"].items()):
                    await conn.send_text(message("update", t, s, dict(event, move_id=m["move_id"])
                                                 if s == seat else event))
        except WebSocketDisconnect:
            t["conns"].pop(seat, None)
            if not t["conns"]:
                tables.pop(ws.path_params["table_id"], None)

    return Starlette(routes=[Route("/api/health", health), Route("/api/tables", create, methods=["POST"]),
                             Route("/api/tables/{table_id}/join", join, methods=["POST"]),
                             Route("/api/tables/{table_id}/start", start, methods=["POST"]),
                             WebSocketRoute("/ws/tables/{table_id}", socket)])


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@contextlib.contextmanager
def fresh_database(url: str | None) -> Any:
    if url is None or url.startswith("sqlite"):
        if url is None:
            folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"tritable-bench-{secrets.token_hex(4)}"
            url = f"sqlite:///{folder / 'bench.db'}"
        yield url, "sqlite"
        return
    import asyncpg

    name = f"tritable_bench_{secrets.token_hex(4)}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    try:
        yield f"{url.rpartition('/')[0]}/{name}", "postgresql"
    finally:
        asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=positive_int, default=50)
    parser.add_argument("--seconds", type=positive_int, default=30)
    parser.add_argument("--pace", type=nonnegative_float, default=1.0, help="seconds between a table's actions")
    parser.add_argument("--spread", type=spread_fraction, default=0.5,
                        help="each wait is drawn from pace x [1 - spread, 1 + spread] (0: exactly the pace)")
    parser.add_argument("--db", default=None, help="sqlite:///PATH or postgresql://... (default: a new SQLite file)")
    parser.add_argument("--procs", type=positive_int, default=2, help="client processes")
    parser.add_argument("--url", default=None, help="load a server already running (http://HOST:PORT) instead")
    parser.add_argument("--baseline", action="store_true",
                        help="load a trivial server (no game, no database) instead: the harness's ceiling")
    parser.add_argument("--serve-baseline", type=positive_int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--runs", type=positive_int, default=1,
                        help="run it this many times in a row, each on a fresh server and database; "
                             "report every run and their medians")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.serve_baseline is not None:
        import uvicorn

        uvicorn.run(baseline_app(), host="127.0.0.1", port=args.serve_baseline, ws_max_size=1 << 20,
                    ws_per_message_deflate=False, log_level="warning", access_log=False)
        return
    reports = [one_run(args) for _ in range(args.runs)]
    if args.runs == 1:
        show(args, reports[0])
        return
    numbers = ("actions_per_second", "p50_ms", "p99_ms", "server_peak_rss_mb", "server_cpu_per_second",
               "clients_cpu_per_second")
    show(args, {"runs": reports, "median": {k: statistics.median(r[k] for r in reports) for k in numbers},
                "lost": sum(r["lost"] for r in reports), "duplicated": sum(r["duplicated"] for r in reports)})


def one_run(args: argparse.Namespace) -> dict[str, Any]:
    """One run of the benchmark: a fresh server on a fresh database, the clients, the report."""
    args.load_before = os.getloadavg()
    if args.url is not None:
        results, usage = load(args, args.url.replace("http://", "ws://").rstrip("/"), None)
        return report(args, results, usage, "given")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with fresh_database(None if args.baseline else args.db) as (url, backend):
        command = [sys.executable, "-m", "tritable", "serve", "--port", str(port), "--db", url]
        if args.baseline:
            command, backend = [sys.executable, __file__, "--serve-baseline", str(port)], "baseline"
        server = subprocess.Popen(command, env=dict(os.environ, PYTHONPATH=SRC),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            import httpx

            for _ in range(600):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                        break
                time.sleep(0.1)
            results, usage = load(args, f"ws://127.0.0.1:{port}", server.pid)
        finally:
            server.terminate()
            server.wait(30)
    return report(args, results, usage, backend)


def load(args: argparse.Namespace, base: str, pid: int | None) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """Run the client processes against ``base``; their results, the server's peak RSS (MB) and the
    CPU seconds it used while the clients played."""
    ctx = multiprocessing.get_context("spawn")
    go = ctx.Event()
    out = ctx.Queue()
    procs, readies = [], []
    share = [args.tables // args.procs + (i < args.tables % args.procs) for i in range(args.procs)]
    first = 0
    for count in share:
        if count == 0:
            continue
        ready = ctx.Event()
        p = ctx.Process(target=client, args=(base, first, count, args.pace, args.spread,
                                             args.seconds, ready, go, out))
        p.start()
        procs.append(p)
        readies.append(ready)
        first += count
    for ready in readies:
        ready.wait(600)
    server_cpu = cpu_seconds(pid) if pid is not None else float("nan")
    go.set()
    results = [out.get(timeout=args.seconds + 600) for _ in procs]
    server_cpu = cpu_seconds(pid) - server_cpu if pid is not None else float("nan")
    for p in procs:
        p.join(30)
    rss = peak_rss_mb(pid) if pid is not None else float("nan")
    return results, {"rss": rss, "cpu": server_cpu}


def report(args: argparse.Namespace, results: list[dict[str, Any]], server: dict[str, float], backend: str
           ) -> dict[str, Any]:
    latencies = sorted(x for r in results for x in r["latencies"])
    elapsed = max(r["elapsed"] for r in results)
    accepted = sum(r["accepted"] for r in results)

    def pct(q: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1) if latencies else float("nan")

    report = {
        "backend": backend,
        "tables": args.tables,
        "clients": sum(r["clients"] for r in results),
        "pace": args.pace,
        "spread": args.spread,
        "seconds": round(elapsed, 1),
        "actions": accepted,
        "actions_per_second": round(accepted / elapsed, 1),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "median_ms": round(statistics.median(latencies), 1) if latencies else None,
        "lost": sum(r["lost"] for r in results),
        "duplicated": sum(r["duplicated"] for r in results),
        "games_finished": sum(r["games"] for r in results),
        "server_peak_rss_mb": round(server["rss"], 1),
        "server_cpu_per_second": round(server["cpu"] / elapsed, 2),
        "clients_cpu_per_second": round(sum(r["cpu_seconds"] for r in results) / elapsed, 2),
        "cpus": os.cpu_count(),
        "load_average_before": [round(x, 2) for x in args.load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }
    return report


def show(args: argparse.Namespace, report: dict[str, Any]) -> None:
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for key, value in report.items():
            print(f"{key:>20}: {value}")


if __name__ == "__main__":
    run(main)
