"""The version the phones poll: one more at every write to the match, whatever the write,
unchanged by a refusal; the same for the players' and the spectators' links."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import update

from referee.web.models import Hand
from referee.web.store import db
from referee.web.table import transaction


def poll(phone, token: str, spectator: bool = False) -> str:
    r = phone.get(f"/{'s' if spectator else 't'}/{token}/version")
    assert r.status_code == 200
    assert r.headers["Cache-Control"] == "no-store"
    return r.get_data(as_text=True)


def shown(html: str) -> str:
    return re.search(r'data-version="([^"]*)"', html).group(1)


def test_every_write_adds_one_to_the_version(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    s = phone.read_token(t)
    assert poll(phone, t) == poll(phone, s, spectator=True) == "0"
    phone.move(t, "Ana 5-5")
    assert poll(phone, t) == "1"
    phone.move(t, "Ben 5-0 on 5-5")
    phone.undo(t)
    # a move taken back and another recorded in its place: the phones see both changes
    assert poll(phone, t) == "3"
    phone.move(t, "Ben 5-1 on 5-5")
    assert poll(phone, t) == poll(phone, s, spectator=True) == "4"
    assert shown(phone.table(t)) == "4"  # the page says which version it shows
    other = phone.start("five-up", ["Ana", "Ben"])
    r = phone.post(f"/t/{other}/lot", {"hand": 1, "after": 0})
    assert r.status_code == 302
    assert poll(phone, other) == "1"  # the lot is a write too


def test_a_refused_write_leaves_the_version(phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.move(t, "Ana 5-5")
    phone.move(t, "Ben 6-2 on 5-5", status=422)  # does not match
    phone.move(t, "Ben 5-0 on 5-5", status=409, position=(1, 0))  # a stale page
    assert poll(phone, t) == "1"


def test_an_unknown_link_has_no_version(client):
    assert client.get("/t/nosuchtable/version").status_code == 404
    assert client.get("/s/nosuchtable/version").status_code == 404


def test_a_write_that_does_not_bump_the_version_is_caught(app, phone):
    """A write service that forgets transaction.commit would change a table no phone and no
    other process ever sees changed: it fails loudly instead."""
    t = phone.start("five-up", ["Ana", "Ben"])

    @transaction.writes
    def forgetful(token):
        transaction.begin(token)
        db.session.execute(update(Hand).values(lot=1))
        db.session.commit()

    with app.test_request_context():
        with pytest.raises(RuntimeError):
            forgetful(t)
        db.session.remove()
