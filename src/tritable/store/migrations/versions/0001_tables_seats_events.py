"""tables, seats and the event log

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.String(40), nullable=False),
        sa.Column("setup", sa.JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("clock", sa.JSON, nullable=False),
        sa.Column("clocks", sa.JSON, nullable=False),
        sa.Column("on_timeout", sa.String(16), nullable=False),
        sa.Column("timeout_level", sa.String(40), nullable=False),
        sa.Column("auto_start", sa.Boolean, nullable=False),
        sa.Column("deadline", sa.Float, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_index("ix_tables_status_deadline", "tables", ["status", "deadline"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("level", sa.String(100), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", sa.String(200), nullable=True),
        sa.Column("move_id", sa.String(64), nullable=True),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
        sa.UniqueConstraint("table_id", "seat", "move_id", name="uq_events_table_seat_move"),
    )


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_index("ix_tables_status_deadline", "tables")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")
