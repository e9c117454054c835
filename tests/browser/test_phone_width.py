"""Pages on a 390 x 844 phone: nothing scrolls the page sideways (the players' card with
its long link), and a table wider than the phone scrolls inside its box with its key
column (the name of the player, team or side) kept in view."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from browserkit import Tables

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from leaguehelpers import League  # noqa: E402

pytestmark = pytest.mark.browser

NAMES = ["Wiesława Przybyszewska", "Bartholomew Okonkwo-Smith"]  # long names, wide cells

PHONE = 390  # (a mobile page wider than this widens its layout viewport: innerWidth lies)


def _overflowing(page) -> list[str]:
    """The elements reaching past the viewport's right edge (to say what to fix)."""
    return page.evaluate(
        """w => [...document.querySelectorAll('body *')]
          .filter(e => e.getBoundingClientRect().right > w + 0.5)
          .map(e => e.tagName + '#' + e.id).slice(0, 12)""",
        PHONE,
    )


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_players_card_does_not_scroll_sideways(live, page, lang):
    """Issue 43.4: on a 390 px phone the players' card page scrolled sideways."""
    app, _base = live
    t = Tables(app).start("five-up", NAMES, target=100)
    page.goto(f"/t/{t}/card?lang={lang}")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= PHONE, _overflowing(page)


def test_a_wide_table_keeps_its_key_column_in_view(live, page):
    """Issue 43.4: a table wider than the phone scrolled its team names away with it; the
    row's heading (the team) stays at the box's left edge while the figures scroll."""
    app, _base = live
    lg = League(app, {"Premier": ["Heronsgate", "Wrenbury"]}, name="Sticky League")
    page.goto(f"/leagues/{lg.id}?lang=pl")
    box = page.locator(".scroll:has(table.league-table)").first
    wide = box.evaluate("b => [b.scrollWidth, b.clientWidth]")
    assert wide[0] > wide[1]  # wider than the phone: it scrolls inside its box
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    inside = box.evaluate(
        """b => { const r = b.getBoundingClientRect();
                  return [...b.querySelectorAll('tbody th[scope=row]')].map(th => {
                    const c = th.getBoundingClientRect();
                    return c.left >= r.left - 0.5 && c.right <= r.right + 0.5; }); }"""
    )
    assert inside and all(inside)
