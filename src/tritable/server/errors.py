"""The server's one error type: a stable ``code``, a human ``message`` and the HTTP status."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refused request. ``code`` is stable (clients branch on it); ``message`` says why.

    >>> ApiError("not_found", "no table t1", 404).to_json()
    {'code': 'not_found', 'message': 'no table t1'}
    """

    def __init__(self, code: str, message: str, status: int = 400, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message[:1000]
        self.status = status
        self.extra = extra

    def __repr__(self) -> str:
        return f"ApiError({self.code!r}, {self.message!r}, {self.status!r})"

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.extra}
