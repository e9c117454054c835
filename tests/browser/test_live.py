"""Live: every phone that shows a table sees a move recorded on another phone within two
seconds, without reloading (the page polls the table's /version; see docs/frontend.md)."""

from __future__ import annotations

import time

import pytest
from browserkit import Phone, version
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LIMIT = 2.0  # seconds


def seen_within(page, wanted: str, limit: float = LIMIT) -> float:
    """Seconds until `page` shows the table at version `wanted` (fails past the limit)."""
    start = time.monotonic()
    page.wait_for_function(
        "v => document.getElementById('table').dataset.version === v",
        arg=wanted,
        timeout=limit * 1000,
        polling=20,
    )
    return time.monotonic() - start


def test_other_phones_see_each_move_within_two_seconds(new_phone, table, capsys):
    t = table.start("five-up", ["Ana", "Ben"])
    ana, ben, watcher = new_phone(), new_phone(), new_phone()
    ana.goto(f"/t/{t}")
    ben.goto(f"/t/{t}")
    watcher.goto(f"/s/{table.read_token(t)}")  # a spectator: read only
    for page in (ana, ben, watcher):
        page.evaluate("window.__sameDocument = true")
    phones = {"ana": Phone(ana), "ben": Phone(ben)}
    moves = [
        ("ana", lambda p: p.lay("5-5", places=["lead"], by="Ana"), "10"),
        ("ben", lambda p: p.lay("5-0", places=["5-5"]), "10"),
        ("ana", lambda p: p.lay("0-0", places=["5-0"]), "10"),
        ("ben", lambda p: p.button("#draw-form button", "draw"), "10"),
        ("ben", lambda p: p.lay("5-3", places=["5-5"]), "3"),
        ("ana", lambda p: p.lay("3-3", places=["5-3"]), "6"),
        ("ben", lambda p: p.undo(), "3"),
    ]
    latencies = []
    for who, move, count in moves:
        mover = phones[who]
        move(mover)
        wanted = version(mover.page)
        others = [p for p in (ana, ben, watcher) if p is not mover.page]
        waits = [seen_within(p, wanted) for p in others]
        latencies.append(max(waits))
        for p in others:
            expect(p.locator("#count")).to_have_text(count)
    expect(watcher.locator("#moves li")).to_have_count(5)
    expect(watcher.locator("#picker")).to_have_count(0)  # spectators only watch
    for page in (ana, ben, watcher):
        assert page.evaluate("window.__sameDocument === true")  # no reload
    assert max(latencies) < LIMIT
    with capsys.disabled():
        shown = ", ".join(f"{s:.2f}" for s in latencies)
        print(f"\nseen on the other phones after (s): {shown}; worst {max(latencies):.2f}")


def test_polling_stops_while_the_tab_is_hidden(new_phone, table):
    t = table.start("five-up", ["Ana", "Ben"])
    page = new_phone()
    polls = []
    page.on("request", lambda r: polls.append(r.url) if r.url.endswith("/version") else None)
    page.goto(f"/t/{t}")
    page.wait_for_timeout(2500)
    assert len(polls) >= 2  # about one a second
    page.evaluate(
        """() => { Object.defineProperty(document, 'hidden', {value: true, configurable: true});
                   document.dispatchEvent(new Event('visibilitychange')); }"""
    )
    page.wait_for_timeout(300)
    hidden = len(polls)
    page.wait_for_timeout(2500)
    assert len(polls) == hidden  # no polling while hidden
    page.evaluate(
        """() => { Object.defineProperty(document, 'hidden', {value: false, configurable: true});
                   document.dispatchEvent(new Event('visibilitychange')); }"""
    )
    page.wait_for_timeout(500)
    assert len(polls) > hidden  # at once when shown again
