"""Fan-out: after a commit the :class:`Broker` says ``(table, seq)``; each instance's :class:`Hub`
pushes every local connection of that table what it missed, as its own seat may see it.

:class:`LocalBroker` serves one process. Several instances swap in a Redis pub/sub broker with the
same two methods: a lost notice costs nothing, since a connection always gets every event after the
last one it was sent (and clients resync with ``since`` on a gap).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

import orjson

from tritable.server.service import TableRuntime, public_event, table_json

if TYPE_CHECKING:
    from starlette.websockets import WebSocket

    from tritable.server.service import TableService

Listener = Callable[[str, int], Awaitable[None]]
QUEUE_LIMIT = 512
"""Messages waiting for a slow client before it is dropped (it reconnects with ``since``)."""
RESYNC_EVENTS = 1000
"""A client further behind than this gets a fresh view and no event list."""


class Broker(Protocol):
    """Tells every instance that a table's log grew to ``seq``."""

    async def publish(self, table_id: str, seq: int) -> None: ...

    def subscribe(self, listener: Listener) -> None: ...


class LocalBroker:
    """The broker of a single process: a publish calls the listeners at once, in order."""

    def __init__(self) -> None:
        self.listeners: list[Listener] = []

    def __repr__(self) -> str:
        return "LocalBroker()"

    async def publish(self, table_id: str, seq: int) -> None:
        for listener in self.listeners:
            await listener(table_id, seq)

    def subscribe(self, listener: Listener) -> None:
        self.listeners.append(listener)


def dumps(message: dict[str, Any]) -> str:
    """``message`` as compact JSON text: orjson, as every seat's view is encoded once a move and
    the standard library's encoder was the largest single cost of a move in a profile.

    >>> dumps({"type": "pong", "seq": 3, "seats": {0: "Ann"}})
    '{"type":"pong","seq":3,"seats":{"0":"Ann"}}'
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def table_text(rt: TableRuntime) -> orjson.Fragment:
    """The table's summary, encoded once a version: it is the same in every seat's update."""
    text = rt.texts.get("table")
    if text is None:
        text = rt.texts["table"] = orjson.Fragment(orjson.dumps(table_json(rt), option=orjson.OPT_NON_STR_KEYS))
    return text


class Connection:
    """One WebSocket: its seat (``None`` for a spectator), the last seq it was sent, its send queue."""

    def __init__(self, ws: WebSocket, table_id: str, seat: int | None) -> None:
        self.ws = ws
        self.table_id = table_id
        self.seat = seat
        self.last_seq = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LIMIT)
        self.dropped = False

    def send(self, text: str) -> None:
        if self.dropped:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a client that does not read: drop it rather than hold memory
            self.dropped = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)

    def close(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    async def write(self) -> None:
        """Send the queue in order until it is closed."""
        while True:
            text = await self.queue.get()
            if text is None:
                break
            await self.ws.send_text(text)


class Hub:
    """This instance's connections, by table."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.tables: dict[str, set[Connection]] = {}

    def add(self, conn: Connection) -> None:
        self.tables.setdefault(conn.table_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conns = self.tables.get(conn.table_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.tables[conn.table_id]

    async def on_publish(self, table_id: str, seq: int) -> None:
        conns = self.tables.get(table_id)
        if not conns:
            return
        rt = await self.service.runtime(table_id)
        if rt.version < seq:  # committed by another instance
            await self.service.refresh(rt)
        for conn in list(conns):
            self.push(conn, rt)

    def push(self, conn: Connection, rt: TableRuntime) -> None:
        """Send ``conn`` what happened since its last seq: one ``update``, or a ``sync`` of several."""
        if conn.last_seq >= rt.version:
            return
        if conn.last_seq == rt.version - 1:
            key = ("update", rt.version, conn.seat)
            text = rt.texts.get(key)
            if text is None:
                text = rt.texts[key] = dumps({
                    "type": "update", "seq": rt.version,
                    "event": public_event(rt.events[-1], conn.seat),
                    "view": rt.view(conn.seat), "legal": rt.legal(conn.seat), "table": table_text(rt),
                })
            conn.send(text)
        else:
            conn.send(dumps(sync_message(rt, conn.seat, conn.last_seq, "sync")))
        conn.last_seq = rt.version


def sync_message(rt: TableRuntime, seat: int | None, since: int | None, kind: str) -> dict[str, Any]:
    """``welcome`` or ``sync``: the events after ``since`` (none without it, or when too many) and the view."""
    events: list[dict[str, Any]] | None = None
    if since is not None and rt.version - since <= RESYNC_EVENTS:
        events = [public_event(e, seat) for e in rt.events if e.seq > since]
    return {"type": kind, "seq": rt.version, "seat": seat, "events": events,
            "view": rt.view(seat), "legal": rt.legal(seat), "table": table_json(rt)}
