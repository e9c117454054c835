"""The club's members: the roster, the seats of matches linked to members (the recorded
names untouched), the secretary's link, the secretary's log, the wrong PIN tries, and a
cache of each match's result (keyed by the match's version; a cache, dropped at no loss).

Revision ID: members
Revises: sqlite_foreign_keys
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "members"
down_revision = "sqlite_foreign_keys"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("short", sa.String(length=20), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("link_digest", sa.String(length=64), nullable=True),
        sa.Column("pin_hash", sa.String(length=200), nullable=True),
        sa.Column("card_issued", sa.DateTime(), nullable=True),
        sa.Column("merged_into", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["merged_into"], ["members.id"], name=op.f("fk_members_merged_into_members")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_members")),
        sa.UniqueConstraint("link_digest", name=op.f("uq_members_link_digest")),
    )
    op.create_table(
        "seat_members",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("linked", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_seat_members_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_seat_members_member_id_members")
        ),
        sa.PrimaryKeyConstraint("match_id", "seat", name=op.f("pk_seat_members")),
    )
    op.create_index(op.f("ix_seat_members_member_id"), "seat_members", ["member_id"])
    op.create_table(
        "club_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("revoked", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_keys")),
        sa.UniqueConstraint("digest", name=op.f("uq_club_keys_digest")),
    )
    op.create_table(
        "club_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("what", sa.String(length=40), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_actions")),
    )
    op.create_table(
        "pin_tries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("member_id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=True),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["member_id"], ["members.id"], name=op.f("fk_pin_tries_member_id_members")
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_pin_tries_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pin_tries")),
    )
    op.create_index("ix_pin_tries_member", "pin_tries", ["member_id", "at"])
    op.create_index("ix_pin_tries_client", "pin_tries", ["match_id", "client", "at"])
    op.create_table(
        "result_cache",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["matches.id"],
            name=op.f("fk_result_cache_match_id_matches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("match_id", name=op.f("pk_result_cache")),
    )


def downgrade():
    op.drop_table("result_cache")
    op.drop_index("ix_pin_tries_client", table_name="pin_tries")
    op.drop_index("ix_pin_tries_member", table_name="pin_tries")
    op.drop_table("pin_tries")
    op.drop_table("club_actions")
    op.drop_table("club_keys")
    op.drop_index(op.f("ix_seat_members_member_id"), table_name="seat_members")
    op.drop_table("seat_members")
    op.drop_table("members")
