"""The online game server: tables, seats, moves over WebSocket, clocks and AI seats (docs/api.md).

``create_app(db_url)`` is the ASGI app; ``tritable serve`` runs it.
"""

from tritable.server.app import create_app
from tritable.server.errors import ApiError
from tritable.server.hub import Broker, LocalBroker
from tritable.server.identity import Identity, SeatTokens

__all__ = ["ApiError", "Broker", "Identity", "LocalBroker", "SeatTokens", "create_app"]
