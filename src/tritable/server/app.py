"""The ASGI app: the HTTP API (``/api/...``) and the table WebSocket (``/ws/tables/{id}``).

``create_app(db_url)`` builds it; ``tritable serve`` runs it on uvicorn. See ``docs/api.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import orjson
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import tritable
from tritable.engine import game_class
from tritable.server.ai import AIPool
from tritable.server.errors import ApiError
from tritable.server.hub import Broker, Connection, Hub, LocalBroker, dumps, sync_message
from tritable.server.identity import Identity, SeatTokens
from tritable.server.schemas import (
    CLIENT_MESSAGE,
    MAX_MESSAGE_BYTES,
    MESSAGE_TYPES,
    ActionMessage,
    CreateTable,
    Hello,
    Join,
    PingMessage,
    SeatAuth,
    SyncMessage,
)
from tritable.server.service import TableService, summary, table_json
from tritable.store import Store

log = logging.getLogger("tritable.server")

RATE = 20.0
"""Messages a second a connection may send on average ..."""
BURST = 60.0
"""... and at once."""
FLOOD = 200
"""Refused messages within :data:`FLOOD_SECONDS` after which the connection is closed."""
FLOOD_SECONDS = 10.0
HELLO_SECONDS = 10.0
GC_THRESHOLDS = (20_000, 5, 200)
"""The collector's thresholds while serving (Python's are 700, 10, 10). Under load a server makes
almost no cyclic garbage (some hundred objects a second) but keeps growing and dropping live tables
and connections, and with the default thresholds the collector traversed them again and again: it
took several seconds of each 30 s of a 500-table run, in pauses of up to 350 ms that were the p99.
A young generation of 20,000 objects and rare full collections cut that time to a fourth and the
longest pauses by half in paired runs; memory stays bounded, as the rare garbage is still
collected."""


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"code": code, "message": message[:1000]}, status_code=status)


def _validation_message(exc: ValidationError | RequestValidationError) -> tuple[str, str]:
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return "bad_json", "the body is not valid JSON"
    parts = []
    for e in errors[:5]:
        where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
        parts.append(f"{where or 'body'}: {e.get('msg')}")
    return "invalid_request", "; ".join(parts)


class BodyLimit:
    """Refuses an HTTP body over :data:`MAX_MESSAGE_BYTES` (announced or streamed) with 413."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > MAX_MESSAGE_BYTES):
                await _error("too_large", f"a request body holds at most {MAX_MESSAGE_BYTES} bytes", 413)(
                    scope, receive, send)
                return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_MESSAGE_BYTES:
                raise ApiError("too_large", f"a request body holds at most {MAX_MESSAGE_BYTES} bytes", 413)
            return message

        await self.app(scope, limited, send)


class Server:
    """What a running app holds: the store, the service, the hub, the AI pool and the sweeper."""

    def __init__(self, store: Store, service: TableService, hub: Hub, ai: AIPool) -> None:
        self.store, self.service, self.hub, self.ai = store, service, hub, ai


def create_app(
    db_url: str,
    *,
    schema: str | None = None,
    ai_workers: int = 2,
    sweep_seconds: float = 1.0,
    identity: Identity | None = None,
    broker: Broker | None = None,
) -> FastAPI:
    """The app on the database at ``db_url`` (``sqlite:///PATH`` or ``postgresql://...``); its
    schema is migrated at start. ``schema`` puts PostgreSQL's tables in a schema of their own."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        thresholds = gc.get_threshold()
        store = await Store.open(db_url, schema)
        ai = AIPool(ai_workers)
        chosen_broker = broker or LocalBroker()
        service = TableService(store, identity or SeatTokens(), ai, chosen_broker.publish)
        hub = Hub(service)
        chosen_broker.subscribe(hub.on_publish)
        app.state.server = Server(store, service, hub, ai)
        resumed = await service.resume()
        if resumed:
            log.info("resumed %d tables in play", resumed)

        async def sweeper() -> None:
            while True:
                await asyncio.sleep(sweep_seconds)
                try:
                    await service.sweep()
                except Exception:
                    log.exception("the sweeper failed; it goes on")

        sweep_task = asyncio.create_task(sweeper())
        warm_task = asyncio.create_task(ai.warm())
        # What the start made (modules, the games' tables) lives as long as the process: out of
        # every collection from now on.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            gc.unfreeze()
            for task in (sweep_task, warm_task):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await service.close()
            ai.close()
            await store.close()

    app = FastAPI(
        title="tritable",
        version=tritable.__version__ if hasattr(tritable, "__version__") else "0.1.0",
        description="Online tables for Triple Triad, Triominos, TriATri, Tri*T*Area and Triad. See docs/api.md.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        code, message = _validation_message(exc)
        return _error(code, message, 422)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        return _error("internal", "the server failed on this request; nothing was changed", 500)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return _error(code, str(exc.detail), exc.status_code)

    def service(request: Request | WebSocket) -> TableService:
        server: Server = request.app.state.server
        return server.service

    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        """Whether the server is up."""
        return {"status": "ok"}

    @app.get("/api/games", tags=["games"])
    async def games() -> list[dict[str, Any]]:
        """Every game: id, name, player counts and options."""
        out = []
        for gid in tritable.game_ids():
            cls = game_class(gid)
            out.append({"id": gid, "name": cls.name, "min_players": cls.min_players, "max_players": cls.max_players,
                        "options": [o.to_json() for o in cls.option_specs]})
        return out

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Create a table; with ``name`` (and optionally ``seat``) the creator joins it at once."""
        table, seat, token = await service(request).create(body)
        return {"table": table, "seat": seat, "token": token}

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(
        request: Request,
        status: str | None = Query(None, pattern="^(open|playing|finished)$"),
        game: str | None = Query(None, max_length=40),
        limit: int = Query(50, ge=1, le=200),
        offset: int = Query(0, ge=0, le=1_000_000),
    ) -> dict[str, Any]:
        """Tables, newest first, by ``status`` and ``game``."""
        rows = await service(request).store.list_tables(status=status, game=game, limit=limit, offset=offset)
        return {"tables": [summary(r, s) for r, s in rows]}

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        """One table's public summary."""
        return table_json(await service(request).runtime(table_id))

    @app.post("/api/tables/{table_id}/join", tags=["tables"])
    async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
        """Take a seat (the first open one unless ``seat`` is given); the token is shown only here."""
        seat, token, table = await service(request).join(table_id, body.name, body.seat)
        return {"seat": seat, "token": token, "table": table}

    @app.post("/api/tables/{table_id}/leave", tags=["tables"])
    async def leave(table_id: str, body: SeatAuth, request: Request) -> dict[str, Any]:
        """Leave a seat before the start."""
        return {"table": await service(request).leave(table_id, body.seat, body.token)}

    @app.post("/api/tables/{table_id}/start", tags=["tables"])
    async def start(table_id: str, body: SeatAuth, request: Request) -> dict[str, Any]:
        """Start a full table (one with ``auto_start`` starts by itself when the last seat is taken)."""
        return {"table": await service(request).start(table_id, body.seat, body.token)}

    @app.get("/api/tables/{table_id}/record", tags=["tables"])
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        """A finished table's game record (the engine's format: `tritable replay` reads it)."""
        return await service(request).record(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await play(ws, table_id)

    return app


class Limiter:
    """A token bucket: :data:`RATE` messages a second, :data:`BURST` at once."""

    def __init__(self) -> None:
        self.tokens = BURST
        self.at = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


def _error_message(code: str, message: str, seq: int | None, **extra: Any) -> str:
    return dumps({"type": "error", "code": code, "message": message[:1000], "seq": seq, **extra})


def _parse(text: str) -> Hello | ActionMessage | SyncMessage | PingMessage:
    """The message ``text`` holds; :class:`ApiError` naming what is wrong with it."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ApiError("too_large", f"a message holds at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = orjson.loads(text)
    except (ValueError, RecursionError):
        raise ApiError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ApiError("bad_message", "a message is a JSON object with a 'type'")
    if data.get("type") not in MESSAGE_TYPES:
        raise ApiError("unknown_type", f"unknown message type (types: {', '.join(MESSAGE_TYPES)})"[:200])
    try:
        return CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        _, message = _validation_message(exc)
        raise ApiError("bad_message", message) from None


async def play(ws: WebSocket, table_id: str) -> None:
    """One WebSocket at a table: ``hello`` first, then actions, syncs and pings (docs/api.md)."""
    await ws.accept()
    server: Server = ws.app.state.server
    service = server.service
    try:
        rt = await service.runtime(table_id)
    except ApiError as exc:
        await ws.send_text(_error_message(exc.code, exc.message, None))
        await ws.close(code=4404)
        return
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_SECONDS)
        hello = _parse(text)
        if not isinstance(hello, Hello):
            raise ApiError("hello_first", "the first message is a hello")
        if hello.seat is not None:
            service._authorise(rt, hello.seat, hello.token or "")
    except ApiError as exc:
        await ws.send_text(_error_message(exc.code, exc.message, rt.version))
        await ws.close(code=4403 if exc.code == "forbidden" else 4400)
        return
    except (TimeoutError, WebSocketDisconnect, RuntimeError, KeyError):
        with contextlib.suppress(Exception):
            await ws.close(code=4408)
        return
    conn = Connection(ws, table_id, hello.seat)
    async with rt.lock:
        since = hello.since if hello.since is not None and hello.since <= rt.version else None
        conn.send(dumps(sync_message(rt, conn.seat, since, "welcome")))
        conn.last_seq = rt.version
        server.hub.add(conn)
    writer = asyncio.create_task(conn.write())
    limiter = Limiter()
    refused, window = 0, time.monotonic()
    try:
        while not conn.dropped and not writer.done():
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                data = message.get("bytes") or b""
                raw = data.decode("utf-8", "replace") if len(data) <= MAX_MESSAGE_BYTES else "x" * (len(data))
            rt = await service.runtime(table_id)
            if not limiter.allow():
                if time.monotonic() - window > FLOOD_SECONDS:
                    refused, window = 0, time.monotonic()
                refused += 1
                if refused >= FLOOD:
                    conn.send(_error_message("flood", "too many messages: the connection is closed", rt.version))
                    break
                conn.send(_error_message("rate_limited", f"at most {RATE:g} messages a second", rt.version))
                continue
            move_id: str | None = None
            try:
                msg = _parse(raw)
                if isinstance(msg, PingMessage):
                    conn.send(dumps({"type": "pong", "seq": rt.version}))
                elif isinstance(msg, SyncMessage):
                    async with rt.lock:
                        since = msg.since if msg.since <= rt.version else None
                        conn.send(dumps(sync_message(rt, conn.seat, since, "sync")))
                        conn.last_seq = rt.version
                elif isinstance(msg, Hello):
                    raise ApiError("hello_again", "this connection said hello already")
                else:
                    move_id = msg.move_id
                    if conn.seat is None:
                        raise ApiError("spectator", "a spectator cannot act: join a seat and connect with its token")
                    event, duplicate = await service.move(table_id, conn.seat, msg.seq, msg.move_id, msg.action)
                    if duplicate:
                        conn.send(dumps({"type": "accepted", "seq": rt.version, "move_id": msg.move_id,
                                         "event_seq": event.seq, "duplicate": True}))
            except ApiError as exc:
                rt = await service.runtime(table_id)
                extra: dict[str, Any] = {}
                if move_id is not None:
                    extra["move_id"] = move_id
                if exc.code == "stale":
                    extra["view"] = rt.view(conn.seat)
                    extra["legal"] = rt.legal(conn.seat)
                conn.send(_error_message(exc.code, exc.message, rt.version, **extra))
    except WebSocketDisconnect:
        pass
    finally:
        server.hub.remove(conn)
        conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5.0)
        writer.cancel()
        with contextlib.suppress(Exception):
            await ws.close()
