"""Alembic's environment: migrations run on the connection :meth:`tritable.store.Store.open`
hands over (``config.attributes["connection"]``), on SQLite and PostgreSQL alike."""

from __future__ import annotations

from alembic import context

from tritable.store.models import Base


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters tables by copying them
    )
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # under Alembic (pytest's doctest collection imports this module too)
    run()
