"""A table's WebSocket for ``tritable play --server``: read in a thread of its own, every message
put on a queue that the prompt's flow reads, as local play's AI thread hands back its move.

The thread keeps the last ``seq`` it was sent. A gap in the sequence asks for a ``sync``; a dropped
socket is connected again with ``hello ... since`` (the server sends every event missed and a
fresh view), so the flow only ever sees the table's events in order. It puts messages of its own
on the queue too: ``{"type": "lost"}`` when the socket drops, ``{"type": "gone", "message": ...}``
when it cannot come back (the flow then stops with that message).
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

RECONNECT_SECONDS = 60.0
"""How long a dropped socket tries to come back before the client gives up."""
BACKOFF = (0.2, 0.5, 1.0, 2.0)
"""The pauses between attempts to connect again (the last one repeats)."""
OPEN_TIMEOUT = 10.0


class SocketDown(ConnectionError):
    """The socket is down (it is being connected again): nothing was sent."""


class TableSocket:
    """The WebSocket of one table, as ``seat`` with ``token`` (both None: a spectator)."""

    def __init__(self, url: str, seat: int | None, token: str | None) -> None:
        self.url = url
        self.seat = seat
        self.token = token
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.last_seq: int | None = None
        """The seq of the last event (or view) received: what a reconnection asks from."""
        self._ws: ClientConnection | None = None
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def open(self) -> None:
        """Connect and say hello (asking for every event from the first: the log the screen shows);
        raises :class:`OSError` (or a websockets error) when the server cannot be reached. The
        welcome (or the refusal) arrives on the queue."""
        self._thread = threading.Thread(target=self._run, name="tritable-socket", daemon=True)
        self._thread.start()
        if not self._ready.wait(OPEN_TIMEOUT + 5):
            self.close()
            raise TimeoutError(f"no answer from {self.url} within {OPEN_TIMEOUT:g} s")
        if self._error is not None:
            raise self._error

    def _hello(self, ws: ClientConnection, since: int) -> None:
        hello: dict[str, Any] = {"type": "hello", "since": since}
        if self.seat is not None:
            hello.update(seat=self.seat, token=self.token)
        ws.send(json.dumps(hello))

    def send(self, message: dict[str, Any]) -> None:
        """Send ``message``; :class:`SocketDown` when the socket is down."""
        with self._lock:
            ws = self._ws
        if ws is None:
            raise SocketDown("the connection to the server is down")
        try:
            ws.send(json.dumps(message))
        except (ConnectionClosed, OSError) as exc:
            raise SocketDown(f"the connection to the server dropped ({exc})") from None

    def close(self) -> None:
        self._closing.set()
        with self._lock:
            ws, self._ws = self._ws, None
        if ws is not None:
            with contextlib.suppress(Exception):
                ws.close()

    # -- the reader thread -----------------------------------------------------------------------

    def _run(self) -> None:
        """Connect, read until the socket drops, connect again with ``since`` (for
        :data:`RECONNECT_SECONDS` at most), until :meth:`close`."""
        connected = False
        lost_at = 0.0
        attempt = 0
        while not self._closing.is_set():
            close_code: int | None = None
            try:
                with connect(self.url, open_timeout=OPEN_TIMEOUT, max_size=2**24) as ws:
                    self._hello(ws, self.last_seq or 0)
                    with self._lock:
                        self._ws = ws
                    connected, attempt = True, 0
                    self._ready.set()
                    close_code = self._read(ws)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed) as exc:
                if not connected:  # the first connection: open() raises it
                    self._error = exc
                    self._ready.set()
                    return
                if time.monotonic() - lost_at > RECONNECT_SECONDS:
                    self.messages.put(
                        {"type": "gone", "message": f"the server did not come back within {RECONNECT_SECONDS:g} s"}
                    )
                    return
                time.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                attempt += 1
                continue
            finally:
                with self._lock:
                    self._ws = None
            if self._closing.is_set():
                return
            if close_code in (4400, 4403, 4404):  # refused at hello: the error is on the queue
                self.messages.put({"type": "gone", "message": "the server closed the connection"})
                return
            self.messages.put({"type": "lost"})
            lost_at = time.monotonic()
            time.sleep(BACKOFF[0])

    def _read(self, ws: ClientConnection) -> int | None:
        """Read until the socket closes; the close code the server sent (None: none, or a clean close)."""
        try:
            for text in ws:
                try:
                    message = json.loads(text)
                except ValueError:
                    continue  # not JSON: no message of the server's
                if isinstance(message, dict):
                    self._received(message)
        except ConnectionClosed as exc:
            return exc.rcvd.code if exc.rcvd is not None else None
        except OSError:
            pass
        return None

    def _received(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        seq = message.get("seq")
        if kind == "update" and isinstance(seq, int) and self.last_seq is not None and seq > self.last_seq + 1:
            # Events were missed: ask for them all (this update is among them).
            with contextlib.suppress(SocketDown):
                self.send({"type": "sync", "since": self.last_seq})
            return
        if kind in ("welcome", "update", "sync") and isinstance(seq, int):
            if self.last_seq is not None and seq <= self.last_seq and kind == "update":
                return  # heard before (a sync answered it already)
            self.last_seq = seq
        self.messages.put(message)
