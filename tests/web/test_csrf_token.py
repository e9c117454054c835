"""The CSRF token a page's forms carry is signed once per session and process
(`referee/web/csrf_token.py`): a phone gets the same token on every page and fetch, every
POST is still checked (another session's token is refused), and with a time limit the
token is signed afresh, so that a page never carries one that has run out."""

from __future__ import annotations

import re
import time

from itsdangerous import URLSafeTimedSerializer
from webhelpers import Phone

FETCH = {"X-Requested-With": "fetch"}


def tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" value="([^"]+)"', html))


def test_a_phone_keeps_one_token_and_every_post_is_still_checked(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    first = tokens(phone.table(t))
    time.sleep(1.1)  # a token signed now would carry another second (itsdangerous)
    fetched = phone.get(f"/t/{t}?fragment=1", headers=FETCH).get_data(as_text=True)
    assert len(first) == 1 and tokens(phone.table(t)) == tokens(fetched) == first
    other = Phone(app.test_client())
    other.players[t] = phone.players[t]
    assert tokens(other.table(t)).isdisjoint(first)  # its own session, its own token
    move = {"hand": 1, "after": 0, "seat": 0, "tile": "5-5"}
    r = other.post(f"/t/{t}/play", move | {"csrf_token": first.pop()}, csrf=False)
    assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    assert phone.position(t) == (1, 0)  # nothing recorded
    r = phone.post(f"/t/{t}/play", move | {"csrf_token": tokens(phone.table(t)).pop()})
    assert r.status_code == 302 and phone.position(t) == (1, 1)


def test_with_a_time_limit_a_page_never_carries_a_token_that_has_run_out(app, phone):
    app.config["WTF_CSRF_TIME_LIMIT"] = 1
    t = phone.start("five-up", ["Ana", "Ben"])
    first = tokens(phone.table(t))
    time.sleep(2.1)
    now = tokens(phone.table(t))
    assert now and now.isdisjoint(first)
    move = {"hand": 1, "after": 0, "seat": 0, "tile": "5-5", "csrf_token": now.pop()}
    r = phone.post(f"/t/{t}/play", move, csrf=False)
    assert r.status_code == 302 and phone.position(t) == (1, 1)


def _secret(app, client) -> str:
    """The session's CSRF secret, as the phone's cookie holds it."""
    cookie = client.get_cookie("session").value
    return app.session_interface.get_signing_serializer(app).loads(cookie)["csrf_token"]


def test_a_token_kept_is_compared_and_any_other_is_verified_as_before(app, phone):
    """A POST whose token this process signed for the session is compared with it; a
    token changed by a character is refused although the session's secret is kept; one
    signed by another process of the host (the same key) is verified, then kept."""
    t = phone.start("five-up", ["Ana", "Ben"])
    mine = tokens(phone.table(t)).pop()
    move = {"hand": 1, "after": 0, "seat": 0, "tile": "5-5"}
    # a character inside the signature: the last one holds bits base64 decoding drops
    other = "A" if mine[-5] != "A" else "B"
    changed = mine[:-5] + other + mine[-4:]
    r = phone.post(f"/t/{t}/play", move | {"csrf_token": changed}, csrf=False)
    assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    assert phone.position(t) == (1, 0)
    secret = _secret(app, phone.client)
    time.sleep(1.1)  # another second in the signature: another token for the same secret
    theirs = URLSafeTimedSerializer(app.secret_key, salt="wtf-csrf-token").dumps(secret)
    assert theirs != mine
    r = phone.post(f"/t/{t}/play", move | {"csrf_token": theirs}, csrf=False)
    assert r.status_code == 302 and phone.position(t) == (1, 1)
    assert app.extensions["referee_csrf_tokens"].get(secret) == theirs  # kept: compared next
    r = phone.post(f"/t/{t}/play", move | {"after": 1, "seat": 1, "tile": "5-0"}, csrf=False)
    assert r.status_code == 400  # no token at all: refused, as ever


def test_over_https_the_referrer_is_checked_even_with_a_kept_token(app, phone):
    https = {"base_url": "https://localhost"}
    t = phone.start("five-up", ["Ana", "Ben"])
    token = tokens(phone.client.get(f"/t/{t}", **https).get_data(as_text=True)).pop()
    move = {"hand": 1, "after": 0, "seat": 0, "tile": "5-5", "csrf_token": token}
    r = phone.post(f"/t/{t}/play", move, csrf=False, **https)
    assert r.status_code == 400 and "referrer" in r.get_data(as_text=True)
    assert phone.position(t) == (1, 0)
    r = phone.post(
        f"/t/{t}/play", move, csrf=False, headers={"Referer": f"https://localhost/t/{t}"}, **https
    )
    assert r.status_code == 302 and phone.position(t) == (1, 1)


def test_a_token_sent_in_the_header_is_compared_too(app, phone, monkeypatch):
    """The outbox sends its token in `X-CSRFToken`: the kept one is compared, not verified
    again; one changed by a character is refused."""
    import flask_wtf.csrf

    verified = []
    real = flask_wtf.csrf.validate_csrf
    monkeypatch.setattr(flask_wtf.csrf, "validate_csrf", lambda *a: verified.append(a) or real(*a))
    t = phone.start("five-up", ["Ana", "Ben"])
    mine = tokens(phone.table(t)).pop()
    move = {"hand": 1, "after": 0, "seat": 0, "tile": "5-5"}
    other = "A" if mine[-5] != "A" else "B"
    changed = mine[:-5] + other + mine[-4:]
    before = len(verified)
    r = phone.post(f"/t/{t}/play", move, csrf=False, headers={"X-CSRFToken": changed})
    assert r.status_code == 400 and phone.position(t) == (1, 0)
    assert len(verified) == before + 1  # not the kept one: verified, and refused
    r = phone.post(f"/t/{t}/play", move, csrf=False, headers={"X-CSRFToken": mine})
    assert r.status_code == 302 and phone.position(t) == (1, 1)
    assert len(verified) == before + 1  # compared with the kept token: not verified again
