"""Nothing is deleted: an undo keeps the move's row and logs a change with what was taken
back, when and from which phone; the hand page strikes it through; the audit log lists
every move and change in order; a database made at migration 0001 upgrades without loss."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from webhelpers import Phone, text_of

from app import create_app
from referee.engine import check, record
from referee.web.models import Move
from referee.web.store import db

RECORDS = Path(__file__).resolve().parents[1] / "records"


def name_phone(phone: Phone, name: str) -> None:
    r = phone.post("/phone", {"name": name, "next": "/"})
    assert r.status_code == 302


def test_undo_keeps_the_row_and_says_who_took_it_back(app, phone):
    name_phone(phone, "Ben's phone")
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    other = Phone(app.test_client())
    other.players[t] = ["Ana", "Ben"]
    name_phone(other, "Cleo's phone")
    other.undo(t)
    assert phone.position(t) == (1, 1)
    with app.app_context():
        rows = db.session.execute(sa.select(Move).order_by(Move.id)).scalars().all()
        assert [(m.seq, m.tile, m.phone, m.taken_back is not None) for m in rows] == [
            (1, "5-5", "Ben's phone", False),
            (2, "5-0", "Ben's phone", True),
        ]
        db.session.remove()
    phone.moves(t, "Ben 5-1 on 5-5")  # another move in its place
    html = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    gone = text_of(html, "taken-back")
    assert "move 2: Ben: 5-0 on 5-5" in gone and "Cleo's phone" in gone
    assert "<del>" in html
    assert "Ben laid 5-1 on 5-5" in text_of(html, "moves")

    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    assert log["format"] == "domino-audit/1"
    assert [(m["seq"], m["tile"], m["taken_back"] is not None) for m in log["moves"]] == [
        (1, "5-5", False),
        (2, "5-0", True),
        (2, "5-1", False),
    ]
    [undo] = log["changes"]
    assert undo["kind"] == "undo" and undo["phone"] == "Cleo's phone"
    assert undo["old"][0]["tile"] == "5-0" and undo["old"][0]["phone"] == "Ben's phone"
    # the game record holds the live moves only, and still passes check
    rec = phone.record(t)
    assert rec["format"] == "domino-record/1"
    assert [m.get("play") for m in rec["hands"][0]["moves"]] == ["5-5", "5-1"]
    assert check.verdict(record.parse(rec))["ok"]
    # the spectators download the same log
    s = phone.read_token(t)
    assert phone.get(f"/s/{s}/audit.json").get_json(force=True)["changes"] == log["changes"]


def test_the_audit_log_shows_every_change_in_order(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    phone.undo(t)  # the settlement
    phone.undo(t)  # Ana 4-1
    phone.moves(t, "Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-5"})
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    kinds = [(c["kind"], c["hand"], c["move"]) for c in log["changes"]]
    assert kinds == [("undo", 1, None), ("undo", 1, 9)]
    assert log["changes"][0]["old"]["remaining"] == [[], ["6-6"]]
    assert log["changes"][0]["old"]["next_hand"] == 2
    assert [c["id"] for c in log["changes"]] == sorted(c["id"] for c in log["changes"])
    assert len(log["moves"]) == 10  # nine live, one taken back


def test_phone_name_is_kept_and_shown(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    assert text_of(phone.table(t), "phone-link") == "Name this phone"
    r = phone.post("/phone", {"name": "  Ben's   phone ", "next": f"/t/{t}"})
    assert r.location.endswith(f"/t/{t}")
    assert text_of(phone.table(t), "phone-link") == "This phone: Ben's phone (rename)"
    # somewhere else entirely is not where the form sends a phone back
    r = phone.post("/phone", {"name": "X", "next": "https://example.com/"})
    assert r.location == "/"


def legal_records() -> list[Path]:
    out = []
    for p in sorted(RECORDS.glob("*.expected.json")):
        if json.loads(p.read_text()).get("ok"):
            out.append(p.with_name(p.name.replace(".expected.json", ".json")))
    return out


# the tables as migration 0001 made them (the app's models have moved on)
MATCHES = sa.table(
    "matches",
    *(
        sa.column(c)
        for c in (
            "id",
            "variant",
            "players",
            "options",
            "write_token",
            "read_token",
            "created",
            "updated",
        )
    ),
)
HANDS = sa.table(
    "hands", *(sa.column(c) for c in ("id", "match_id", "number", "lot", "dealt", "remaining"))
)
MOVES = sa.table(
    "moves",
    *(
        sa.column(c)
        for c in ("hand_id", "seq", "seat", "kind", "tile", "on_tile", "count", "drawn", "created")
    ),
)


def store_at_0001(conn, number: int, text: str) -> str:
    """Store a record the way the app of migration 0001 did (one row per hand and per
    move, in order); returns the players' token."""
    match = record.replay(record.loads(text))[0]
    data = record.to_json(match)
    seats = {p: i for i, p in enumerate(match.players)}
    when = datetime(2026, 11, 30, 20, 0)
    token = f"w{number}"
    conn.execute(
        sa.insert(MATCHES).values(
            id=number,
            variant=match.variant.name,
            players=json.dumps(list(match.players)),
            options=json.dumps(match.options),
            write_token=token,
            read_token=f"r{number}",
            created=when,
            updated=when,
        )
    )
    for i, h in enumerate(data["hands"], 1):
        hand_id = number * 100 + i
        dealt = [h["dealt"].get(p) for p in match.players] if "dealt" in h else None
        left = [h["remaining"][p] for p in match.players] if "remaining" in h else None
        conn.execute(
            sa.insert(HANDS).values(
                id=hand_id,
                match_id=number,
                number=i,
                lot=None,
                dealt=json.dumps(dealt) if dealt else None,
                remaining=json.dumps(left) if left is not None else None,
            )
        )
        for seq, m in enumerate(h["moves"], 1):
            row = {
                "hand_id": hand_id,
                "seq": seq,
                "seat": seats[m["player"]],
                "created": when,
                "tile": None,
                "on_tile": None,
                "count": None,
                "drawn": None,
            }
            if "play" in m:
                row.update(kind="play", tile=m["play"], on_tile=m.get("on"))
            elif "draw" in m:
                named = isinstance(m["draw"], list)
                row.update(
                    kind="draw",
                    count=len(m["draw"]) if named else m["draw"],
                    drawn=json.dumps(m["draw"]) if named else None,
                )
            else:
                row.update(kind="pass")
            conn.execute(sa.insert(MOVES).values(**row))
    if match.current.settlement is not None and not match.result()[0]:
        conn.execute(
            sa.insert(HANDS).values(
                id=number * 100 + len(data["hands"]) + 1,
                match_id=number,
                number=len(data["hands"]) + 1,
            )
        )
    return token


def test_a_database_made_at_migration_0001_upgrades_without_loss(old_database):
    import flask_migrate

    kind, config = old_database
    # a hub of trains' lays name their trains, which the plays of migration 0001 kept no
    # room for (Mexican Train came long after): such records are left out here
    paths = [p for p in legal_records() if "train" not in p.read_text()]
    assert len(paths) > 10
    old = create_app(config)
    tokens = {}
    with old.app_context(), db.engine.begin() as conn:
        for number, path in enumerate(paths, 1):
            tokens[path.name] = store_at_0001(conn, number, path.read_text())
    with old.app_context():
        moves_before = db.session.execute(sa.text("SELECT count(*) FROM moves")).scalar_one()
        db.session.remove()  # no transaction left open to hold a lock on the tables
        flask_migrate.upgrade()
        db.session.remove()
        db.engine.dispose()
    new = create_app(config)
    phone = Phone(new.test_client())
    for path in paths:
        token = tokens[path.name]
        want = record.to_json(record.replay(record.loads(path.read_text()))[0])
        got = phone.record(token)
        if got["hands"][-1] == {"moves": []} and len(got["hands"]) > len(want["hands"]):
            got["hands"].pop()  # the next hand, begun by the settlement, not played yet
        assert got == want, path.name
        assert check.verdict(record.parse(got)) == check.verdict(record.parse(want))
        assert phone.get(f"/t/{token}").status_code == 200
    with new.app_context():
        assert (
            db.session.execute(
                sa.text("SELECT count(*) FROM moves WHERE taken_back IS NULL")
            ).scalar_one()
            == moves_before
        )
        db.session.remove()
        db.engine.dispose()
    # and the upgraded database takes undo as an event
    t = tokens["fiveup_2p_open.json"]
    phone.players[t] = phone.record(t)["players"]
    phone.undo(t)
    assert phone.get(f"/t/{t}/audit.json").get_json(force=True)["changes"][0]["kind"] == "undo"


@pytest.mark.parametrize("bad", ["/t/nope/audit.json", "/s/nope/audit.json"])
def test_unknown_links_have_no_audit_log(client, bad):
    assert client.get(bad).status_code == 404
    assert re.search("no table", client.get(bad).get_data(as_text=True))
