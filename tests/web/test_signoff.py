"""The signed scoresheet: once a match is decided each side confirms the result with one
tap; when every side has, the match is locked (every write refused with 409) and every
page says who confirmed and when; only an event director's override unlocks it."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from webhelpers import Phone, text_of

from referee.web import db
from referee.web.audit.service import override_lock
from referee.web.models import Match

RECORDS = Path(__file__).resolve().parents[1] / "records"
LOCKED = "Every side has confirmed the result: the match is locked"


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


def test_a_locked_match_refuses_every_write(app, phone, rows):
    t = decided(phone)
    confirm(phone, t, 0)
    confirm(phone, t, 1)
    s = phone.read_token(t)
    for url in (f"/t/{t}", f"/t/{t}/match", f"/t/{t}/hand/1", f"/s/{s}", f"/s/{s}/match"):
        html = phone.get(url).get_data(as_text=True)
        assert "Locked: every side has confirmed the result." in text_of(html, "signoff"), url
        assert f"Confirmed by Ben ({SCORE}) at" in text_of(html, "confirmations"), url
    before = rows()
    hand, after = phone.position(t)
    for url, data in [
        ("undo", {"hand": hand, "after": after, "settled": 1}),
        ("play", {"hand": hand, "after": after, "seat": 0, "tile": "6-6"}),
        ("pass", {"hand": hand, "after": after, "seat": 0}),
        ("draw", {"hand": hand, "after": after, "seat": 0, "count": 1}),
        ("lot", {"hand": hand, "after": after}),
        ("end", {"hand": hand, "after": after}),
        ("hand/1/correct", {"k": 9, "moves": "Ana 4-1 on 3-1", "total": 9}),
    ]:
        r = phone.post(f"/t/{t}/{url}", data)
        assert r.status_code == 409, (url, r.status_code)
        assert LOCKED in r.get_data(as_text=True), url
    assert rows() == before
    confirm(phone, t, 0, status=409)

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


def test_no_confirmation_before_the_match_is_decided(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    r = phone.post(f"/t/{t}/confirm", {"side": 0, "score": "0–0"})
    assert r.status_code == 409
    assert "not decided yet" in r.get_data(as_text=True)
    assert text_of(phone.table(t), "signoff") is None
