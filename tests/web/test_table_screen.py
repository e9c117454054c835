"""What a new table trips over on the table screen (issue 7): a tile on the table is never
offered, the lot can be recorded by the table or drawn by the app and taken back, the
picture marks the last tile laid and French Connection's locked arms, and the picker keeps
every tile in its place."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from webhelpers import text_of

from referee.engine import Match, Move, parse_tile
from referee.web.drawing import layout_svg

SVG = "{http://www.w3.org/2000/svg}"


def lay(hand, *plays):
    """Lay tiles in turn ("tile" for the lead, "tile on anchor")."""
    for text in plays:
        tile, _, on = text.partition(" on ")
        seat = hand.turn if hand.turn is not None else 0
        hand.apply(Move.play(seat, parse_tile(tile), parse_tile(on) if on else None))
    return hand


def french(*plays):
    return lay(Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"]).new_hand(), *plays)


CROSS = ("0-0", "0-3 on 0-0", "0-5 on 0-0", "0-1 on 0-0", "0-6 on 0-0")


def groups(root, cls):
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def test_a_tile_on_the_table_is_never_offered(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    html = phone.table(t, tile="5-5")
    assert 'id="place-form"' not in html and 'id="places"' not in html
    assert "already on the table" in text_of(html, "why-not")
    assert 'href="/rules/five-up#C-UNIQUE"' in html
    # and the picker has no button for it, only its empty slot
    assert 'value="5-5"' not in text_of_picker(html)
    picker = text_of_picker(html)
    assert picker.count("<li") == 28 and picker.count("<button") == 26  # 2 empty slots


def text_of_picker(html):
    return re.search(r'<ul class="picker[^"]*" id="picker".*?</ul>', html, re.S).group(0)


def test_the_picker_keeps_every_tile_in_its_place(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    before = re.findall(r"<li", text_of_picker(phone.table(t)))
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0")
    picker = text_of_picker(phone.table(t))
    slots = re.findall(r'<li>(?:<button[^>]*value="([\d-]+)")?', picker)
    assert len(before) == len(slots) == 28  # every tile of the set, in the same order
    from referee.engine.tiles import tile_set

    gone = [str(t) for t, s in zip(tile_set(6), slots, strict=True) if not s]
    assert sorted(gone) == ["0-0", "5-0", "5-5"]
    assert [s for s in slots if s] == [str(t) for t in tile_set(6) if str(t) not in gone]


def test_the_table_records_its_own_lot_and_undo_takes_it_back(phone):
    t = phone.start("five-up", ["Ana", "Ben", "Cleo"])
    html = phone.table(t)
    lot = text_of(html, "lot-form")
    assert "Who won the lot for the lead?" in lot and "Let the app draw lots" in lot
    assert all(name in lot for name in ("Ana", "Ben", "Cleo"))
    r = phone.post(f"/t/{t}/lot", {"hand": 1, "after": 0, "seat": 2}, follow_redirects=True)
    said = text_of(r.get_data(as_text=True), "flash")
    assert "Recorded: Cleo won the table's lot and leads." in said
    html = phone.table(t)
    assert "Cleo won the lot and leads." in text_of(html, "opening")
    assert 'id="lot-form"' not in html
    assert text_of(html, "undo-what") == "the lot for the lead (won by Cleo)"
    phone.move(t, "Ana 5-5", status=422)  # only the lot's winner leads
    r = phone.undo(t)
    assert "Taken back: the lot for the lead (won by Cleo)." in text_of(
        phone.get(r.location).get_data(as_text=True), "flash"
    )
    html = phone.table(t)
    assert 'id="lot-form"' in html and "won the lot" not in (text_of(html, "opening") or "")
    # and the app may draw it now instead
    r = phone.post(f"/t/{t}/lot", {"hand": 1, "after": 0}, follow_redirects=True)
    assert "The app drew the lot" in text_of(r.get_data(as_text=True), "flash")


def test_the_picture_marks_the_last_tile_laid():
    hand = french(*CROSS, "3-3 on 0-3")
    root = ET.fromstring(layout_svg(hand))
    last = groups(root, "last")
    assert [g.get("data-tile") for g in last] == ["3-3"]
    assert "(last laid)" in last[0].find(SVG + "title").text
    light = ET.fromstring(layout_svg(hand, sprite=True))
    assert [g.get("data-tile") for g in groups(light, "last")] == ["3-3"]


def test_the_picture_marks_the_locked_arms_the_engine_names():
    hand = french(*CROSS[:4])
    assert not groups(ET.fromstring(layout_svg(hand)), "lock")  # the cross is not complete
    hand = french(*CROSS)
    locks = groups(ET.fromstring(layout_svg(hand)), "lock")
    engine = {(str(p.anchor), p.slot) for p, rule, _ in hand.open_places() if rule == "FC-LOCK"}
    assert {(g.get("data-on"), g.get("data-slot")) for g in locks} == engine
    assert len(engine) == 4
    hand = french(*CROSS, "3-3 on 0-3", "3-4 on 3-3", "6-6 on 0-6")  # two arms unlocked
    locks = groups(ET.fromstring(layout_svg(hand, sprite=True)), "lock")
    assert sorted(g.get("data-on") for g in locks) == ["1-0", "5-0"]
    assert any("only 1-1" in g.find(SVG + "title").text for g in locks)
    five_up = lay(Match("five-up", ["Ana", "Ben"]).new_hand(), "5-5", "5-0 on 5-5")
    assert not groups(ET.fromstring(layout_svg(five_up)), "lock")


def test_a_long_hand_shows_its_last_12_moves_and_links_to_all(phone):
    t = phone.imported("fiveup_3p_unsettled.json")  # 14 moves in hand 1
    html = phone.table(t)
    assert text_of(html, "history-h") == "The last 12 moves"
    assert re.findall(r'<li value="(\d+)">', html) == [str(n) for n in range(3, 15)]
    assert "All 14 moves of hand 1" in text_of(html, "history")
    assert re.search(r'id="replay-link" href="[^"]*/hand/1/move/14"', html)


def test_the_moves_said_follow_an_undo_a_correction_and_the_language(app, phone):
    """The words of a hand's moves are kept per process while its first moves stay the
    same ones (`presenters.history`): an Undo, a move made in its place, a correction of
    an earlier move and another language each show the hand as it is."""
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0")
    said = text_of(phone.table(t), "moves")
    assert "Ben laid 5-0 on 5-5" in said and "Ana laid 0-0 on 5-0" in said
    phone.undo(t)
    phone.undo(t)
    phone.moves(t, "Ben draw 1")
    said = text_of(phone.table(t), "moves")
    assert "Ben drew 1 tile" in said and "5-0" not in said and "Ana led 5-5" in said
    r = phone.post(
        f"/t/{t}/hand/1/correct",
        {"k": 1, "moves": "Ana 6-6\nBen draw 1", "reseat": "0", "total": 2},
    )
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    said = text_of(phone.table(t), "moves")
    assert "Ana led 6-6" in said and "Ana led 5-5" not in said and "Ben drew 1 tile" in said
    polish = text_of(phone.get(f"/t/{t}?lang=pl").get_data(as_text=True), "moves")
    assert "Ana wychodzi kamieniem 6-6" in polish and "Ana led" not in polish
