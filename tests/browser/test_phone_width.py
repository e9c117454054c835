"""Pages on a 390 x 844 phone: nothing scrolls the page sideways (the players' card with
its long link), and a table wider than the phone scrolls inside its box with its key
column (the name of the player, team or side) kept in view."""

from __future__ import annotations

import pytest
from browserkit import Tables

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
