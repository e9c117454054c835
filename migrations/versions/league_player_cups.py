"""Cups of a league's players: a singles, a pairs and a captain-and-secretary cup, one
of each kind a league (`league_id`, `kind` unique), each played as a knockout event
(`event_id`).

Revision ID: league_player_cups
Revises: league_cups
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "league_player_cups"
down_revision = "league_cups"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "league_player_cups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_league_player_cups_event_id_events")
        ),
        sa.ForeignKeyConstraint(
            ["league_id"], ["leagues.id"], name=op.f("fk_league_player_cups_league_id_leagues")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_player_cups")),
        sa.UniqueConstraint("event_id", name=op.f("uq_league_player_cups_event_id")),
        sa.UniqueConstraint("league_id", "kind", name=op.f("uq_league_player_cups_league_id_kind")),
    )
    op.create_index(op.f("ix_league_player_cups_league_id"), "league_player_cups", ["league_id"])


def downgrade():
    op.drop_index(op.f("ix_league_player_cups_league_id"), table_name="league_player_cups")
    op.drop_table("league_player_cups")
