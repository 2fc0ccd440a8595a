"""Who sits at a seat: for now a per-seat secret token, returned once on joining.

The accounts issue replaces this with logins; the server asks only :class:`Identity`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Protocol


class Identity(Protocol):
    """Issues the credential of a seat and checks it. Only a digest is stored."""

    def issue(self) -> tuple[str, str]:
        """A new ``(token, digest)``: the token goes to the player, the digest to the database."""

    def verify(self, token: str, digest: str | None) -> bool:
        """Whether ``token`` is the one ``digest`` was made from."""


class SeatTokens:
    """Random tokens, stored as their SHA-256 (they are long and random: no salt or slow hash needed).

    >>> ids = SeatTokens()
    >>> token, digest = ids.issue()
    >>> ids.verify(token, digest), ids.verify(token + "x", digest), ids.verify(token, None)
    (True, False, False)
    """

    def issue(self) -> tuple[str, str]:
        token = secrets.token_urlsafe(24)
        return token, self.digest(token)

    @staticmethod
    def digest(token: str) -> str:
        return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()

    def verify(self, token: str, digest: str | None) -> bool:
        if digest is None or not isinstance(token, str):
            return False
        return hmac.compare_digest(self.digest(token), digest)
