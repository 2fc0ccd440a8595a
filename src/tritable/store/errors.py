"""What the store raises: its writers (the repository, the SQLite writer) share these."""

from __future__ import annotations


class StoreError(Exception):
    """The store could not do what was asked (a database that cannot be reached or migrated)."""


class VersionConflict(StoreError):
    """Another writer moved the table's version first: reload and decide again."""


class DuplicateMove(VersionConflict):
    """The seat's move id is in the log already (a resent move): answer with the stored event."""
