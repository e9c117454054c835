"""Finding a match again and ending it (issue 7, "Finding a match again"; issue 8, the
home page's list opt-in): the home page lists only the matches their players chose to
show, with status, score and winner; the table code typed on the home page opens the
players' link again, with attempts limited; a QR of the players' link; abandoning (with
a reason) and deleting a match, after a confirmation."""

from __future__ import annotations

import re

import pytest
from webhelpers import text_of

from referee.web.matches import abandon
from referee.web.matches.service import ATTEMPTS
from referee.web.models import Match
from referee.web.store import db


def code_of(phone, token) -> str:
    return text_of(phone.table(token), "table-code")


def show(phone, token, public=True):
    data = {"public": "y"} if public else {}
    r = phone.post(f"/t/{token}/public", data)
    assert r.status_code == 302
    return r


def home(phone) -> str:
    r = phone.get("/")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def test_home_lists_no_match_unless_its_players_choose_to(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    read = phone.read_token(t)
    assert f"/s/{read}" not in home(phone)
    assert 'id="recent"' not in home(phone)
    assert f'href="/t/{t}/card"' in phone.table(t)
    assert 'name="public"' in card(phone, t) and "checked" not in text_of_form(phone, t)
    show(phone, t)
    assert f'href="/s/{read}"' in home(phone)
    assert t not in home(phone)  # never the players' link
    show(phone, t, public=False)
    assert f"/s/{read}" not in home(phone)


def card(phone, token) -> str:
    r = phone.get(f"/t/{token}/card")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def text_of_form(phone, token) -> str:
    html = card(phone, token)
    return re.search(r'<form[^>]*id="public-form".*?</form>', html, re.S).group(0)


def test_home_shows_status_score_and_winner(phone):
    playing = phone.start("five-up", ["Ana", "Ben"], target=15)
    phone.moves(playing, "Ana 5-5; Ben 5-0 on 5-5")
    won = phone.imported("fiveup_2p_match.json")  # Ben won 19 to 15
    for t in (playing, won):
        show(phone, t)
    items = re.findall(r"<li class=\"(\w+)\">(.*?)</li>", home(phone), re.S)
    texts = {state: " ".join(re.sub("<[^>]+>", " ", body).split()) for state, body in items}
    assert "Won by Ben" in texts["won"] and "Ana 15, Ben 19" in texts["won"]
    assert "Hand 1 in play" in texts["playing"] and "Ana 2, Ben 2" in texts["playing"]


def test_table_code_shown_to_the_players_only(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    code = code_of(phone, t)
    assert re.fullmatch(r"[A-Z2-9]{4} [A-Z2-9]{4}", code)
    spectators = phone.get(f"/s/{phone.read_token(t)}").get_data(as_text=True)
    assert code not in spectators and code.replace(" ", "") not in spectators


def test_table_code_typed_on_the_home_page_opens_the_players_link(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    code = code_of(phone, t)
    typed = code.lower().replace(" ", "-")  # as someone might type it
    r = phone.post("/code", {"code": typed})
    assert r.status_code == 302 and r.location.endswith(f"/t/{t}")


@pytest.mark.parametrize(
    ("typed", "status", "words"),
    [
        ("", 400, "Type the table code"),
        ("ABC", 400, "8 letters and digits"),
        ("ZZZZ ZZZZ", 404, "No table has this code"),
    ],
)
def test_a_wrong_code_says_why(phone, typed, status, words):
    phone.start("five-up", ["Ana", "Ben"])
    r = phone.post("/code", {"code": typed})
    assert r.status_code == status
    assert words in text_of(r.get_data(as_text=True), "code-errors")


def test_code_attempts_are_limited_per_client(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    code = code_of(phone, t)
    for _ in range(ATTEMPTS):
        assert phone.post("/code", {"code": "ZZZZ ZZZZ"}).status_code == 404
    r = phone.post("/code", {"code": code})  # even the right code, now
    assert r.status_code == 429
    assert "Too many codes" in text_of(r.get_data(as_text=True), "code-errors")
    # another address still may
    other = phone.post("/code", {"code": code}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 302


def test_codes_that_open_a_table_do_not_count_against_the_limit(phone):
    """A table's phones reopen their link by its code as often as they need; only codes
    that open nothing count."""
    code = code_of(phone, phone.start("five-up", ["Ana", "Ben"]))
    for _ in range(ATTEMPTS * 2):
        assert phone.post("/code", {"code": code}).status_code == 302
    for _ in range(ATTEMPTS):
        assert phone.post("/code", {"code": "ZZZZ ZZZZ"}).status_code == 404
    assert phone.post("/code", {"code": code}).status_code == 429


def test_qr_of_the_players_link_from_the_table_screen(phone):
    """The QR code is on the players' card, one tap from the table screen (the table
    screen itself stays within its weight budget)."""
    t = phone.start("five-up", ["Ana", "Ben"])
    assert f'href="/t/{t}/card"' in phone.table(t)
    html = card(phone, t)
    qr = re.search(r'<div class="qr" id="qr">.*?</div>', html, re.S).group(0)
    assert "<svg" in qr and 'role="img"' in qr
    assert code_of(phone, t) == text_of(html, "table-code")
    assert phone.get(f"/s/{phone.read_token(t)}/card").status_code == 404


def test_abandon_asks_first_needs_a_reason_then_stops_the_match(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    assert f'href="/t/{t}/close"' in card(phone, t)
    before = rows()
    page = phone.get(f"/t/{t}/close")
    assert page.status_code == 200 and 'id="abandon-form"' in page.get_data(as_text=True)
    r = phone.post(f"/t/{t}/abandon", {"reason": "  "})
    assert r.status_code == 400
    assert "Say why" in text_of(r.get_data(as_text=True), "reason-errors")
    assert rows() == before
    seen = phone.get(f"/t/{t}/version").get_data(as_text=True)
    r = phone.post(f"/t/{t}/abandon", {"reason": "The café closed"})
    assert r.status_code == 302
    assert phone.get(f"/t/{t}/version").get_data(as_text=True) != seen  # phones follow
    html = phone.table(t)
    assert "abandoned" in text_of(html, "abandoned") and "The café closed" in html
    assert 'id="picker"' not in html and 'id="undo-form"' not in html
    before = rows()
    r = phone.move(t, "Ben 5-0 on 5-5", status=409)
    assert "abandoned" in text_of(r.get_data(as_text=True), "refused")
    assert rows() == before
    # spectators see it too, and the home page says so once listed
    assert "The café closed" in phone.get(f"/s/{phone.read_token(t)}").get_data(as_text=True)
    show(phone, t)
    assert "Abandoned: The café closed" in text_of(home(phone), "recent")


def test_abandon_service_for_other_callers(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    with app.app_context():
        row = db.session.execute(db.select(Match).where(Match.write_token == t)).scalar_one()
        abandon(row, "Director: a player left")
        assert row.abandon_reason == "Director: a player left" and row.abandoned is not None
        db.session.remove()
    assert "Director: a player left" in phone.table(t)


def test_delete_asks_first_then_removes_the_match(phone, rows):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    read = phone.read_token(t)
    before = rows()
    r = phone.post(f"/t/{t}/delete", {})
    assert r.status_code == 400 and "Tick the box" in r.get_data(as_text=True)
    assert rows() == before
    r = phone.post(f"/t/{t}/delete", {"sure": "y"})
    assert r.status_code == 302
    assert "The match is deleted." in text_of(phone.get(r.location).get_data(as_text=True), "flash")
    assert phone.get(f"/t/{t}").status_code == 404
    assert phone.get(f"/s/{read}").status_code == 404
    assert rows() == [[], [], []]
