"""Alembic migrations of the store's schema, applied at start by :meth:`tritable.store.Store.open`."""
