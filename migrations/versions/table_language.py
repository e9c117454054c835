"""A match's table language: every phone at the table shows it by default.

Revision ID: table_language
Revises: client_moves
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "table_language"
down_revision = "client_moves"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("language", sa.String(length=8), nullable=True))


def downgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("language")
