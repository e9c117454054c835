"""The replay viewer in a real browser: step through a hand with the buttons, the arrow
keys and a swipe; a deep link opens the same position on another phone; without
JavaScript the links still step."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LIVE = "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana draw 2"


def press(page, key: str) -> None:
    page.wait_for_load_state("load")  # the page's script is in (deferred) before a key
    page.keyboard.press(key)


def test_step_through_a_hand_and_open_a_deep_link(page, table, new_phone):
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, LIVE)
    page.goto(f"/t/{t}/hand/1")
    page.locator("#replay-link").click()
    expect(page.locator("#position")).to_contain_text("Before the first move")
    page.locator("#next").click()
    expect(page.locator("#position")).to_contain_text("After move 1 of 5")
    expect(page.locator("#replay-turn")).to_have_text("Ben to play.")
    press(page, "ArrowRight")
    expect(page.locator("#position")).to_contain_text("After move 2 of 5")
    press(page, "ArrowRight")
    expect(page.locator("#position")).to_contain_text("After move 3 of 5")
    expect(page.locator("#replay-count")).to_contain_text("Count: 10")
    press(page, "ArrowLeft")
    expect(page.locator("#position")).to_contain_text("After move 2 of 5")
    # a swipe to the left is the next move
    page.wait_for_load_state("load")
    box = page.locator("#replay")
    bb = box.bounding_box()
    y = bb["y"] + 100
    page.evaluate(
        """([y]) => {
          const el = document.getElementById('replay');
          const t = (x) => new Touch({identifier: 1, target: el, clientX: x, clientY: y});
          el.dispatchEvent(new TouchEvent('touchstart', {touches: [t(300)], bubbles: true}));
          el.dispatchEvent(new TouchEvent('touchend', {changedTouches: [t(100)], bubbles: true}));
        }""",
        [y],
    )
    expect(page.locator("#position")).to_contain_text("After move 3 of 5")
    link = page.locator("#deep-link").get_attribute("href")
    assert link.endswith(f"/t/{t}/hand/1/move/3")

    other = new_phone(javascript=False)  # pasted into a chat, opened on another phone
    other.goto(link)
    expect(other.locator("#position")).to_contain_text("After move 3 of 5")
    expect(other.locator("#replay-next")).to_have_text("Next, move 4: Ben: 5-3 on 5-5")
    other.locator("#next").click()  # without JavaScript the links step
    expect(other.locator("#position")).to_contain_text("After move 4 of 5")
