"""The league's TV mode on a 1920×1080 screen: the tables use the screen's width and every
column shows, the last (the league points) too; it was the narrow page, its last column
cut off."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from leaguehelpers import League  # noqa: E402

pytestmark = pytest.mark.browser

TEAMS = {"Premier": ["Osprey", "Plover"], "First": ["Quail", "Rook"]}  # names of no other test


def test_league_tv_uses_the_screens_width_and_shows_every_column(live, chromium):
    app, base = live
    lg = League(app, TEAMS, preset="leek", name="Telly League")
    fixture_id, home, away = lg.fixtures[0]
    lg.play(fixture_id, home, away, wins=6)
    context = chromium.new_context(viewport={"width": 1920, "height": 1080}, base_url=base)
    try:
        tv = context.new_page()
        tv.goto(f"/leagues/{lg.id}/tv")
        tables = tv.locator("table.league-table")
        assert tables.count() == 2
        for i in range(2):
            table = tables.nth(i)
            box = table.bounding_box()
            assert box["width"] > 1920 * 0.8, box  # the screen's width, not the phone page's
            last = table.locator("thead th").last
            assert last.inner_text() == "Points"
            cell = last.bounding_box()
            assert cell["x"] >= 0 and cell["x"] + cell["width"] <= 1920, cell
            wrapper = table.locator("xpath=..")  # the .scroll box: nothing hidden in it
            assert wrapper.evaluate("e => e.scrollWidth <= e.clientWidth"), "a column is cut"
        assert tv.evaluate("document.documentElement.scrollWidth") <= 1920
        assert tv.locator("header.site").is_hidden()  # the screen is the tables'
    finally:
        context.close()
