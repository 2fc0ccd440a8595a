"""The game server's HTTP API as ``tritable play --server`` calls it (docs/api.md): tables to
list, make, join and start, each refusal a :class:`ServerError` with the server's ``code`` and
``message``."""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping
from typing import Any

import httpx

TIMEOUT = 15.0
"""Seconds an HTTP request may take (the server answers at once; this is a dead network)."""


class ServerError(ValueError):
    """The server refused (``code`` and ``message`` as it sent them), or could not be reached."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def server_base(url: str) -> str:
    """The server's address, ``http(s)://host[:port]`` (a path is kept, a trailing ``/`` is not);
    :class:`ServerError` ``bad_url`` for anything else. ``host:port`` alone means ``http://``.

    >>> server_base("localhost:8000/")
    'http://localhost:8000'
    >>> server_base("ftp://example.org")
    Traceback (most recent call last):
    ...
    tritable.cli.server_client.ServerError: --server 'ftp://example.org': give an http:// or https:// address, e.g. http://localhost:8000
    """
    text = url.strip()
    if "://" not in text:
        text = f"http://{text}"
    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port  # a port that is no number raises here
    except ValueError as exc:
        raise ServerError("bad_url", f"--server {url!r}: not an address ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ServerError(
            "bad_url", f"--server {url!r}: give an http:// or https:// address, e.g. http://localhost:8000"
        )
    if parts.query or parts.fragment:
        raise ServerError("bad_url", f"--server {url!r}: the server's address takes no ?query or #fragment")
    del port
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


class Server:
    """One game server, by its base address (:func:`server_base`)."""

    def __init__(self, url: str) -> None:
        self.base = server_base(url)
        self.ws_base = "ws" + self.base[len("http") :]
        self.http = httpx.Client(base_url=self.base, timeout=TIMEOUT)

    def close(self) -> None:
        self.http.close()

    def call(self, method: str, path: str, body: Mapping[str, Any] | None = None, **params: Any) -> Any:
        """The JSON the server answers; :class:`ServerError` for a refusal or no answer."""
        try:
            response = self.http.request(
                method, path, json=body, params={k: v for k, v in params.items() if v is not None}
            )
        except httpx.InvalidURL as exc:
            raise ServerError("bad_url", f"--server {self.base!r}: {exc}") from None
        except httpx.HTTPError as exc:
            why = str(exc) or type(exc).__name__
            raise ServerError("unreachable", f"cannot reach the server at {self.base}: {why}") from None
        try:
            data = response.json()
        except ValueError:
            data = None
        if response.status_code >= 400:
            if isinstance(data, dict) and isinstance(data.get("message"), str):
                raise ServerError(str(data.get("code", "refused")), data["message"])
            raise ServerError("refused", f"the server answered {response.status_code} to {method} {path}")
        if data is None:
            raise ServerError("not_tritable", f"{self.base} answered {method} {path} without JSON: no tritable server")
        return data

    def check(self) -> None:
        """That a tritable server answers at the address."""
        try:
            data = self.call("GET", "/api/health")
        except ServerError as exc:
            if exc.code == "unreachable" or exc.code == "bad_url":
                raise
            raise ServerError("not_tritable", f"{self.base} is no tritable server ({exc.message})") from None
        if not isinstance(data, dict) or data.get("status") != "ok":
            raise ServerError("not_tritable", f"{self.base} does not answer as a tritable server does")

    def tables(self, status: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        data = self.call("GET", "/api/tables", status=status, limit=limit)
        tables: list[dict[str, Any]] = data.get("tables", []) if isinstance(data, dict) else []
        return tables

    def table(self, table_id: str) -> dict[str, Any]:
        if not table_id or len(table_id) > 64 or not table_id.isalnum():
            raise ServerError("not_found", f"no table {table_id!r} (a table id is letters and digits)"[:200])
        result: dict[str, Any] = self.call("GET", f"/api/tables/{table_id}")
        return result

    def create(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """``{"table", "seat", "token"}`` of a new table (``seat`` and ``token`` with ``name``)."""
        result: dict[str, Any] = self.call("POST", "/api/tables", body)
        return result

    def join(self, table_id: str, name: str, seat: int | None) -> dict[str, Any]:
        """``{"seat", "token", "table"}``: ``name`` seated at ``seat`` (None: the first open one)."""
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        result: dict[str, Any] = self.call("POST", f"/api/tables/{table_id}/join", body)
        return result

    def start(self, table_id: str, seat: int, token: str) -> dict[str, Any]:
        result: dict[str, Any] = self.call("POST", f"/api/tables/{table_id}/start", {"seat": seat, "token": token})
        return result
