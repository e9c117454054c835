"""Screenshots of the table screen of each variant at phone size (390 x 844), mid-hand,
with a tile chosen and its places highlighted; kept in docs/screenshots/ for the README."""

from __future__ import annotations

import re

import pytest
from browserkit import SCREENSHOTS

pytestmark = pytest.mark.browser

SHOTS = [
    ("five-up", "five-up", 4, {}, 3),
    ("french-connection", "french-connection", 4, {}, 3),
    ("ctyrka", "ctyrka", 5, {}, 3),
    ("mexican-train", "mexican-train", 8, {}, 3),
]


@pytest.mark.parametrize("name, variant, players, options, seed", SHOTS, ids=[s[0] for s in SHOTS])
def test_screenshot_of_the_table(live, page, page_weight, name, variant, players, options, seed):
    client = live[0].test_client()
    link, done, total = page_weight.start_table(client, variant, players, options, seed)
    html = client.get(link).get_data(as_text=True)
    offered = re.findall(r'<button name="tile" value="([\d-]+)" aria-label="[\d-]+"', html)
    # a tile with more than one place if there is one, to show the highlighted places
    counts = {}
    for tile in offered:
        chosen = client.get(f"{link}?tile={tile}").get_data(as_text=True)
        counts[tile] = len(re.findall(r'<g class="place"', chosen))
    tile = max(offered, key=lambda t: counts[t])
    page.goto(link)
    page.locator(f'#picker button[value="{tile}"]').tap()
    page.wait_for_selector("#chosen")
    assert page.locator(".layout .place").count() == counts[tile]
    page.evaluate("window.scrollTo(0, 0)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
