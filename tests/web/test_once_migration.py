"""The migration that puts once-means-once in the database (issue 43) on a club's database
made before it, holding what requests that raced made: two members of one name, a merge
both ways (both members gone from the roster), a league made twice, two next seasons of
one league, a team twice, a season twice, a fixture list made. It does not fail: the
later names get a suffix, the loop is undone for the older member, each repair logged;
the keys hold afterwards. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from datetime import date, datetime

import flask_migrate
import pytest
import sqlalchemy as sa
from conftest import DATABASES, database_config
from memberhelpers import Secretary, secretary_link
from webhelpers import text_of

from app import create_app
from referee.web.store import db

WHEN = datetime(2026, 11, 1, 20, 0)


@pytest.fixture(params=DATABASES)
def before(request, tmp_path):
    """(config) of a database brought to the migration before this one, its rows raced."""
    config, cleanup = database_config(request.param, tmp_path)
    config = {"TESTING": True, "SECRET_KEY": "test", "RANDOM_SEED": 7} | config
    old = create_app(config)
    with old.app_context():
        flask_migrate.upgrade(revision="seasons")
        with db.engine.begin() as c:
            fill(c)
        db.session.remove()
        db.engine.dispose()
    yield config
    if cleanup:
        cleanup()


def fill(c) -> None:
    def add(table: str, **row) -> int:
        cols = ", ".join(row)
        binds = ", ".join(f":{k}" for k in row)
        return c.execute(
            sa.text(f"INSERT INTO {table} ({cols}) VALUES ({binds}) RETURNING id"), row
        ).scalar_one()

    member = {"active": True, "created": WHEN, "updated": WHEN}
    add("members", name="Ann", **member)
    add("members", name="ann", **member)  # the same name, made by a race
    bob = add("members", name="Bob", **member)
    rob = add("members", name="Rob", **member)
    c.execute(  # Bob into Rob and Rob into Bob at once: both gone
        sa.text("UPDATE members SET merged_into = :b, active = :no WHERE id = :a"),
        [{"a": bob, "b": rob, "no": False}, {"a": rob, "b": bob, "no": False}],
    )
    league = {
        "year": 2026,
        "starts": date(2026, 9, 1),
        "weekday": 1,
        "variant": "five-up",
        "format": json.dumps({}),
        "created": WHEN,
    }
    first = add("leagues", name="Leek", key_digest="a" * 64, **league)
    add("leagues", name="LEEK", key_digest="b" * 64, **league)
    nxt = league | {"year": 2027, "previous_id": first}
    add("leagues", name="Leek", key_digest="c" * 64, **nxt)
    add("leagues", name="Leek", key_digest="d" * 64, **nxt)
    division = add("league_divisions", league_id=first, name="Premier", rank=1)
    home = add("league_teams", league_id=first, division_id=division, name="Anchor")
    away = add("league_teams", league_id=first, division_id=division, name="anchor")
    fixture = {"league_id": first, "division_id": division, "night": 1, "version": 0}
    add("league_fixtures", day=date(2026, 9, 1), home_id=home, away_id=away, **fixture)
    c.execute(
        sa.text(
            "INSERT INTO league_log (league_id, at, by, what, params) "
            "VALUES (:l, :at, 'secretary', 'fixtures', :p)"
        ),
        {"l": first, "at": WHEN, "p": json.dumps({"count": 1})},
    )
    season = {"created": WHEN, "updated": WHEN}
    add("seasons", name="Winter", **season)
    add("seasons", name="Winter", **season)


def test_the_migration_keeps_every_row_it_finds_and_the_keys_hold(before):
    app = create_app(before)
    with app.app_context():
        flask_migrate.upgrade()
        q = lambda sql: db.session.execute(sa.text(sql)).all()  # noqa: E731
        assert q("SELECT name, merged_into IS NULL, active FROM members ORDER BY id") == [
            ("Ann", True, True),
            ("ann (2)", True, True),
            ("Bob", True, True),  # the older of the loop, kept again
            ("Rob", False, False),  # still merged into Bob
        ]
        assert q("SELECT name, year, previous_id FROM leagues ORDER BY id") == [
            ("Leek", 2026, None),
            ("LEEK (2)", 2026, None),
            ("Leek", 2027, 1),
            ("Leek (2)", 2027, None),  # the second next season of Leek 2026 is not its next
        ]
        assert [r[0] for r in q("SELECT name FROM league_teams ORDER BY id")] == [
            "Anchor",
            "anchor (2)",
        ]
        assert [r[0] for r in q("SELECT name FROM seasons ORDER BY id")] == ["Winter", "Winter (2)"]
        made = q("SELECT fixtures_made FROM leagues ORDER BY id")
        assert str(made[0][0]).startswith("2026-11-01 20:00") and made[1][0] is None
        club = [
            (w, json.loads(p) if isinstance(p, str) else p)
            for w, p in q("SELECT what, params FROM club_actions ORDER BY id")
        ]
        assert ("unmerged", {"name": "Bob"}) in club
        assert ("renamed", {"old": "ann", "name": "ann (2)"}) in club
        assert ("renamed", {"old": "Winter", "name": "Winter (2)"}) in club
        logged = [r[0] for r in q("SELECT what FROM league_log WHERE what = 'renamed'")]
        assert len(logged) == 3  # LEEK 2026, Leek 2027 and anchor
        # the keys hold from now on
        with pytest.raises(sa.exc.IntegrityError):
            db.session.execute(
                sa.text(
                    "INSERT INTO league_teams (league_id, division_id, name, name_key) "
                    "SELECT league_id, division_id, 'x', name_key FROM league_teams LIMIT 1"
                )
            )
        db.session.rollback()
        db.session.remove()
    # the club's pages show what was repaired
    s = Secretary(app.test_client(), secretary_link(app))
    roster = s.roster()
    assert re.findall(r'/member/\d+">([^<]+)<', roster) == ["Ann", "ann (2)", "Bob"]
    log = text_of(roster, "club-log")
    assert "ann renamed ann (2)" in log and "Bob is a member again" in log
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
