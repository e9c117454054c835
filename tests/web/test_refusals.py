"""Every bad input gets a 4xx status, a clear message (with its rule linked, when a rule
refuses it) and leaves the database exactly as it was."""

from __future__ import annotations

import re

import pytest
from webhelpers import text_of

from referee.engine import check, record

FOUR = ["Ana", "Ben", "Cleo", "Dan"]


@pytest.fixture
def five(phone):
    """A four-player Five-Up table: Ana led 5-5, Ben laid 5-0 on it; Cleo to play."""
    t = phone.start("five-up", FOUR)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    return t


def refused(r, status: int, *words: str, rule: str | None = None) -> str:
    """Check a refusal: its status, its message and its rule link; returns the message."""
    html = r.get_data(as_text=True)
    assert r.status_code == status, html[:2000]
    text = text_of(html, "refused")
    assert text, html[:2000]
    for w in words:
        assert w in text, (w, text)
    if rule:
        assert re.search(rf'href="/rules/[a-z-]+#{rule}"', html)
        assert f'data-rule="{rule}"' in html
    return text


def test_unreadable_tile(phone, five, rows):
    before = rows()
    r = phone.move(five, "Cleo 7-x on 5-5", status=400)
    refused(r, 400, "'7-x' is not a tile")
    r = phone.move(five, "Cleo 13-2 on 5-5", status=400)
    refused(r, 400, "13-2 is not a domino tile")
    assert rows() == before
    # picking an unreadable tile on the table screen
    r = phone.get(f"/t/{five}?tile=banana")
    refused(r, 400, "'banana' is not a tile")


def test_tile_that_does_not_fit(phone, five, rows):
    before = rows()
    r = phone.move(five, "Cleo 6-1 on 5-5", status=422)
    refused(r, 422, "6-1 does not match 5-5", rule="C-ONE")
    r = phone.move(five, "Cleo 6-1", status=422)
    refused(r, 422, "6-1 fits nowhere: the open ends show", rule="C-ONE")
    r = phone.move(five, "Cleo 5-0 on 5-5", status=422)
    refused(r, 422, "5-0 is already on the table", rule="C-UNIQUE")
    r = phone.move(five, "Cleo 4-3 on 6-6", status=422)
    refused(r, 422, "6-6 is not on the table", rule="C-PLACE")
    r = phone.move(five, "Cleo 9-9 on 5-5", status=422)
    refused(r, 422, "9-9 is not in the double-six set", rule="C-SET")
    assert rows() == before
    # The table screen says why a tile fits nowhere, and offers the places of one that fits
    html = phone.table(five, tile="6-1")
    assert "fits nowhere" in text_of(html, "why-not")
    assert 'href="/rules/five-up#C-ONE"' in html
    html = phone.table(five, tile="5-3")
    # one place: one big button confirms it (the tile, then this: two taps)
    assert text_of(html, "places") == "Lay 5-3 on 5-5 (the 5 side)"
    assert 'class="place" data-on="5-5"' in html  # the picture marks the place


def test_spinner_ends_wait_for_its_sides(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 6-6; Ben 6-1 on 6-6")
    # 6-6 has one free side left; 6-3 goes there, not on an end (FU-SPINNER)
    html = phone.table(t, tile="6-3")
    assert text_of(html, "places") == "Lay 6-3 on 6-6 (the 6 side)"


def test_move_out_of_turn(phone, five, rows):
    before = rows()
    r = phone.move(five, "Dan 5-3 on 5-5", status=422)
    refused(r, 422, "It is Cleo's turn, not Dan's.", rule="C-SEAT")
    r = phone.move(five, "Ana pass", status=422)
    refused(r, 422, "It is Cleo's turn", rule="C-SEAT")
    assert rows() == before


def test_stale_move_number(phone, five, rows):
    before = rows()
    # A phone that still shows the table before Ben's move
    r = phone.move(five, "Ben 5-3 on 5-5", status=409, position=(1, 1))
    text = refused(r, 409, "already recorded: Ben laid 5-0 on 5-5")
    assert "Not recorded" in text
    html = r.get_data(as_text=True)
    assert 'id="layout"' in html and "Cleo</strong> to play" in html  # the current table
    r = phone.move(five, "Cleo 5-3 on 5-5", status=409, position=(1, 0))
    refused(r, 409, "already recorded: Ana led 5-5")
    r = phone.move(five, "Cleo 5-3 on 5-5", status=409, position=(1, 5))
    refused(r, 409, "the table has changed: move 3 was taken back")
    r = phone.move(five, "Cleo 5-3 on 5-5", status=409, position=(2, 0))
    refused(r, 409, "the table has changed: hand 2 was taken back")
    assert rows() == before
    # a form without its position is refused too
    r = phone.post(f"/t/{five}/play", {"tile": "5-3", "on": "5-5", "seat": 2})
    refused(r, 400, "The form is incomplete")
    assert rows() == before


def test_draw_and_pass_only_where_the_variant_allows(phone, five, rows):
    html = phone.table(five)
    assert 'id="draw-form"' in html and 'id="draw-count"' in html  # Five-Up draws a count
    assert 'id="pass-form"' not in html  # no pass while the boneyard holds tiles
    before = rows()
    r = phone.move(five, "Cleo pass", status=422)
    refused(r, 422, "The boneyard still holds 8 tiles: draw instead of passing.", rule="FU-DRAW")
    r = phone.move(five, "Cleo draw 9", status=422)
    refused(r, 422, "Only 8 tiles are left in the boneyard, not 9.", rule="FU-DRAW")
    r = phone.post(f"/t/{five}/draw", {"hand": 1, "after": 2, "seat": 2, "count": "x"})
    assert r.status_code == 400
    assert rows() == before

    t = phone.start("french-connection", FOUR)
    phone.moves(t, "Cleo 0-0; Dan 0-1 on 0-0")
    html = phone.table(t)
    assert 'id="draw-form"' not in html and 'id="pass-form"' in html
    before = rows()
    r = phone.move(t, "Ana draw", status=422)
    refused(
        r, 422, "There is no drawing in French Connection: there is no boneyard.", rule="FC-NODRAW"
    )
    assert rows() == before


def test_french_connection_cross_and_locks(phone, rows):
    t = phone.start("french-connection", FOUR)
    before = rows()
    r = phone.move(t, "Ana 1-1", status=422)
    refused(r, 422, "This hand is opened with 0-0 by its holder, not with 1-1.", rule="FC-POSE")
    assert rows() == before
    phone.moves(t, "Cleo 0-0; Dan 1-0 on 0-0")
    r = phone.move(t, "Ana 1-5 on 1-0", status=422)
    refused(r, 422, "until four tiles lie on the posed double", rule="FC-CROSS")
    phone.moves(t, "Ana 2-0 on 0-0; Ben 3-0 on 0-0; Cleo 4-0 on 0-0")
    r = phone.move(t, "Dan 1-5 on 1-0", status=422)
    refused(r, 422, "that arm is locked until a double is laid on it", rule="FC-LOCK")
    html = phone.table(t, tile="1-1")
    assert text_of(html, "places") == "Lay 1-1 on 1-0 (the 1 end)"


def test_wrong_tiles_left(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    html = phone.get(f"/t/{t}/end").get_data(as_text=True)
    assert "Ben holds 1 tile" in html and "Ana holds 0 tiles" in html
    assert 'value="5-5"' not in html  # only tiles not on the table are offered
    before = rows()
    r = phone.settle(t, {"Ben": "6-6 6-5"}, status=422)
    refused(r, 422, "Ben holds 1 tile, but 2 tiles are listed.", rule="C-REMAINING")
    r = phone.settle(t, {"Ben": ""}, status=422)
    refused(r, 422, "Ben holds 1 tile, but 0 tiles are listed.", rule="C-REMAINING")
    r = phone.settle(t, {"Ben": "5-5"}, status=422)
    refused(r, 422, "5-5 is on the table, not in Ben's hand.", rule="C-REMAINING")
    r = phone.settle(t, {"Ben": "6-6", "Ana": "6-6"}, status=422)
    refused(r, 422, "Ana holds 0 tiles, but 1 tile is listed.", rule="C-REMAINING")
    r = phone.settle(t, {"Ben": "six"}, status=400)
    refused(r, 400, "Ben: 'six' is not a tile")
    r = phone.settle(t, {"Ben": "6-6"}, status=409, position=(1, 3))
    refused(r, 409, "already recorded: Ben laid 5-3 on 5-5")
    assert rows() == before
    # what was entered is kept on the page
    assert "checked" in phone.settle(t, {"Ben": "6-6 6-5"}, status=422).get_data(as_text=True)
    # a hand still in play cannot be settled
    t2 = phone.start("five-up", ["Ana", "Ben"])
    r = phone.settle(t2, {"Ben": "6-6"}, status=409)
    refused(r, 409, "The hand is not over yet.")


def test_false_pass_is_recorded_and_flagged_when_proved(phone, rows):
    # French Connection: Ana passes with 2-0 in hand while a tile may be laid on 0-0;
    # laying 2-0 on 0-0 at her next turn proves the pass false (C-RENEGE). The tile is on
    # the table, so the play is recorded and the false pass is shown with its rule.
    t = phone.start("french-connection", FOUR)
    phone.moves(t, "Dan 0-0; Ana pass; Ben 1-0 on 0-0; Cleo 3-0 on 0-0; Dan 4-0 on 0-0")
    before = rows()
    phone.move(t, "Ana 2-0 on 0-0")
    html = phone.table(t)
    assert "Ana passed at move 2 while holding 2-0" in html and "C-RENEGE" in html
    assert len(rows()[2]) == len(before[2]) + 1  # the move rows
    # ... and so do the tiles left at the end: Ben passes holding 6-6 that fits the 6 end.
    t = phone.start("five-up", ["Ana", "Ben"], target=61)
    phone.moves(t, "Ana 6-5; Ben draw 18; Ben 5-5 on 6-5")
    # (the boneyard is empty) Ana plays her tiles, Ben passes at the end
    phone.moves(t, "Ana 5-4 on 5-5; Ben pass; Ana 5-3 on 5-5; Ben pass; Ana 4-4 on 5-4")
    phone.moves(t, "Ben pass; Ana 3-3 on 5-3")
    assert "Domino! Ana went out." in phone.table(t)
    # Ben holds 22 tiles; among them 6-6, which fitted the 6 end at each of his passes
    ben = "6-6 6-4 6-3 6-2 6-1 6-0 5-2 5-1 5-0 4-3 4-2 4-1 4-0 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0"
    phone.settle(t, {"Ben": ben})
    settlement = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert "Ben passed at move 5 while holding 6-6" in settlement and "C-RENEGE" in settlement
    # the record says so too: `check` finds the first false pass
    verdict = check.verdict(record.parse(phone.record(t)))
    assert verdict["error"]["rule"] == "C-RENEGE" and verdict["error"]["move"] == 5


def test_missing_csrf_token(phone, five, rows, app):
    before = rows()
    r = phone.post(f"/t/{five}/play", {"hand": 1, "after": 2, "seat": 2, "tile": "5-3"}, csrf=False)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert "This page is out of date" in html and "security token" in html
    r = phone.post(f"/t/{five}/play", {"csrf_token": "forged", "hand": 1, "after": 2}, csrf=False)
    assert r.status_code == 400
    # every POST route refuses a form without its token, button-only forms included
    posts = sorted(rule.rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ()))
    assert len(posts) >= 8
    for rule in posts:
        url = rule.replace("<token>", five).replace("<variant>", "five-up")
        url = re.sub(r"<(?:int|id):\w+>", "1", url)  # an event's entrant or table
        r = phone.post(url, {"hand": 1, "after": 2, "seat": 2}, csrf=False)
        assert r.status_code == 400, rule
        assert "This page is out of date" in r.get_data(as_text=True)
    assert rows() == before


def test_unknown_links(phone, rows):
    before = rows()
    for url in (
        "/t/not-a-table",
        "/s/not-a-table",
        "/t/nope/hand/1",
        "/s/nope/match",
        "/t/nope/record.json",
        "/t/nope/undo",
        "/t/nope/end",
        "/rules/chess",
        "/new/chess",
    ):
        r = phone.get(url)
        assert r.status_code == 404, url
        assert "Not found" in r.get_data(as_text=True)
    for url in ("/t/nope/play", "/t/nope/pass", "/t/nope/undo", "/t/nope/end", "/t/nope/lot"):
        r = phone.post(url, {"hand": 1, "after": 0, "seat": 0, "tile": "5-5"})
        assert r.status_code == 404, url
    assert rows() == before


def test_spectators_cannot_write(phone, five, rows):
    read = phone.read_token(five)
    html = phone.get(f"/s/{read}").get_data(as_text=True)
    assert "watching" in html and 'id="layout"' in html
    assert "csrf_token" not in html and 'id="picker"' not in html and "Undo" not in html
    assert five not in html  # the players' link is not shown to spectators
    before = rows()
    for path in ("play", "pass", "draw", "undo", "end", "lot"):
        data = {"hand": 1, "after": 2, "seat": 2, "tile": "5-3", "on": "5-5"}
        assert phone.post(f"/s/{read}/{path}", data).status_code in (404, 405)
        assert phone.post(f"/t/{read}/{path}", data).status_code == 404  # not a players' link
    assert rows() == before
    # spectators still see hands, totals and the record
    assert phone.get(f"/s/{read}/match").status_code == 200
    assert phone.get(f"/s/{read}/hand/1").status_code == 200
    assert phone.get(f"/s/{read}/record.json").get_json(force=True)["variant"] == "five-up"


def test_ambiguous_play_must_say_where(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-0; Ben 3-0 on 5-0; Ana 5-3 on 3-0")  # two open ends show 5
    before = rows()
    r = phone.move(t, "Ben 5-1", status=400)
    refused(r, 400, "5-1 fits in several places")
    assert rows() == before
    html = phone.table(t, tile="5-1")
    assert len(text_of(html, "places").split("On ")) == 3


def test_no_move_after_the_match(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"], target=1)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5")
    phone.moves(t, "Ana 3-3 on 5-3; Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2")
    phone.moves(t, "Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    before = rows()
    r = phone.move(t, "Ana 6-4", status=422, position=(1, 9))
    refused(r, 422, "The match is over: Ana won it.", rule="FU-MATCH")
    html = phone.table(t)
    assert 'id="picker"' not in html and 'id="draw-form"' not in html
    assert rows() == before


def test_start_form_refusals(phone, rows):
    before = rows()
    r = phone.post("/new/five-up", {"count": 3, "names-0": "Ana", "names-1": "", "names-2": "Cleo"})
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert text_of(html, "names-1-errors") == "Enter a name for player 2."
    assert 'aria-invalid="true"' in html
    r = phone.post(
        "/new/five-up", {"count": 3, "names-0": "Ana", "names-1": "Ben", "names-2": "Ana"}
    )
    assert r.status_code == 400
    assert "'Ana' is already player 1" in text_of(r.get_data(as_text=True), "names-2-errors")
    r = phone.post("/new/five-up", {"count": 5, **{f"names-{i}": f"P{i}" for i in range(5)}})
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert "Five-Up is played by 2 to 4 players, not 5" in text_of(html, "count-errors")
    r = phone.post(
        "/new/french-connection", {"count": 3, "names-0": "A", "names-1": "B", "names-2": "C"}
    )
    assert r.status_code == 400
    assert "French Connection is played by 4 players, not 3" in r.get_data(as_text=True)
    r = phone.post("/new/ctyrka", {"count": 14, **{f"names-{i}": f"P{i}" for i in range(14)}})
    assert r.status_code == 400
    assert "Čtyřka is played by 2 to 13 players, not 14" in r.get_data(as_text=True)
    r = phone.post("/new/five-up", {"count": 2, "names-0": "Ana", "names-1": "Ben", "target": "0"})
    assert r.status_code == 400
    assert text_of(r.get_data(as_text=True), "target-errors")
    r = phone.get("/new/five-up?players=7")
    assert r.status_code == 400
    assert "not 7" in text_of(r.get_data(as_text=True), "count-errors")
    assert rows() == before
