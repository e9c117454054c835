"""Export and import of game records (docs/record-format.md)."""

from __future__ import annotations

import io
import json
import random

import pytest
from webhelpers import text_of

from referee.engine import check, record
from referee.engine.match import Match
from referee.engine.simulate import play_hand, play_match


def upload(phone, data, button="carry_on", as_text=False):
    body = json.dumps(data) if not isinstance(data, str | bytes) else data
    if isinstance(body, str):
        body = body.encode("utf-8")
    form = {button: "1"}
    if as_text:
        form["text"] = body.decode("utf-8")
    else:
        form["file"] = (io.BytesIO(body), "match.json")
    return phone.post("/import", form, content_type="multipart/form-data")


def test_export_is_a_record_the_check_agrees_with(phone):
    t = phone.start("five-up", ["Ana", "Ben"], target=61)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben draw 2; Ben 5-3 on 5-5")
    r = phone.get(f"/t/{t}/record.json")
    assert r.status_code == 200
    assert r.mimetype == "application/json"
    assert r.headers["Content-Disposition"].startswith("attachment;")
    data = r.get_json(force=True)
    assert data["format"] == "domino-record/1"
    assert data["players"] == ["Ana", "Ben"] and data["options"] == {"target": 61}
    assert data["hands"][0]["moves"][:4] == [
        {"player": "Ana", "play": "5-5"},
        {"player": "Ben", "play": "5-0", "on": "5-5"},
        {"player": "Ana", "play": "0-0", "on": "5-0"},
        {"player": "Ben", "draw": 2},
    ]
    v = check.verdict(record.parse(data))
    assert v["ok"]
    # the check's figures are the table's: 10 (Ana +2), 10 (Ben +2), 10 (Ana +2), 3
    assert v["totals"] == {"Ana": 4, "Ben": 2}
    assert [p["count"] for p in v["hands"][0]["plays"]] == [10, 10, 10, 3]


def test_import_a_record_and_carry_on(phone, rows):
    t = phone.start("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    phone.moves(t, "Cleo 0-0; Dan 1-0 on 0-0; Ana 2-0 on 0-0")
    data = phone.record(t)
    before = len(rows()[0])
    r = upload(phone, data)
    assert r.status_code == 302
    new = r.location.rsplit("/", 1)[1]
    assert new != t and len(rows()[0]) == before + 1
    phone.players[new] = ["Ana", "Ben", "Cleo", "Dan"]
    assert phone.position(new) == (1, 3)
    phone.moves(new, "Ben 3-0 on 0-0")  # carry on playing
    assert phone.record(new)["hands"][0]["moves"][-1] == {
        "player": "Ben",
        "play": "3-0",
        "on": "0-0",
    }
    # the original table is untouched
    assert phone.position(t) == (1, 3)


def test_check_a_record_without_storing_it(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 6-4")
    data = phone.record(t)
    before = rows()
    r = upload(phone, data, button="check", as_text=True)
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "Every move is legal" in text_of(html, "verdict")
    assert rows() == before


@pytest.mark.parametrize(
    ("change", "hand", "move", "rule", "words"),
    [
        # an illegal move: 6-1 does not match the lead
        (
            lambda d: d["hands"][0]["moves"].append({"player": "Ben", "play": "6-1", "on": "5-5"}),
            "1",
            "2",
            "C-ONE",
            "6-1 does not match 5-5",
        ),
        # a move out of turn
        (
            lambda d: d["hands"][0]["moves"].append({"player": "Ana", "play": "5-1", "on": "5-5"}),
            "1",
            "2",
            "C-SEAT",
            "It is Ben's turn",
        ),
    ],
)
def test_an_illegal_record_is_refused_with_the_verdict(
    phone, rows, change, hand, move, rule, words
):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    data = phone.record(t)
    change(data)
    before = rows()
    for button in ("carry_on", "check"):
        r = upload(phone, data, button=button)
        assert r.status_code == 400
        html = r.get_data(as_text=True)
        assert text_of(html, "error-hand") == hand
        assert text_of(html, "error-move") == move
        assert rule in text_of(html, "error-rule")
        assert f'href="/rules/five-up#{rule}"' in html
        assert words in text_of(html, "error-message")
    assert rows() == before  # nothing is half-imported


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("{not json", "not valid JSON"),
        (
            json.dumps(
                {
                    "format": "domino-record/1",
                    "variant": "chess",
                    "players": ["A", "B"],
                    "hands": [],
                }
            ),
            "unknown variant",
        ),
        (
            json.dumps(
                {
                    "format": "domino-record/1",
                    "variant": "five-up",
                    "players": ["A", "B"],
                    "hands": [{"moves": [{"player": "A", "play": "5-x"}]}],
                }
            ),
            "unreadable tile",
        ),
        (
            json.dumps(
                {
                    "format": "domino-record/1",
                    "variant": "five-up",
                    "players": ["A", "B", "C", "D", "E"],
                    "hands": [],
                }
            ),
            "not 5",
        ),
        ("", "Choose a record file"),
    ],
)
def test_an_unreadable_record_is_refused(phone, rows, body, words):
    before = rows()
    r = upload(phone, body)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert words in html
    assert rows() == before


def test_a_record_whose_late_move_is_illegal_stores_nothing(phone, rows):
    # A valid first hand, then an illegal move deep in the second: no row at all is stored.
    t = phone.start("five-up", ["Ana", "Ben"], target=100)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    phone.moves(t, "Ana 6-4; Ben 4-4 on 6-4")
    data = phone.record(t)
    data["hands"][1]["moves"].append({"player": "Ana", "play": "4-4", "on": "6-4"})
    before = rows()
    r = upload(phone, data)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert (text_of(html, "error-hand"), text_of(html, "error-move")) == ("2", "3")
    assert rows() == before


@pytest.mark.parametrize(
    ("variant", "players"), [("five-up", 3), ("french-connection", 4), ("ctyrka", 5)]
)
def test_full_records_round_trip(phone, variant, players):
    """A random full record (every deal and every drawn tile named) is stored as it is: its
    export is the same record, and the check gives the same verdict."""
    match = play_match(variant, players, random.Random(players), {"target": 1000}, max_hands=2)
    data = record.to_json(match)
    r = upload(phone, data)
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    token = r.location.rsplit("/", 1)[1]
    out = phone.record(token)
    out["hands"] = [h for h in out["hands"] if h["moves"]]  # the next hand, not yet begun
    assert out == data
    assert check.verdict(record.parse(out)) == check.verdict(record.parse(data))


def test_import_of_a_finished_match(phone):
    match = Match("five-up", ["Ana", "Ben"], {"target": 5})
    rng = random.Random(3)
    while not match.result()[0]:
        play_hand(match, rng)
    r = upload(phone, record.to_json(match))
    token = r.location.rsplit("/", 1)[1]
    html = phone.table(token)
    assert "Match over." in html and 'id="picker"' not in html
    assert phone.record(token) == record.to_json(match)
