"""Seasons (a club's events grouped, with the season's settings) and an event's entrants
linked to members (the names typed stay as they were).

Revision ID: seasons
Revises: leagues
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "seasons"
down_revision = "leagues"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("places", sa.JSON(), nullable=True),
        sa.Column("best", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seasons")),
    )
    op.create_table(
        "season_events",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("added", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_season_events_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["season_id"],
            ["seasons.id"],
            name=op.f("fk_season_events_season_id_seasons"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_season_events")),
    )
    op.create_index(op.f("ix_season_events_season_id"), "season_events", ["season_id"])
    op.create_table(
        "entrant_members",
        sa.Column("entrant_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("made", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["entrant_id"],
            ["entrants.id"],
            name=op.f("fk_entrant_members_entrant_id_entrants"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_entrant_members_member_id_members")
        ),
        sa.PrimaryKeyConstraint("entrant_id", "position", name=op.f("pk_entrant_members")),
    )
    op.create_index(op.f("ix_entrant_members_member_id"), "entrant_members", ["member_id"])


def downgrade():
    op.drop_index(op.f("ix_entrant_members_member_id"), table_name="entrant_members")
    op.drop_table("entrant_members")
    op.drop_index(op.f("ix_season_events_season_id"), table_name="season_events")
    op.drop_table("season_events")
    op.drop_table("seasons")
