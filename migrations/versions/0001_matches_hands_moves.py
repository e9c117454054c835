"""Matches, hands and moves.

Revision ID: 0001
Revises:
Create Date: 2026-11-30

A match keeps its settings and its two links; a hand its number, the lot (if the app
drew it), the tiles dealt (imported full records) and the tiles left at the end; a move
its place in the hand (unique per hand: no duplicate move, even under a race).
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("write_token", sa.String(length=64), nullable=False),
        sa.Column("read_token", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_matches")),
        sa.UniqueConstraint("read_token", name=op.f("uq_matches_read_token")),
        sa.UniqueConstraint("write_token", name=op.f("uq_matches_write_token")),
    )
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_matches_updated"), ["updated"], unique=False)

    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("lot", sa.Integer(), nullable=True),
        sa.Column("dealt", sa.JSON(), nullable=True),
        sa.Column("remaining", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_hands_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_hands")),
        sa.UniqueConstraint("match_id", "number", name=op.f("uq_hands_match_id_number")),
    )
    op.create_table(
        "moves",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("tile", sa.String(length=8), nullable=True),
        sa.Column("on_tile", sa.String(length=8), nullable=True),
        sa.Column("count", sa.Integer(), nullable=True),
        sa.Column("drawn", sa.JSON(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.CheckConstraint("kind IN ('play', 'draw', 'pass')", name=op.f("ck_moves_kind")),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_moves_seq")),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["hands.id"], name=op.f("fk_moves_hand_id_hands"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_moves")),
        sa.UniqueConstraint("hand_id", "seq", name=op.f("uq_moves_hand_id_seq")),
    )


def downgrade():
    op.drop_table("moves")
    op.drop_table("hands")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_matches_updated"))
    op.drop_table("matches")
