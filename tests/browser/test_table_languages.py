"""The table in Polish and in Czech on a phone (390 x 844): a move recorded, a refusal
said in that language, `<html lang>` right, axe with no violations; the screenshots
beside the English ones in docs/screenshots/ (five-up.pl.png, ctyrka.cs.png)."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import SCREENSHOTS, version, wait_for_new_table
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
WORD = {"pl": "Kamień", "cs": "Kámen"}  # the seeds' word for a tile, as the refusal says it

CASES = [  # (language, variant, players, the screenshot)
    ("pl", "five-up", 4, "five-up.pl.png"),
    ("cs", "ctyrka", 5, "ctyrka.cs.png"),
]


def english(client, url: str) -> str:
    """The refusal the same URL shows in English."""
    html = client.get(f"{url}&lang=en").get_data(as_text=True)
    return re.sub(r"<[^>]+>", " ", html[html.index('id="why-not"') :].split("</p>")[0])


@pytest.mark.parametrize("lang, variant, players, shot", CASES, ids=[c[0] for c in CASES])
def test_the_table_in_polish_and_czech(live, page, page_weight, lang, variant, players, shot):
    client = live[0].test_client()
    link, done, total = page_weight.start_table(client, variant, players, {}, 3)
    page.goto(f"{link}?lang={lang}")  # the link a table shares; the cookie keeps it
    assert page.locator("html").get_attribute("lang") == lang

    # a move recorded: the first tile that fits, laid on its first place
    before = version(page)
    tile = page.locator("#picker button:not(.no)").first.get_attribute("value")
    page.locator(f'#picker button[value="{tile}"]').tap()
    page.wait_for_selector("#chosen")
    page.locator("#places button").first.tap()
    wait_for_new_table(page, before)
    expect(page.locator("#flash")).to_contain_text(tile)
    assert page.locator("html").get_attribute("lang") == lang

    # a refusal: a dimmed tile (fits nowhere now) tapped, the referee says why
    dimmed = page.locator("#picker button.no").first
    no = dimmed.get_attribute("value")
    dimmed.tap()
    why = page.locator("#why-not")
    expect(why).to_be_visible()
    said, in_english = why.inner_text(), english(client, f"{link}?tile={no}")
    assert no in said and "fits nowhere" in in_english and "fits nowhere" not in said, said
    assert re.search(r"\(C-[A-Z-]+\)", said)  # the rule id, never translated
    assert WORD[lang] in said, said

    violations = Axe().run(page).response["violations"]
    assert [(v["id"], v["impact"]) for v in violations] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # the screenshot: a tile chosen, its places highlighted
    page.goto(link)
    fits = page.locator("#picker button:not(.no)").first.get_attribute("value")
    page.locator(f'#picker button[value="{fits}"]').tap()
    page.wait_for_selector("#chosen")
    expect(page.locator(".layout .place").first).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / shot))
