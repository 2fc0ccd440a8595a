"""Storage of online tables: SQLAlchemy 2 (async) on SQLite or PostgreSQL, schema by Alembic.

The database is the truth: a server instance keeps nothing it could not rebuild from it.
"""

from tritable.store.errors import DuplicateMove, StoreError, VersionConflict
from tritable.store.repository import Event, Store, async_url

__all__ = ["DuplicateMove", "Event", "Store", "StoreError", "VersionConflict", "async_url"]
