"""A match's version: a number every write to the match adds one to.

Revision ID: match_version
Revises: 0001
Create Date: 2026-12-01

The phones poll it to know when to fetch their table again, and each app process keys its
replayed state of the match by it (a stale copy is never served, across processes too).
"""

import sqlalchemy as sa
from alembic import op

revision = "match_version"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))


def downgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("version")
