"""A table code, abandoned matches, the public flag, and the code attempts.

Revision ID: table_code_abandon_public
Revises: audit_log
Create Date: 2026-12-01

- `matches.code`: a short code shown on the players' screen; typed on the home page, it
  leads back to the players' link (existing matches get one here).
- `matches.abandoned`, `matches.abandon_reason`: when and why a match was abandoned.
- `matches.public`: whether the home page lists the match (off by default).
- `code_attempts`: every code typed on the home page (client address, time), to limit
  the attempts per address.
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "table_code_abandon_public"
down_revision = "audit_log"
branch_labels = None
depends_on = None

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def upgrade():
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("code", sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column("abandoned", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("abandon_reason", sa.String(length=200), nullable=True))
        batch_op.add_column(
            sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.create_unique_constraint(batch_op.f("uq_matches_code"), ["code"])

    matches = sa.table("matches", sa.column("id", sa.Integer), sa.column("code", sa.String))
    bind = op.get_bind()
    ids = [r[0] for r in bind.execute(sa.select(matches.c.id).where(matches.c.code.is_(None)))]
    used: set[str] = set()
    for ident in ids:
        code = "".join(secrets.choice(ALPHABET) for _ in range(8))
        while code in used:
            code = "".join(secrets.choice(ALPHABET) for _ in range(8))
        used.add(code)
        bind.execute(matches.update().where(matches.c.id == ident).values(code=code))

    op.create_table(
        "code_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_code_attempts")),
    )
    with op.batch_alter_table("code_attempts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_code_attempts_client"), ["client", "at"], unique=False)


def downgrade():
    with op.batch_alter_table("code_attempts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_code_attempts_client"))
    op.drop_table("code_attempts")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_matches_code"), type_="unique")
        batch_op.drop_column("public")
        batch_op.drop_column("abandon_reason")
        batch_op.drop_column("abandoned")
        batch_op.drop_column("code")
