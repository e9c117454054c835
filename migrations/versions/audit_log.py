"""The change log; moves are never deleted, only taken back.

Revision ID: audit_log
Revises: events
Create Date: 2026-12-01

A `changes` table logs every undo, correction, confirmation of the result and lock
override, with what was taken back or changed, when, and from which phone. A move keeps
the phone that recorded it and, once taken back, the id of the change that did it. The
unique (hand, seq) constraint becomes a partial unique index over the live moves (those
not taken back), which keeps two phones from recording the same turn. Existing moves are
all live: nothing is lost, every match replays as before.
"""

import sqlalchemy as sa
from alembic import op

revision = "audit_log"
down_revision = "events"
branch_labels = None
depends_on = None

LIVE = sa.text("taken_back IS NULL")


def upgrade():
    op.create_table(
        "changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=True),
        sa.Column("move", sa.Integer(), nullable=True),
        sa.Column("side", sa.Integer(), nullable=True),
        sa.Column("old", sa.JSON(), nullable=True),
        sa.Column("new", sa.JSON(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("phone", sa.String(length=60), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.CheckConstraint(
            "kind IN ('undo', 'correct', 'confirm', 'override')", name=op.f("ck_changes_kind")
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_changes_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_changes")),
    )
    with op.batch_alter_table("changes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_changes_match_id"), ["match_id"], unique=False)

    with op.batch_alter_table("moves", schema=None) as batch_op:
        batch_op.add_column(sa.Column("phone", sa.String(length=60), nullable=True))
        batch_op.add_column(sa.Column("taken_back", sa.Integer(), nullable=True))
        batch_op.drop_constraint("uq_moves_hand_id_seq", type_="unique")
    op.create_index(
        "uq_moves_live_seq",
        "moves",
        ["hand_id", "seq"],
        unique=True,
        sqlite_where=LIVE,
        postgresql_where=LIVE,
    )


def downgrade():
    # moves taken back have no place in the old schema: they are dropped
    op.execute("DELETE FROM moves WHERE taken_back IS NOT NULL")
    op.drop_index("uq_moves_live_seq", table_name="moves")
    with op.batch_alter_table("moves", schema=None) as batch_op:
        batch_op.create_unique_constraint("uq_moves_hand_id_seq", ["hand_id", "seq"])
        batch_op.drop_column("taken_back")
        batch_op.drop_column("phone")
    with op.batch_alter_table("changes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_changes_match_id"))
    op.drop_table("changes")
