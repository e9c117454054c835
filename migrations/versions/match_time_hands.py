"""Time called on a match: the hands it counts when an event's director called time.

Revision ID: match_time_hands
Revises: table_code_abandon_public
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "match_time_hands"
down_revision = "table_code_abandon_public"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("time_hands", sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("time_hands")
