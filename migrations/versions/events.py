"""Events: entrants, rounds, tables, the link from a table to its matches, the director's
actions. Old matches are untouched (a match belongs to an event through event_games).

Revision ID: events
Revises: table_language
"""

import sqlalchemy as sa
from alembic import op

revision = "events"
down_revision = "table_language"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("pairs", sa.Boolean(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=True),
        sa.Column("format", sa.String(length=40), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("series", sa.Integer(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("director_token", sa.String(length=64), nullable=False),
        sa.Column("public_token", sa.String(length=64), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("director_token", name=op.f("uq_events_director_token")),
        sa.UniqueConstraint("public_token", name=op.f("uq_events_public_token")),
    )
    op.create_table(
        "entrants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_entrants_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_entrants")),
        sa.UniqueConstraint("event_id", "number", name=op.f("uq_entrants_event_id_number")),
    )
    op.create_index(op.f("ix_entrants_event_id"), "entrants", ["event_id"])
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("byes", sa.JSON(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=True),
        sa.Column("time_cap", sa.Integer(), nullable=True),
        sa.Column("time_called", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_rounds_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
        sa.UniqueConstraint("event_id", "number", name=op.f("uq_rounds_event_id_number")),
    )
    op.create_index(op.f("ix_rounds_event_id"), "rounds", ["event_id"])
    op.create_table(
        "event_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("entrants", sa.JSON(), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("forfeit", sa.JSON(), nullable=True),
        sa.Column("abandoned", sa.String(length=300), nullable=True),
        sa.Column("time_hands", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["rounds.id"],
            name=op.f("fk_event_tables_round_id_rounds"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_tables")),
        sa.UniqueConstraint("round_id", "number", name=op.f("uq_event_tables_round_id_number")),
        sa.UniqueConstraint("token", name=op.f("uq_event_tables_token")),
    )
    op.create_index(op.f("ix_event_tables_round_id"), "event_tables", ["round_id"])
    op.create_table(
        "event_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["event_tables.id"],
            name=op.f("fk_event_games_table_id_event_tables"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_event_games_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_games")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_event_games_table_id_number")),
        sa.UniqueConstraint("match_id", name=op.f("uq_event_games_match_id")),
    )
    op.create_index(op.f("ix_event_games_table_id"), "event_games", ["table_id"])
    op.create_table(
        "event_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("what", sa.String(length=40), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_event_actions_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_event_actions")),
    )
    op.create_index(op.f("ix_event_actions_event_id"), "event_actions", ["event_id"])


def downgrade():
    op.drop_index(op.f("ix_event_actions_event_id"), table_name="event_actions")
    op.drop_table("event_actions")
    op.drop_index(op.f("ix_event_games_table_id"), table_name="event_games")
    op.drop_table("event_games")
    op.drop_index(op.f("ix_event_tables_round_id"), table_name="event_tables")
    op.drop_table("event_tables")
    op.drop_index(op.f("ix_rounds_event_id"), table_name="rounds")
    op.drop_table("rounds")
    op.drop_index(op.f("ix_entrants_event_id"), table_name="entrants")
    op.drop_table("entrants")
    op.drop_table("events")
