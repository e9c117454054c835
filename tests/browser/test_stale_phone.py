"""A second phone one move behind (issue 17.6), in Chromium with two pages: the tile it
taps on a screen that still says "Bartek to play" is refused ("already recorded: …"), and
it is shown the table as it is; nothing is recorded as Celina's move."""

from __future__ import annotations

import pytest
from browserkit import Phone, version, wait_for_new_table
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_tile_tapped_on_a_stale_screen_is_refused(new_phone, table):
    t = table.start("five-up", ["Ana", "Bartek", "Celina"])
    table.moves(t, "Ana 5-5")
    a, b = new_phone(), new_phone()
    a.goto(f"/t/{t}")
    b.route("**/version", lambda route: route.abort())  # b hears nothing of a's move
    b.goto(f"/t/{t}")
    expect(b.locator("#turn")).to_have_text("Bartek to play.")
    Phone(a).lay("5-0", places=["5-5"])  # a records Bartek's move
    before = version(b)
    b.locator('#picker button[value="5-4"]').tap()  # b, still at "Bartek to play"
    wait_for_new_table(b, before)
    refused = b.locator("#refused")
    expect(refused).to_contain_text("already recorded: Bartek laid 5-0 on 5-5")
    assert refused.get_attribute("data-status") == "409"
    expect(b.locator("#chosen")).to_have_count(0)  # no buttons that would record it
    expect(b.locator("#turn")).to_have_text("Celina to play.")
    assert table.position(t) == (1, 2)
    # on the screen as it now is, the same tile is Celina's, and says so
    Phone(b).choose("5-4")
    expect(b.locator("#chosen-q")).to_contain_text("Celina")
