"""The CSRF token a page's forms carry is signed once per session and process
(`referee/web/csrf_token.py`): a phone gets the same token on every page and fetch, every
POST is still checked (another session's token is refused), and with a time limit the
token is signed afresh, so that a page never carries one that has run out."""

from __future__ import annotations

import re
import time

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
