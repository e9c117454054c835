"""The signed scoresheet: once a match is decided each side confirms the result with one
tap; when every side has, the match is locked (every write refused with 409) and every
page says who confirmed and when; only an event director's override unlocks it."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from webhelpers import Phone, text_of

from referee.web.audit.models import Change
from referee.web.audit.service import override_lock
from referee.web.models import Match
from referee.web.store import db

RECORDS = Path(__file__).resolve().parents[1] / "records"
LOCKED = "The result is confirmed for every side: the match is locked"
UNLOCK = "A match outside an event cannot be unlocked"


def decided(phone: Phone) -> str:
    """A Five-Up match to 5 points, decided in one hand."""
    t = phone.start("five-up", ["Ana", "Ben"], target=5)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    assert text_of(phone.table(t), "outcome")
    return t


SCORE = "6–3"


def confirm(phone: Phone, t: str, side: int, score: str = SCORE, status: int = 302):
    r = phone.post(f"/t/{t}/confirm", {"side": side, "score": score})
    assert r.status_code == status, r.get_data(as_text=True)[:2000]
    return r


def test_each_side_confirms_then_the_match_is_locked(app, phone, rows):
    t = decided(phone)
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert text_of(html, "confirm-0") == "Confirm for Ana"  # the side; the totals once, above
    assert text_of(html, "confirm-1") == "Confirm for Ben"
    assert "Ana 6" in text_of(html, "signoff-scores") and "Ben 3" in text_of(html, "signoff-scores")
    confirm(phone, t, 0, "6–4", status=409)  # not the result on the table
    r = confirm(phone, t, 0)
    html = phone.get(r.location).get_data(as_text=True)
    assert f"Confirmed {SCORE} for Ana." in text_of(html, "flash")
    assert f"Confirmed by Ana ({SCORE}) at" in text_of(html, "confirmations")
    assert text_of(html, "confirm-0") is None and text_of(html, "locked") is None
    confirm(phone, t, 0, status=409)  # already confirmed
    phone.undo(t)  # not locked yet: a change to the record (an undo)...
    html = phone.table(t)
    assert "Confirmed by" not in html  # ...and Ana's word lapses
    phone.settle(t, {"Ben": "6-6"})  # the tiles left entered again: she confirms again
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "Confirmed by" not in html
    assert text_of(html, "confirm-0") == "Confirm for Ana"


def test_a_locked_match_is_shown_locked_and_the_director_unlocks_it(app, phone, rows):
    t = decided(phone)
    confirm(phone, t, 0)
    confirm(Phone(app.test_client()), t, 1)  # each side on a phone of its own
    s = phone.read_token(t)
    for url in (f"/t/{t}", f"/t/{t}/match", f"/t/{t}/hand/1", f"/s/{s}", f"/s/{s}/match"):
        html = phone.get(url).get_data(as_text=True)
        assert "Locked: every side has confirmed the result." in text_of(html, "signoff"), url
        assert f"Confirmed by Ben ({SCORE}) at" in text_of(html, "confirmations"), url
    before = rows()
    hand, after = phone.position(t)
    r = phone.post(f"/t/{t}/undo", {"hand": hand, "after": after, "settled": 1})
    assert r.status_code == 409 and LOCKED in r.get_data(as_text=True)
    assert rows() == before

    # the event director unlocks it, with a reason, logged and shown
    with app.app_context():
        row = db.session.execute(sa.select(Match)).scalar_one()
        override_lock(row, "Ben's 6-5 was scored to the wrong side", "the director")
        db.session.remove()
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "Unlocked by the director at" in text_of(html, "signoff")
    assert "wrong side" in text_of(html, "signoff")
    assert text_of(html, "locked") is None
    phone.undo(t)  # writes are taken again
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    assert [c["kind"] for c in log["changes"]] == ["confirm", "confirm", "override", "undo"]
    assert log["changes"][2]["reason"] == "Ben's 6-5 was scored to the wrong side"


def _outbox(phone: Phone, t: str, hand: int, after: int):
    return phone.client.post(
        f"/t/{t}/outbox",
        data=json.dumps(
            {
                "client_id": str(uuid.uuid4()),
                "kind": "pass",
                "hand": hand,
                "after": after,
                "seat": 0,
            }
        ),
        content_type="application/json",
        headers={"X-CSRFToken": phone.csrf, "Accept": "application/json"},
    )


# Every POST route of the table, the matches, the audit and the outbox that writes to a
# match: (path after /t/<token>/, form), or a function for the outbox's JSON.
WRITES = {
    "play": ("play", {"seat": 0, "tile": "6-6"}),
    "draw": ("draw", {"seat": 0, "count": 1}),
    "pass": ("pass", {"seat": 0}),
    "lot": ("lot", {}),
    "undo": ("undo", {"settled": 1}),
    "end": ("end", {"left-0": "", "left-1": "6-6"}),
    "correct": ("hand/1/correct", {"k": 9, "moves": "Ana 4-1 on 3-1\nBen pass", "total": 9}),
    "confirm": ("confirm", {"side": 0, "score": SCORE}),
    "abandon": ("abandon", {"reason": "The café closed"}),
    "delete": ("delete", {"sure": "y"}),
    "public": ("public", {"public": "y"}),
    "outbox": _outbox,
}


@pytest.mark.parametrize("route", list(WRITES))
def test_every_write_path_refuses_a_locked_match(app, phone, rows, route):
    """Locked (every side confirmed): every write is refused with the lock's sentence,
    which says who may unlock it, and nothing changes, on both databases."""
    t = decided(phone)
    confirm(phone, t, 0)
    confirm(phone, t, 1)
    with app.app_context():
        changes = db.session.execute(sa.select(sa.func.count(Change.id))).scalar()
        db.session.remove()
    before = rows()
    hand, after = phone.position(t)
    what = WRITES[route]
    if callable(what):
        r = what(phone, t, hand, after)
        said = r.get_json()["message"]
    else:
        path, form = what
        r = phone.post(f"/t/{t}/{path}", {"hand": hand, "after": after, **form})
        said = text_of(r.get_data(as_text=True), "refused") or r.get_data(as_text=True)
    assert r.status_code == 409, (route, r.status_code)
    assert LOCKED in said, route
    assert UNLOCK in said, route
    assert rows() == before
    with app.app_context():
        assert db.session.execute(sa.select(sa.func.count(Change.id))).scalar() == changes
        db.session.remove()


def test_a_locked_match_offers_no_undo_correction_abandon_or_delete(phone):
    """The pages of a locked match offer nothing that would be refused, and say who may
    unlock it (a match outside an event: nobody; carry it on as a new match)."""
    t = decided(phone)
    html = phone.table(t)
    assert 'id="undo-form"' in html  # decided, not locked yet: the settlement may go back
    confirm(phone, t, 0)
    confirm(phone, t, 1)
    html = phone.table(t)
    assert 'id="undo-link"' not in html and 'id="undo-form"' not in html
    assert UNLOCK in text_of(html, "unlock")
    page = phone.get(f"/t/{t}/undo").get_data(as_text=True)
    assert 'id="undo-form"' not in page and LOCKED in text_of(page, "undo-none")
    page = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert 'class="correct"' not in page and UNLOCK in text_of(page, "locked-note")
    page = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 9}).get_data(as_text=True)
    assert 'id="check-form"' not in page and LOCKED in text_of(page, "locked-note")
    page = phone.get(f"/t/{t}/close").get_data(as_text=True)
    assert 'id="abandon-form"' not in page and 'id="delete-form"' not in page
    assert UNLOCK in text_of(page, "locked-note")
    page = phone.get(f"/t/{t}/card").get_data(as_text=True)
    assert 'id="public-form"' not in page and LOCKED in text_of(page, "locked-note")


def test_one_phone_confirming_every_side_is_not_shown_as_signed_by_each(app, phone):
    """From one phone, "Confirm … for Ana" then "… for Ben" still locks the match, but the
    sheet says it was confirmed for every side on one phone, never that each side signed;
    the log keeps which phone confirmed each side."""
    t = decided(phone)
    phone.post("/phone", {"name": "Ana's phone"})
    confirm(phone, t, 0)
    confirm(phone, t, 1)
    for url in (f"/t/{t}", f"/t/{t}/match", f"/s/{phone.read_token(t)}/match"):
        html = phone.get(url).get_data(as_text=True)
        locked = text_of(html, "locked")
        assert "confirmed for every side on one phone (Ana's phone)" in locked, url
        assert "not by each side" in locked, url
        assert "Confirmed by" not in html, url
        lines = text_of(html, "confirmations")
        assert f"Confirmed for Ana ({SCORE}) at" in lines and "same phone as for Ben" in lines
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    ids = [c["new"]["phone_id"] for c in log["changes"] if c["kind"] == "confirm"]
    assert len(ids) == 2 and ids[0] == ids[1] and ids[0]
    # a phone of its own (unnamed, this time) tells itself apart
    other = Phone(app.test_client())
    with app.app_context():
        row = db.session.execute(sa.select(Match)).scalar_one()
        override_lock(row, "signed again, each side on its own phone", "the director")
        db.session.remove()
    confirm(phone, t, 0)
    confirm(other, t, 1)
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "Locked: every side has confirmed the result." in text_of(html, "locked")
    assert f"Confirmed by Ana ({SCORE})" in html and f"Confirmed by Ben ({SCORE})" in html
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    ids = [c["new"]["phone_id"] for c in log["changes"] if c["kind"] == "confirm"][2:]
    assert ids[0] != ids[1]


@pytest.mark.parametrize("lang", ["pl", "cs"])
def test_the_one_phone_sheet_and_the_lock_in_polish_and_czech(app, phone, lang):
    t = decided(phone)
    confirm(phone, t, 0)
    confirm(phone, t, 1)
    phone.get(f"/?lang={lang}")
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    english = "Locked: the result was confirmed for every side on one phone"
    assert text_of(html, "locked") and english not in html
    assert "A match outside an event cannot be unlocked" not in html
    r = phone.post(f"/t/{t}/abandon", {"reason": "x"})
    assert r.status_code == 409 and "the match is locked" not in r.get_data(as_text=True)


def test_no_confirmation_before_the_match_is_decided(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    r = phone.post(f"/t/{t}/confirm", {"side": 0, "score": "0–0"})
    assert r.status_code == 409
    assert "not decided yet" in r.get_data(as_text=True)
    assert text_of(phone.table(t), "signoff") is None


def test_a_locked_event_game_names_its_director_as_who_unlocks_it(app, phone):
    import random

    from eventhelpers import Director, play_match_http

    director = Director(app.test_client())
    event = director.create(
        "five-up",
        ["Ana", "Ben"],
        club=director.club_key(),
        format="round-robin",
        target=5,
        name="Club night",
    )
    director.act(event, "pair")
    director.act(event, "start")
    [link] = director.table_links(event)
    play_match_http(phone, link, random.Random(3))
    t = phone.get(link).location.rsplit("/", 1)[1]
    score = re.search(r'name="score" value="([^"]+)"', phone.table(t)).group(1)
    pins = director.new_cards(event)  # the entrants are members: each side signs
    director.sign(t, [pins["Ana"], pins["Ben"]], score)
    director_says = "Only the director of the event “Club night” can unlock it"
    assert director_says in text_of(phone.table(t), "unlock")
    r = phone.post(f"/t/{t}/abandon", {"reason": "rain"})
    assert r.status_code == 409 and director_says in text_of(r.get_data(as_text=True), "refused")
