"""The start form in a real browser: the name fields follow the number of players at once
(no round trip, the names typed kept), and without JavaScript the "Change" button does
the same through the server."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def players_of_the_match(page) -> str:
    page.wait_for_url(re.compile(r"/t/\w+"))
    return page.locator("#scores").inner_text()


def test_the_name_fields_follow_the_count_at_once(page):
    page.goto("/new/five-up?players=2")
    page.evaluate("window.__sameDocument = true")  # a page load would forget it
    expect(page.locator("#change-count")).to_have_count(0)  # nothing to tap: it follows
    page.fill("#names-0", "Ana")
    page.fill("#names-1", "Ben")
    expect(page.locator("#names-2")).to_be_hidden()
    page.select_option("#count", "4")
    expect(page.locator("#names-2")).to_be_visible()
    expect(page.locator("#names-3")).to_be_visible()
    expect(page.locator("#pairs")).to_be_visible()  # four play as two pairs
    page.fill("#names-2", "Cleo")
    page.fill("#names-3", "Dan")
    page.select_option("#count", "3")
    expect(page.locator("#names-3")).to_be_hidden()
    expect(page.locator("#pairs")).to_be_hidden()
    assert page.evaluate("window.__sameDocument === true"), "the count made a round trip"
    assert page.input_value("#names-0") == "Ana" and page.input_value("#names-2") == "Cleo"
    page.locator("#names-2").press("Enter")  # Enter starts the match, with three players
    scores = players_of_the_match(page)
    assert "Cleo" in scores and "Dan" not in scores


def test_without_javascript_change_keeps_the_names(new_phone):
    page = new_phone(javascript=False)
    page.goto("/new/ctyrka?players=2")
    page.fill("#names-0", "Ana")
    page.fill("#names-1", "Ben")
    page.select_option("#count", "3")
    expect(page.locator("#names-2")).to_be_hidden()  # no script: the server shows it
    page.click("#change-count")
    expect(page.locator("#names-2")).to_be_visible()
    assert page.input_value("#names-0") == "Ana" and page.input_value("#names-1") == "Ben"
    page.fill("#names-2", "Cleo")
    page.select_option("#count", "2")  # changed, but "Change" not tapped: never silent
    page.click("#submit")
    expect(page.locator("#count-errors")).to_contain_text("You chose 2 players")
    expect(page.locator("#names-2")).to_be_hidden()
    page.select_option("#count", "3")
    page.click("#change-count")
    page.fill("#names-2", "Cleo")
    page.click("#submit")
    assert "Cleo" in players_of_the_match(page)
