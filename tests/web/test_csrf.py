"""Every POST carries the session's CSRF token (Flask-WTF's `CSRFProtect`): another
session's token, a token changed by a character, or none is refused (400) and nothing is
recorded; over HTTPS the referrer is checked too; the token a page carries is good for the
whole evening, and with a time limit a page never carries one that has run out."""

from __future__ import annotations

import re
import time

from webhelpers import Phone

FETCH = {"X-Requested-With": "fetch"}
MOVE = {"hand": 1, "after": 0, "seat": 0, "tile": "5-5"}


def tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" value="([^"]+)"', html))


def changed(token: str) -> str:
    """`token` with a character of its signature changed (the last one holds bits that
    base64 decoding drops)."""
    return token[:-5] + ("A" if token[-5] != "A" else "B") + token[-4:]


def test_another_sessions_token_is_refused_and_the_phones_own_is_taken(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    fetched = phone.get(f"/t/{t}?fragment=1", headers=FETCH).get_data(as_text=True)
    mine = tokens(fetched).pop()
    other = Phone(app.test_client())
    other.players[t] = phone.players[t]
    assert tokens(other.table(t)).isdisjoint({mine})  # its own session, its own token
    r = other.post(f"/t/{t}/play", MOVE | {"csrf_token": mine}, csrf=False)
    assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    assert phone.position(t) == (1, 0)  # nothing recorded
    r = phone.post(f"/t/{t}/play", MOVE | {"csrf_token": mine}, csrf=False)
    assert r.status_code == 302 and phone.position(t) == (1, 1)


def test_a_changed_or_missing_token_is_refused_in_the_form_and_in_the_header(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    mine = tokens(phone.table(t)).pop()
    r = phone.post(f"/t/{t}/play", MOVE | {"csrf_token": changed(mine)}, csrf=False)
    assert r.status_code == 400 and "CSRF" in r.get_data(as_text=True)
    r = phone.post(f"/t/{t}/play", MOVE, csrf=False, headers={"X-CSRFToken": changed(mine)})
    assert r.status_code == 400
    r = phone.post(f"/t/{t}/play", MOVE, csrf=False)
    assert r.status_code == 400 and phone.position(t) == (1, 0)
    r = phone.post(f"/t/{t}/play", MOVE, csrf=False, headers={"X-CSRFToken": mine})
    assert r.status_code == 302 and phone.position(t) == (1, 1)  # the outbox's way


def test_over_https_the_referrer_is_checked(app, phone):
    https = {"base_url": "https://localhost"}
    t = phone.start("five-up", ["Ana", "Ben"])
    token = tokens(phone.client.get(f"/t/{t}", **https).get_data(as_text=True)).pop()
    move = MOVE | {"csrf_token": token}
    r = phone.post(f"/t/{t}/play", move, csrf=False, **https)
    assert r.status_code == 400 and "referrer" in r.get_data(as_text=True)
    assert phone.position(t) == (1, 0)
    r = phone.post(
        f"/t/{t}/play", move, csrf=False, headers={"Referer": f"https://localhost/t/{t}"}, **https
    )
    assert r.status_code == 302 and phone.position(t) == (1, 1)


def test_with_a_time_limit_a_page_never_carries_a_token_that_has_run_out(app, phone):
    app.config["WTF_CSRF_TIME_LIMIT"] = 1
    t = phone.start("five-up", ["Ana", "Ben"])
    first = tokens(phone.table(t))
    time.sleep(2.1)
    now = tokens(phone.table(t))
    assert now and now.isdisjoint(first)
    r = phone.post(f"/t/{t}/play", MOVE | {"csrf_token": first.pop()}, csrf=False)
    assert r.status_code == 400 and phone.position(t) == (1, 0)
    r = phone.post(f"/t/{t}/play", MOVE | {"csrf_token": now.pop()}, csrf=False)
    assert r.status_code == 302 and phone.position(t) == (1, 1)
