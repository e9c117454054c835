"""League cups: a cup of a league's teams (its draw's lines and its rounds' dates), and
each cup tie a fixture of the league (`cup_id`, `cup_tie`: the tie of the bracket it is,
one fixture a tie); a player taken off a squad (`removed`: when; the row stays, so the
sheets he played keep his name); the club season a league belongs to (`season_id`).

Revision ID: league_cups
Revises: once_means_once
Create Date: 2026-12-07
"""

import sqlalchemy as sa
from alembic import op

revision = "league_cups"
down_revision = "once_means_once"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "league_cups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("lines", sa.JSON(), nullable=False),
        sa.Column("dates", sa.JSON(), nullable=False),
        sa.Column("seeded", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["league_id"], ["leagues.id"], name=op.f("fk_league_cups_league_id_leagues")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league_cups")),
        sa.UniqueConstraint("league_id", "name", name=op.f("uq_league_cups_league_id_name")),
    )
    op.create_index(op.f("ix_league_cups_league_id"), "league_cups", ["league_id"])
    with op.batch_alter_table("league_fixtures", schema=None) as batch_op:
        batch_op.add_column(sa.Column("cup_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("cup_tie", sa.String(length=10), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_league_fixtures_cup_id_league_cups"), "league_cups", ["cup_id"], ["id"]
        )
        batch_op.create_unique_constraint(
            batch_op.f("uq_league_fixtures_cup_id_cup_tie"), ["cup_id", "cup_tie"]
        )

    with op.batch_alter_table("league_squads", schema=None) as batch_op:
        batch_op.add_column(sa.Column("removed", sa.DateTime(), nullable=True))
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.add_column(sa.Column("season_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_leagues_season_id_seasons"),
            "seasons",
            ["season_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade():
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_leagues_season_id_seasons"), type_="foreignkey")
        batch_op.drop_column("season_id")
    with op.batch_alter_table("league_squads", schema=None) as batch_op:
        batch_op.drop_column("removed")
    with op.batch_alter_table("league_fixtures", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_league_fixtures_cup_id_cup_tie"), type_="unique")
        batch_op.drop_constraint(
            batch_op.f("fk_league_fixtures_cup_id_league_cups"), type_="foreignkey"
        )
        batch_op.drop_column("cup_tie")
        batch_op.drop_column("cup_id")
    op.drop_index(op.f("ix_league_cups_league_id"), table_name="league_cups")
    op.drop_table("league_cups")
