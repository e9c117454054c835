"""A Mexican Train table on a 390 x 844 phone (issue 41): eight players' trains and the
Mexican train, a row each with its owner and marker, within the screen's width; the
picker's buttons for the trains a tile fits; and at the round's end the tiles left
tapped on the picture of the set, with their total shown."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_table_corners import no_sideways_scroll

pytestmark = pytest.mark.browser

EIGHT = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana"]


def lay(table, t: str, seat: int, tile: str, train: int | None = None, kind: str = "play"):
    """Record one move through the table's forms (`train`: the train it is laid on)."""
    hand, after = table.position(t)
    data = {"csrf_token": table.csrf, "hand": hand, "after": after, "seat": seat}
    if kind == "play":
        data["tile"] = tile
        if train is not None:
            data["train"] = train
    elif kind == "draw":
        data["count"] = 1
    r = table.client.post(f"/t/{t}/{kind}", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)[:1000]


def test_eight_trains_on_a_phone(page, table):
    t = table.start("mexican-train", EIGHT, deal="machead")  # 11 each, 3 to draw
    lay(table, t, 0, "12-12")
    lay(table, t, 1, "12-6", 1)
    lay(table, t, 2, "", kind="draw")
    lay(table, t, 2, "", kind="pass")  # Cleo's marker goes down
    lay(table, t, 3, "12-9", 8)  # Dan starts the Mexican train
    page.goto(f"/t/{t}")
    trains = page.locator("svg.trains")
    expect(trains).to_be_visible()
    box = trains.bounding_box()
    assert box["width"] > 300 and box["x"] + box["width"] <= 391
    assert page.locator("svg.trains g.train").count() == 9  # eight players and the Mexican
    assert page.locator("svg.trains g.train[data-marker]").count() == 1
    assert page.locator("svg.trains circle.marker").count() == 1
    expect(page.locator("svg.trains")).to_contain_text("the Mexican train")
    no_sideways_scroll(page)
    # Eva chooses 12-5: her own train and Cleo's (marker) take it; Ben's and the Mexican not
    page.locator('#picker button[value="12-5"]').click()
    buttons = page.locator('#places button[name="train"]')
    expect(buttons).to_have_count(2)
    expect(buttons.nth(0)).to_contain_text("Cleo")
    expect(buttons.nth(1)).to_contain_text("Eva")
    buttons.nth(0).click()
    expect(page.locator("svg.trains g.train[data-train='2'] g.tile")).to_have_count(1)
    assert page.locator("svg.trains g.train[data-marker]").count() == 1  # Cleo's stays down
    no_sideways_scroll(page)


def test_the_tiles_left_are_tapped_with_their_total(page, table):
    t = table.start("mexican-train", EIGHT, deal="machead")
    lay(table, t, 0, "12-12")
    for seat in (1, 2, 3):
        lay(table, t, seat, "", kind="draw")
        lay(table, t, seat, "", kind="pass")
    for seat in (4, 5, 6, 7, 0, 1, 2):
        lay(table, t, seat, "", kind="pass")  # the boneyard is empty: blocked
    page.goto(f"/t/{t}/end")
    expect(page.locator("#left-0-set")).to_have_attribute("open", "")
    for tile in ("6-5", "4-0", "0-0"):
        page.locator(f'label[for="left-0-{tile}"]').click()
    expect(page.locator("#left-0-sum")).to_contain_text("3")
    expect(page.locator("#left-0-sum")).to_contain_text("15")  # 11 + 4 + 0 pips
    no_sideways_scroll(page)
