"""Client moves: the ids phones give the moves they kept offline.

Revision ID: client_moves
Revises: match_version
Create Date: 2026-12-01

A move sent from a phone's outbox carries an id the phone made; it is stored once
(primary key), with the answer its first send got, so a move sent twice is recorded once.
"""

import sqlalchemy as sa
from alembic import op

revision = "client_moves"
down_revision = "match_version"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "client_moves",
        sa.Column("client_id", sa.String(length=64), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("answer", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_client_moves_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("client_id", name=op.f("pk_client_moves")),
    )
    with op.batch_alter_table("client_moves", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_client_moves_match_id"), ["match_id"], unique=False)


def downgrade():
    with op.batch_alter_table("client_moves", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_client_moves_match_id"))
    op.drop_table("client_moves")
