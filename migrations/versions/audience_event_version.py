"""An event's version (one more at every write to it or to one of its matches, in the
write's transaction: what its public pages poll) and each match's event (None: a match
started by hand), so that a write to a match knows which event to add one to.

Revision ID: audience_event_version
Revises: members
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "audience_event_version"
down_revision = "members"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("event_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_matches_event_id"), ["event_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_matches_event_id_events"),
            "events",
            ["event_id"],
            ["id"],
            ondelete="SET NULL",
        )
    # the matches events made before: their event through the table they are a game of
    op.execute(
        """
        UPDATE matches SET event_id = (
            SELECT rounds.event_id FROM event_games
            JOIN event_tables ON event_tables.id = event_games.table_id
            JOIN rounds ON rounds.id = event_tables.round_id
            WHERE event_games.match_id = matches.id)
        """
    )
    # an event's first version counts the writes its matches had (never less than before)
    op.execute(
        """
        UPDATE events SET version = COALESCE((
            SELECT SUM(matches.version) + COUNT(matches.id) FROM matches
            WHERE matches.event_id = events.id), 0)
        """
    )


def downgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_matches_event_id_events"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_matches_event_id"))
        batch_op.drop_column("event_id")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_column("version")
