"""Once means once, held by the database: unique keys on the names that must be unique
(a member's not merged, a league's in its year, a team's in its league, a season's: the
SHA-256 of the name as the engine compares names), one next season a league (its
`previous_id` unique), the fixture list's state (`leagues.fixtures_made`), the sheets of
cards printed (`card_sheets`, by their once-key's digest), and the PIN tries recorded
before they are checked (`pin_tries.address`, `matched`).

A database made before may hold what the keys now refuse, made by requests that raced.
Nothing is deleted: a merge that went both ways at once (each member merged into the
other, both gone from the roster) is undone for the older member, which is kept; a name
made twice is kept by the first row, the later ones renamed with a suffix ("Ann (2)");
a league made twice as the next season of one keeps that link on the first. Each repair
is logged in the club's or the league's log and in the migration's output.

Revision ID: once_means_once
Revises: seasons
Create Date: 2027-02-01
"""

import hashlib
import logging
import unicodedata
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "once_means_once"
down_revision = "seasons"
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")


def _key(name: str) -> str:
    """`referee.web.models.name_key` as it is now (a migration keeps its own copy)."""
    visible = "".join(c for c in name if unicodedata.category(c) != "Cf")
    return hashlib.sha256(unicodedata.normalize("NFKC", visible).casefold().encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _renamed(name: str, taken: set[str], most: int) -> str:
    """`name` with the first suffix " (2)", " (3)"... that gives a key not `taken`,
    within `most` characters."""
    n = 2
    while True:
        suffix = f" ({n})"
        new = name[: most - len(suffix)].rstrip() + suffix
        if _key(new) not in taken:
            return new
        n += 1


CLUB_LOG = sa.table(
    "club_actions", sa.column("at", sa.DateTime), sa.column("what"), sa.column("params", sa.JSON)
)
LEAGUE_LOG = sa.table(
    "league_log",
    sa.column("league_id"),
    sa.column("at", sa.DateTime),
    sa.column("by"),
    sa.column("what"),
    sa.column("params", sa.JSON),
)


def _club_log(conn, what: str, **params) -> None:
    conn.execute(CLUB_LOG.insert().values(at=_now(), what=what, params=params))


def _league_log(conn, league_id: int, what: str, **params) -> None:
    conn.execute(
        LEAGUE_LOG.insert().values(
            league_id=league_id, at=_now(), by="secretary", what=what, params=params
        )
    )


def _keys(conn, table: str, most: int, group: str | None, logged) -> None:
    """Fill `table`.name_key; a name made twice in its `group` (None: the table) is kept
    by its first row, the later rows renamed and logged (`logged(row id, group, old, new)`)."""
    cols = f"id, name{', ' + group if group else ''}"
    rows = conn.execute(sa.text(f"SELECT {cols} FROM {table} ORDER BY id")).all()
    taken: dict = {}
    for row in rows:
        where = row[2] if group else None
        keys = taken.setdefault(where, set())
        name = row[1]
        if _key(name) in keys:
            new = _renamed(name, keys, most)
            conn.execute(
                sa.text(f"UPDATE {table} SET name = :name WHERE id = :id"),
                {"name": new, "id": row[0]},
            )
            log.warning("%s %s: %r made twice, renamed %r", table, row[0], name, new)
            logged(row[0], where, name, new)
            name = new
        keys.add(_key(name))
        conn.execute(
            sa.text(f"UPDATE {table} SET name_key = :key WHERE id = :id"),
            {"key": _key(name), "id": row[0]},
        )


def _members(conn) -> None:
    """Merges that went both ways undone for the oldest member of the loop; then the
    names of the members not merged, made unique."""
    pairs = dict(
        conn.execute(
            sa.text("SELECT id, merged_into FROM members WHERE merged_into IS NOT NULL")
        ).all()
    )
    for start in sorted(pairs):
        seen, at = [], start
        while at in pairs and at not in seen:
            seen.append(at)
            at = pairs[at]
        if at == start and at in pairs:  # a loop: every member of it merged away
            kept = min(seen)
            name = conn.execute(
                sa.text("SELECT name FROM members WHERE id = :id"), {"id": kept}
            ).scalar_one()
            conn.execute(
                sa.text("UPDATE members SET merged_into = NULL, active = :yes WHERE id = :id"),
                {"id": kept, "yes": True},
            )
            del pairs[kept]
            log.warning("members %s: merged both ways at once, kept again", kept)
            _club_log(conn, "unmerged", name=name)
    taken: set[str] = set()
    rows = conn.execute(
        sa.text("SELECT id, name FROM members WHERE merged_into IS NULL ORDER BY id")
    ).all()
    for member_id, name in rows:
        if _key(name) in taken:
            new = _renamed(name, taken, 40)
            conn.execute(
                sa.text("UPDATE members SET name = :name WHERE id = :id"),
                {"name": new, "id": member_id},
            )
            log.warning("members %s: %r made twice, renamed %r", member_id, name, new)
            _club_log(conn, "renamed", old=name, name=new)
            name = new
        taken.add(_key(name))
        conn.execute(
            sa.text("UPDATE members SET name_key = :key WHERE id = :id"),
            {"key": _key(name), "id": member_id},
        )


def _leagues(conn) -> None:
    """A league's next season made twice: the later ones are no longer its next season;
    the fixture lists made are marked made (when the log says, else now)."""
    rows = conn.execute(
        sa.text("SELECT id, previous_id FROM leagues WHERE previous_id IS NOT NULL ORDER BY id")
    ).all()
    seen: set[int] = set()
    for league_id, previous in rows:
        if previous in seen:
            conn.execute(
                sa.text("UPDATE leagues SET previous_id = NULL WHERE id = :id"), {"id": league_id}
            )
            log.warning("leagues %s: a second next season of league %s", league_id, previous)
        seen.add(previous)
    conn.execute(
        sa.text(
            """
            UPDATE leagues SET fixtures_made = COALESCE(
                (SELECT MIN(at) FROM league_log
                 WHERE league_log.league_id = leagues.id AND league_log.what = 'fixtures'),
                :now)
            WHERE EXISTS (SELECT 1 FROM league_fixtures WHERE league_id = leagues.id)
            """
        ),
        {"now": _now()},
    )


def upgrade():
    conn = op.get_bind()
    with op.batch_alter_table("members", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(length=64), nullable=True))
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("fixtures_made", sa.DateTime(), nullable=True))
    with op.batch_alter_table("league_teams", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(length=64), nullable=True))
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(length=64), nullable=True))
    with op.batch_alter_table("pin_tries", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("address", sa.String(length=64), nullable=False, server_default="")
        )
        batch_op.add_column(
            sa.Column("matched", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch_op.create_index("ix_pin_tries_address", ["member_id", "address", "at"])
    op.create_table(
        "card_sheets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key_digest", sa.String(length=64), nullable=False),
        sa.Column("place", sa.String(length=40), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("made", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_card_sheets")),
        sa.UniqueConstraint("key_digest", name=op.f("uq_card_sheets_key_digest")),
    )

    _members(conn)
    _leagues(conn)
    _keys(
        conn,
        "leagues",
        60,
        "year",
        lambda i, _year, old, new: _league_log(conn, i, "renamed", old=old, name=new),
    )
    _keys(
        conn,
        "league_teams",
        40,
        "league_id",
        lambda _i, league, old, new: _league_log(conn, league, "renamed", old=old, name=new),
    )
    _keys(
        conn,
        "seasons",
        120,
        None,
        lambda _i, _none, old, new: _club_log(conn, "renamed", old=old, name=new),
    )

    with op.batch_alter_table("members", schema=None) as batch_op:
        batch_op.create_unique_constraint(batch_op.f("uq_members_name_key"), ["name_key"])
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=64), nullable=False)
        batch_op.create_unique_constraint(
            batch_op.f("uq_leagues_name_key_year"), ["name_key", "year"]
        )
        batch_op.create_unique_constraint(batch_op.f("uq_leagues_previous_id"), ["previous_id"])
    with op.batch_alter_table("league_teams", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=64), nullable=False)
        batch_op.create_unique_constraint(
            batch_op.f("uq_league_teams_league_id_name_key"), ["league_id", "name_key"]
        )
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=64), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_seasons_name_key"), ["name_key"])


def downgrade():
    with op.batch_alter_table("seasons", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_seasons_name_key"), type_="unique")
        batch_op.drop_column("name_key")
    with op.batch_alter_table("league_teams", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_league_teams_league_id_name_key"), type_="unique")
        batch_op.drop_column("name_key")
    with op.batch_alter_table("leagues", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_leagues_previous_id"), type_="unique")
        batch_op.drop_constraint(batch_op.f("uq_leagues_name_key_year"), type_="unique")
        batch_op.drop_column("fixtures_made")
        batch_op.drop_column("name_key")
    with op.batch_alter_table("members", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_members_name_key"), type_="unique")
        batch_op.drop_column("name_key")
    op.drop_table("card_sheets")
    with op.batch_alter_table("pin_tries", schema=None) as batch_op:
        batch_op.drop_index("ix_pin_tries_address")
        batch_op.drop_column("matched")
        batch_op.drop_column("address")
