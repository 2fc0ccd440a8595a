"""Storage of online tables: SQLAlchemy 2 (async) on SQLite or PostgreSQL, schema by Alembic.

The database is the truth: a server instance keeps nothing it could not rebuild from it.
"""

from tritable.store.repository import DuplicateMove, Event, Store, StoreError, VersionConflict, async_url

__all__ = ["DuplicateMove", "Event", "Store", "StoreError", "VersionConflict", "async_url"]
