"""Signatures per side: a members' match is signed for each side with the credential of
one of its own members (a PIN typed on the table's phone, or the member's personal link);
the table's link alone signs for no side of theirs; wrong PINs are refused, counted in the
database and limited; the signed sheet says who signed for each side and when; the match
locks when every side has signed, and an unlock makes every side sign again."""

from __future__ import annotations

import re

import sqlalchemy as sa
from memberhelpers import Secretary, secretary_link, sign_with_pin
from test_signoff import SCORE, confirm, decided
from webhelpers import Phone, text_of

from referee.web.audit.models import Change
from referee.web.audit.service import override_lock
from referee.web.members import cards
from referee.web.members.models import PinTry
from referee.web.models import Match
from referee.web.store import db


def members_match(app):
    """A decided Five-Up match of Ana and Ben (6–3), both members with cards."""
    phone = Phone(app.test_client())
    t = decided(phone)
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("Ana"), s.add("Ben")
    s.link("Ana", ana)
    s.link("Ben", ben)
    (ana_link, ana_pin), (ben_link, ben_pin) = s.card(ana), s.card(ben)
    return phone, t, {"Ana": (ana, ana_link, ana_pin), "Ben": (ben, ben_link, ben_pin)}


def wrong(pin: str) -> str:
    return str((int(pin) + 1) % 10**6).zfill(6)


def test_signature_with_a_pin_on_the_table_and_a_personal_link(app, rows):
    phone, t, who = members_match(app)
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert text_of(html, "sign-0") == "Sign for Ana" and text_of(html, "confirm-0") is None
    before = rows()
    r = confirm(phone, t, 0, status=403)  # the table's link alone signs for no side
    assert "PIN" in r.get_data(as_text=True)
    confirm(phone, t, 1, status=403)
    assert rows() == before
    r = sign_with_pin(phone, t, 0, wrong(who["Ana"][2]), SCORE)
    assert r.status_code == 403 and "Wrong PIN for Ana: 4 more tries." in text_of(
        r.get_data(as_text=True), "refused"
    )
    r = sign_with_pin(phone, t, 0, who["Ana"][2], SCORE)
    assert r.status_code == 302
    # said once, as a sentence (issue 43.4: "Signed 6–3 for Ana: Ana.")
    assert text_of(phone.get(r.location).get_data(as_text=True), "flash") == (
        f"Ana signed the result ({SCORE})."
    )
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert f"Signed for Ana ({SCORE}) by Ana at" in text_of(html, "confirmations")
    assert "with a PIN on the table’s phone" in text_of(html, "confirmations")
    assert text_of(html, "locked") is None
    # Ben signs from his own phone, on his personal link
    own = Phone(app.test_client())
    page = own.get(f"/m/{who['Ben'][1]}").get_data(as_text=True)
    assert "Sign 6–3 for my side" in text_of(page, "waits")
    match_id = int(page.split('name="match" value="')[1].split('"')[0])
    r = own.post(f"/m/{who['Ben'][1]}/sign", {"match": match_id, "score": SCORE})
    assert r.status_code == 302
    assert "Nothing waits for your signature." in text_of(
        own.get(f"/m/{who['Ben'][1]}").get_data(as_text=True), "waits"
    )
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "Locked: every side has signed the result." in text_of(html, "locked")
    assert f"Signed for Ben ({SCORE}) by Ben at" in text_of(html, "confirmations")
    assert "from their personal link" in text_of(html, "confirmations")
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    signed = [c["new"] for c in log["changes"] if c["kind"] == "confirm"]
    assert [(c["member"], c["how"]) for c in signed] == [("Ana", "pin"), ("Ben", "link")]
    hand, after = phone.position(t)
    r = phone.post(f"/t/{t}/undo", {"hand": hand, "after": after, "settled": 1})
    assert r.status_code == 409  # locked


def test_a_wrong_pin_is_said_at_the_side_s_pin(app):
    """Issue 43.4: a wrong PIN was refused at the top of a long page, the reader being at
    the sign-off, far below: it is said in the sign-off, above the form, the PIN focused
    (the browser scrolls to it), and once."""
    phone, t, who = members_match(app)
    r = sign_with_pin(phone, t, 1, wrong(who["Ben"][2]), SCORE)
    html = r.get_data(as_text=True)
    assert r.status_code == 403 and html.count('id="refused"') == 1
    signoff = html[html.index('<section id="signoff"') :]
    assert "Wrong PIN for Ben" in text_of(signoff, "refused")
    assert signoff.index('id="refused"') < signoff.index('id="sign-form-1"')
    pin = re.search(r'<input[^>]*id="pin-1"[^>]*>', html).group(0)
    assert " autofocus" in pin and 'aria-invalid="true"' in pin
    assert " autofocus" not in re.search(r'<input[^>]*id="pin-0"[^>]*>', html).group(0)


def test_signature_wrong_pins_are_counted_and_limited(app):
    phone, t, who = members_match(app)
    ana, _link, pin = who["Ana"]
    for left in range(cards.MEMBER_TRIES - 1, 0, -1):
        r = sign_with_pin(phone, t, 0, wrong(pin), SCORE)
        assert r.status_code == 403 and f": {left} more tr" in r.get_data(as_text=True)
    r = sign_with_pin(phone, t, 0, wrong(pin), SCORE)
    assert r.status_code == 429
    r = sign_with_pin(phone, t, 0, pin, SCORE)  # past the limit even the right PIN waits
    assert r.status_code == 429 and "Too many wrong PINs" in r.get_data(as_text=True)
    with app.app_context():
        tries = db.session.execute(sa.select(PinTry)).scalars().all()
        assert len(tries) == cards.MEMBER_TRIES and {x.member_id for x in tries} == {ana}
        assert not db.session.execute(sa.select(Change).where(Change.kind == "confirm")).all()
    # Ben's PIN is his own limit
    assert sign_with_pin(phone, t, 1, who["Ben"][2], SCORE).status_code == 302


def test_signature_unlock_makes_every_side_sign_again(app):
    phone, t, who = members_match(app)
    sign_with_pin(phone, t, 0, who["Ana"][2], SCORE)
    sign_with_pin(phone, t, 1, who["Ben"][2], SCORE)
    assert "every side has signed" in text_of(
        phone.get(f"/t/{t}/match").get_data(as_text=True), "locked"
    )
    with app.app_context():
        override_lock(db.session.execute(sa.select(Match)).scalar_one(), "a typo", "the director")
        db.session.remove()
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert text_of(html, "locked") is None
    assert text_of(html, "sign-0") == "Sign for Ana" and text_of(html, "sign-1") == "Sign for Ben"


def test_signature_plain_names_keep_the_phone_confirmation(app):
    """A match whose players are not members: today's confirmation, shown as confirmed on
    a phone, never as signed."""
    phone = Phone(app.test_client())
    t = decided(phone)
    confirm(phone, t, 0)
    confirm(phone, t, 1)
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    assert "Signed" not in text_of(html, "signoff")
    assert "on one phone" in text_of(html, "locked")
    assert sign_with_pin(phone, t, 0, "123456", SCORE).status_code == 400  # no member to sign


def test_signature_tries_per_match_and_client_are_limited(app):
    """Ten wrong PINs from one client at one match, whoever they were for: the next try
    there waits, even a right PIN; the members' own limits are not reached."""
    phone = Phone(app.test_client())
    t = phone.imported("french_full.json")  # decided: Dan won
    s = Secretary(app.test_client(), secretary_link(app))
    pins = {}
    for name in ("Ana", "Ben", "Cleo", "Dan"):
        member = s.add(name)
        s.link(name, member)
        pins[name] = s.card(member)[1]
    score = "100–53–82–28"
    for side, name, times in ((0, "Ana", 4), (1, "Ben", 4), (2, "Cleo", 1)):
        for _ in range(times):
            assert sign_with_pin(phone, t, side, wrong(pins[name]), score).status_code == 403
    r = sign_with_pin(phone, t, 2, wrong(pins["Cleo"]), score)  # the tenth: counted, and wait
    assert r.status_code == 429 and "Too many wrong PINs" in r.get_data(as_text=True)
    r = sign_with_pin(phone, t, 3, pins["Dan"], score)
    assert r.status_code == 429
    other = Phone(app.test_client())  # another client address is not held back
    r = other.post(
        f"/t/{t}/sign",
        {"side": 3, "pin": pins["Dan"], "score": score},
        environ_base={"REMOTE_ADDR": "10.0.0.9"},
    )
    assert r.status_code == 302
    with app.app_context():  # ten wrong, and Dan's right one (which does not count)
        tries = db.session.execute(sa.select(PinTry.matched)).scalars().all()
        assert sorted(tries) == [False] * 10 + [True]
