"""Correcting a past move in the open: the engine replays everything after it; the preview
says which later moves stay legal (with the rule); a correction that breaks a later move
is refused unless those are corrected in the same step; saved as one change, old → new,
the replaced moves kept (struck through)."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from webhelpers import text_of

from referee.engine import check, record

PLAYERS = ["Ana", "Ben", "Cleo"]
# Ben drew at move 2, but nobody tapped it: every tile after it went to the wrong player
SLIP = "Ana 6-6; Ben 6-4 on 6-6; Cleo 6-3 on 6-6; Ana 4-4 on 6-4"


def save(phone, t, k, moves, reseat=False, total=4, status=302):
    r = phone.post(f"/t/{t}/hand/1/correct",
                   {"k": k, "moves": moves, "reseat": "1" if reseat else "0", "total": total})
    assert r.status_code == status, r.get_data(as_text=True)[:3000]
    return r


def test_a_missed_draw_is_inserted_and_the_moves_after_it_reseated(phone):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 2, "do": "draw"})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert text_of(html, "old-moves") == "Ben 6-4 on 6-6 Cleo 6-3 on 6-6 Ana 4-4 on 6-4"
    assert 'id="reseat" checked' in html
    verdicts = text_of(html, "verdicts")
    assert verdicts == ("✓ Ben drew 1 tile ✓ Cleo laid 6-4 on 6-6 ✓ Ana laid 6-3 on 6-6 "
                        "✓ Ben laid 4-4 on 6-4")
    text = re.search(r'name="moves" value="([^"]*)"', html).group(1)
    assert text.split("\n")[0] == "Ben draw"
    r = save(phone, t, 2, text.replace("&#10;", "\n"), reseat=True)
    said = text_of(phone.get(r.location).get_data(as_text=True), "flash")
    assert said.startswith("Hand 1 corrected from move 2:")
    rec = phone.record(t)
    assert [(m["player"], m.get("play") or m.get("draw")) for m in rec["hands"][0]["moves"]] == [
        ("Ana", "6-6"), ("Ben", 1), ("Cleo", "6-4"), ("Ana", "6-3"), ("Ben", "4-4")
    ]
    assert check.verdict(record.parse(rec))["ok"]
    assert "Cleo</strong> to play" in phone.table(t)
    html = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    gone = text_of(html, "taken-back")
    for line in ("move 2: Ben: 6-4 on 6-6", "move 3: Cleo: 6-3 on 6-6", "move 4: Ana: 4-4 on 6-4"):
        assert line in gone
    assert "corrected" in gone
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    [change] = log["changes"]
    assert change["kind"] == "correct" and change["hand"] == 1 and change["move"] == 2
    assert [m["tile"] for m in change["old"]] == ["6-4", "6-3", "4-4"]
    assert [m["line"] for m in change["new"]] == [
        "Ben draw 1", "Cleo 6-4 on 6-6", "Ana 6-3 on 6-6", "Ben 4-4 on 6-4"
    ]
    assert len(log["moves"]) == 8  # the four recorded rows, and four new ones from move 2


def test_a_correction_that_breaks_a_later_move_is_refused_until_that_is_corrected(phone, rows):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    # Ben laid 6-2, not 6-4: Ana's 4-4 on 6-4 no longer has a place
    moves = "Ben 6-2 on 6-6\nCleo 6-3 on 6-6\nAna 4-4 on 6-4"
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 2, "moves": moves})
    html = r.get_data(as_text=True)
    verdicts = text_of(html, "verdicts")
    assert verdicts.startswith("✓ Ben laid 6-2 on 6-6 ✓ Cleo laid 6-3 on 6-6 ✗ Ana 4-4 on 6-4:")
    assert "6-4 is not on the table" in verdicts and "C-PLACE" in verdicts
    assert text_of(html, "save-form") is None and text_of(html, "not-saved")
    before = rows()
    r = save(phone, t, 2, moves, status=422)
    assert "C-PLACE" in text_of(r.get_data(as_text=True), "refused")
    assert rows() == before
    # corrected in the same step: saved
    save(phone, t, 2, "Ben 6-2 on 6-6\nCleo 6-3 on 6-6\nAna 2-2 on 6-2")
    assert [m.get("play") for m in phone.record(t)["hands"][0]["moves"]] == [
        "6-6", "6-2", "6-3", "2-2"
    ]


def test_remove_a_move_and_change_a_player(phone):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 4, "do": "remove"})
    assert text_of(r.get_data(as_text=True), "verdicts") == ""
    save(phone, t, 4, "")
    assert len(phone.record(t)["hands"][0]["moves"]) == 3
    # move 3 was Ben's, not Cleo's: the seat is refused (C-SEAT) unless re-seated
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 3, "moves": "Ben 6-3 on 6-6"})
    assert "C-SEAT" in text_of(r.get_data(as_text=True), "verdicts")


def test_a_stale_correction_is_not_saved(phone):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    phone.moves(t, "Ben 4-3 on 4-4")
    r = save(phone, t, 2, "Ben draw\nCleo 6-4 on 6-6", total=4, status=409)
    assert "now has 5 moves" in text_of(r.get_data(as_text=True), "refused")


@pytest.mark.parametrize("lang,lines,hint", [
    ("pl", "Ben dobiera\nCleo 6-4 na 6-6\nAna 6-3 do 6-6\nBen 4-4 na 6-4",
     "„Ben 5-0 na 5-5”, „Cleo dobiera 2”, „Dan pas”"),
    ("cs", "Ben bere\nCleo 6-4 na 6-6\nAna 6-3 k 6-6\nBen 4-4 na 6-4",
     "„Ben 5-0 na 5-5“, „Cleo bere 2“, „Dan pas“"),
])
def test_the_lines_read_the_pages_own_words(phone, lang, lines, hint):
    """A Polish or Czech page reads "na", "dobiera"/"bere", "pas" (its hint shows them),
    English still works, and the change log keeps the English words."""
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    phone.get(f"/?lang={lang}")
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 2, "moves": lines})
    html = htmllib.unescape(r.get_data(as_text=True))
    assert hint in html
    assert "✗" not in text_of(html, "verdicts") and text_of(html, "save-form")
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 5, "moves": "Ben pas"})
    verdict = htmllib.unescape(text_of(r.get_data(as_text=True), "verdicts"))
    assert verdict.startswith(("✓", "✗ Ben pass:")), verdict  # read as a pass, judged
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 5, "moves": "Ben pass"})
    assert text_of(r.get_data(as_text=True), "verdicts")  # the English words still read
    save(phone, t, 2, lines)
    [change] = phone.get(f"/t/{t}/audit.json").get_json(force=True)["changes"]
    assert [m["line"] for m in change["new"]] == [
        "Ben draw 1", "Cleo 6-4 on 6-6", "Ana 6-3 on 6-6", "Ben 4-4 on 6-4"
    ]


def test_no_move_word_stands_for_two_moves():
    from referee.web.audit.correct import MOVE_WORDS

    words = [w for ws in MOVE_WORDS.values() for w in ws]
    assert len(words) == len(set(words))
