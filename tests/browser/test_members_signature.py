"""A members' match in Chromium: the club's secretary adds two members and prints their
cards, a match of theirs is played to the end through HTTP, each side signs with its own
PIN on the table's page (a wrong PIN is refused and counted once), the match locks, and
the ladder shows the new ratings."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa
from browserkit import Tables
from playwright.sync_api import expect

from referee.web.members.models import PinTry
from referee.web.store import db

pytestmark = pytest.mark.browser

NAMES = ["Zofia", "Radek"]  # names no other browser test plays with


def test_members_sign_with_their_pins_and_the_ladder_shows_the_ratings(live, new_phone):
    app, base = live
    out = app.test_cli_runner().invoke(args=["secretary"])
    key = re.search(r"/club/([A-Za-z0-9_-]+)", out.output).group(1)
    page = new_phone()
    page.goto(f"/club/{key}")
    for name in NAMES:
        page.fill("#name", name)
        page.click("#add-form button[type=submit]")
        expect(page.locator("#flash")).to_contain_text(name)
    ids = {n: page.locator(f"#members a:text-is('{n}')").get_attribute("href") for n in NAMES}
    ids = {n: int(href.rsplit("/", 1)[1]) for n, href in ids.items()}
    for n in NAMES:
        page.check(f"#pick-{ids[n]}")
    page.click("#print-cards")
    pins = {n: page.locator(f"#pin-{ids[n]}").inner_text() for n in NAMES}
    assert all(len(p) == 6 for p in pins.values())

    # the match, played through HTTP: its names are members', linked when it starts
    tables = Tables(app)
    z, r = NAMES
    t = tables.start("five-up", NAMES, target=5)
    tables.moves(t, f"{z} 5-5; {r} 5-0 on 5-5; {z} 0-0 on 5-0; {r} 5-3 on 5-5; {z} 3-3 on 5-3")
    tables.moves(t, f"{r} 5-2 on 5-5; {z} 3-1 on 3-3; {r} 2-2 on 5-2; {z} 4-1 on 3-1")
    tables.settle(t, {r: "6-6"})
    client = app.test_client()
    for n in NAMES:
        link = client.get(f"/club/{key}/link", query_string={"name": n}).get_data(as_text=True)
        assert not re.findall(r'name="seat" value="(\d+:\d+)"', link)  # none left to link

    table = new_phone()  # the table's phone
    table.goto(f"/t/{t}")
    expect(table.locator("#sign-0")).to_have_text(f"Sign for {z}")
    expect(table.locator("#confirm-0")).to_have_count(0)  # the link alone signs for nobody
    wrong = str((int(pins[z]) + 1) % 10**6).zfill(6)
    table.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # the long page's end
    table.fill("#pin-0", wrong)
    table.click("#sign-0")
    expect(table.locator("#refused")).to_contain_text(f"Wrong PIN for {z}: 4 more tries.")
    # said where the reader is, not at the top of the page (issue 43.4), the PIN focused
    expect(table.locator("#signoff #refused")).to_be_in_viewport()
    expect(table.locator("#pin-0")).to_be_focused()
    with app.app_context():
        tries = sa.select(sa.func.count(PinTry.id)).where(PinTry.member_id == ids[z])
        assert db.session.execute(tries).scalar() == 1  # the wrong PIN, once
        db.session.remove()
    table.fill("#pin-0", pins[z])
    table.click("#sign-0")
    expect(table.locator("#confirmations")).to_contain_text(f"Signed for {z} (6–3) by {z}")
    table.fill("#pin-1", pins[r])
    table.click("#sign-1")
    expect(table.locator("#locked")).to_contain_text("Locked: every side has signed the result.")
    expect(table.locator("#undo")).to_have_count(0)

    page.goto("/ladder/five-up")
    rows = page.locator("#ladder tbody tr")
    expect(rows.first).to_contain_text(z)
    expect(page.locator(f"#ladder-{ids[r]}")).to_contain_text(r)
    first = float(page.locator(f"#ladder-{ids[z]} .rating").inner_text().split()[0])
    second = float(page.locator(f"#ladder-{ids[r]} .rating").inner_text().split()[0])
    assert first > second
