"""A Fives & Threes table on a 390 x 844 phone (issue 38): the count after the lead, the
Knock button, what each side needs, and the cribbage board with each side's peg, all
within the screen's width."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_table_corners import no_sideways_scroll

pytestmark = pytest.mark.browser


def test_fives_and_threes_table_with_the_board(page, table):
    t = table.start("fives-and-threes", ["Ana", "Ben", "Cleo", "Dan"], target=121)
    table.moves(t, "Ana 5-0; Ben 5-5 on 5-0; Cleo 0-0 on 5-0")
    page.goto(f"/t/{t}")
    expect(page.locator("#count")).to_have_text("10")
    expect(page.locator("#needs")).to_contain_text("Ana+Cleo needs 118")
    expect(page.locator("#needs")).to_contain_text("Ben+Dan needs 119")
    board = page.locator("svg#board")
    expect(board).to_be_visible()
    box = board.bounding_box()
    assert box["width"] > 300 and box["x"] + box["width"] <= 391  # the phone's width
    assert page.locator("svg#board .peg").count() == 2
    # twice round: two rows of holes a side
    assert page.locator("svg#board rect[fill='url(#holes)']").count() == 4
    expect(page.locator("#pass-form")).to_contain_text("Dan knocks")
    no_sideways_scroll(page)
