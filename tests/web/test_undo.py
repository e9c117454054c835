"""Undo takes back the last move (or the last settlement), after a confirmation, any
number of times; the table is always what replaying the moves left gives."""

from __future__ import annotations

from webhelpers import text_of


def test_undo_asks_first_then_takes_back_the_last_move(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    page = phone.get(f"/t/{t}/undo")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert text_of(html, "undo-what") == "Ben laid 5-0 on 5-5"
    assert "csrf_token" in html  # a button-only form still carries its token
    before = rows()
    phone.get(f"/t/{t}/undo")  # looking at the question changes nothing
    assert rows() == before
    r = phone.undo(t)
    flash = text_of(phone.get(r.location).get_data(as_text=True), "flash")
    assert flash == "Taken back: Ben laid 5-0 on 5-5."
    assert phone.position(t) == (1, 1)
    html = phone.table(t)
    assert "Ben</strong> to play" in html
    assert text_of(html, "count") == "10"


def test_undo_any_number_of_times(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben draw 3")
    for expected in [(1, 3), (1, 2), (1, 1), (1, 0)]:
        phone.undo(t)
        assert phone.position(t) == expected
    html = phone.get(f"/t/{t}/undo").get_data(as_text=True)
    assert "There is nothing to take back." in html
    r = phone.post(f"/t/{t}/undo", {"hand": 1, "after": 0, "settled": 0})
    assert r.status_code == 409
    assert "There is nothing to take back." in text_of(r.get_data(as_text=True), "refused")
    # and the hand can be played again from the start
    phone.moves(t, "Ben 6-6")
    assert "Ana</strong> to play" in phone.table(t)


def test_undo_a_settlement(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    assert phone.position(t) == (2, 0)
    html = phone.get(f"/t/{t}/undo").get_data(as_text=True)
    assert text_of(html, "undo-what") == "the tiles left in hand 1 (its settlement)"
    phone.undo(t)
    assert phone.position(t) == (1, 9)
    assert "Enter the tiles left" in phone.table(t)
    phone.settle(t, {"Ben": "6-5"})  # entered again, differently
    assert phone.record(t)["hands"][0]["remaining"] == {"Ana": [], "Ben": ["6-5"]}


def test_undo_from_a_stale_page_is_refused(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    before = rows()
    # the page showed one move; another phone has recorded a second since
    r = phone.post(f"/t/{t}/undo", {"hand": 1, "after": 1, "settled": 0})
    assert r.status_code == 409
    assert "already recorded: Ben laid 5-0 on 5-5" in text_of(r.get_data(as_text=True), "refused")
    assert rows() == before
