"""Picking an event's entrants from the roster in Chromium: with scripts, a name picked in
the roster field joins the entrants' list at once; without scripts, the field is sent as
typed and joins the list on the server. On the club's link (from the secretary's page) a
name no member has becomes a member."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MEMBERS = ["Halina", "Oldřich"]  # names no other browser test plays with


def test_member_entrants_picked_from_the_roster_with_and_without_scripts(live, new_phone):
    app, base = live
    out = app.test_cli_runner().invoke(args=["secretary"])
    key = re.search(r"/club/([A-Za-z0-9_-]+)", out.output).group(1)
    page = new_phone()
    page.goto(f"/club/{key}")
    for name in MEMBERS:
        page.fill("#name", name)
        page.click("#add-form button[type=submit]")
        expect(page.locator("#flash")).to_contain_text(name)

    # the event form on the club's link, as the secretary's page offers it
    expect(page.locator("#club-event")).to_have_attribute("href", f"/club/{key}/events/new")
    page.goto(f"/club/{key}/events/new?variant=five-up")
    options = page.locator("#roster-names option")
    values = [options.nth(i).get_attribute("value") for i in range(options.count())]
    assert set(MEMBERS) <= set(values)
    page.fill("#name", "Roster night")
    page.fill("#pick", MEMBERS[0])
    page.press("#pick", "Enter")  # with scripts: joins the list, the form is not sent
    expect(page.locator("#entrants")).to_have_value(f"{MEMBERS[0]}\n")
    expect(page.locator("#pick")).to_have_value("")
    page.fill("#pick", MEMBERS[1])
    page.click("#pick-add")
    page.fill("#pick", "Wanda")  # typed: a name no member has
    page.click("#pick-add")
    expect(page.locator("#entrants")).to_have_value(f"{MEMBERS[0]}\n{MEMBERS[1]}\nWanda\n")
    page.click("#event-form button[type=submit]")
    expect(page.locator("#new-member-cards")).to_contain_text("Wanda")
    expect(page.locator("#new-member-cards")).not_to_contain_text(MEMBERS[0])
    page.click("#entrants-link")  # the entrants have a page of their own
    expect(page.locator("#entrants li")).to_have_count(3)

    bare = new_phone(javascript=False)
    bare.goto("/events/new?variant=five-up")
    expect(bare.locator("#pick-add")).to_be_hidden()  # the button needs the script
    bare.fill("#name", "Roster night, no scripts")
    bare.fill("#entrants", MEMBERS[0])
    bare.fill("#pick", MEMBERS[1])
    bare.click("#event-form button[type=submit]")
    bare.click("#entrants-link")
    entrants = bare.locator("#entrants li")
    expect(entrants).to_have_count(2)
    expect(entrants.nth(1)).to_contain_text(MEMBERS[1])
