"""Partnership Block in Spanish on a phone (390 x 844): the start form's presets fill the
options in, the match starts with its pairs as the sides, the lead and a tile recorded by
taps with the layout picture drawn, a refusal said in Spanish with its rule id, the
layout said blocked at once, axe with no violations; the screenshot beside the others in
docs/screenshots/ (partnership.es.png)."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browserkit import SCREENSHOTS, version, wait_for_new_table
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
NAMES = ["Ana", "Ben", "Cleo", "Dan"]
# the gist's hand (docs/rule-ids.md, PB-BLOCK): played to its last tile, nobody can lay
GIST_ORDER = ["B", "C", "D", "A"]
GIST_PLAY = (
    "B 1-1; C pass; D 1-5; A 1-4; B pass; C 4-5 on 5-1; D 0-4 on 4-1; A 0-5; B pass; C 2-5; "
    "D 1-2; A 4-4; B 0-1; C 0-2; D pass; A 2-2; B 2-6; C 4-6 on 6-2; D pass; A 3-4 on 4-4; "
    "B 2-3; C 2-4 on 3-2"
)


def fits_nowhere(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_partnership_table_in_spanish(live, page, table):
    base = live[1]
    page.goto(f"{base}/new/partnership?lang=es")
    assert page.locator("html").get_attribute("lang") == "es"
    presets = page.locator("#presets")
    expect(presets).to_contain_text("España (FED)")
    presets.get_by_role("link", name="República Dominicana").tap()
    expect(page.locator("#target")).to_have_value("200")
    expect(page.locator('input[name="capicua"]')).to_have_value("25")
    expect(page.locator("#pairs")).to_be_visible()
    fits_nowhere(page)
    for i, name in enumerate(NAMES):
        page.locator(f"#names-{i}").fill(name)
    page.locator("#submit").tap()
    page.wait_for_url(re.compile(r"/t/"))
    link = page.url.split("?")[0]
    assert page.locator("html").get_attribute("lang") == "es"
    score = page.locator("#score")
    expect(score).to_contain_text("Ana+Cleo")
    expect(score).to_contain_text("Ben+Dan")
    expect(score).to_contain_text("200")

    # the lead: 6-6 by its holder (PB-FIRST), whoever that is at the table
    expect(page.locator("#status")).to_contain_text("6-6")
    before = version(page)
    page.locator('#picker button[value="6-6"]').tap()
    page.wait_for_selector("#chosen")
    page.locator("#places button").nth(2).tap()  # Cleo leads it
    wait_for_new_table(page, before)
    expect(page.locator("#flash")).to_contain_text("6-6")
    expect(page.locator("#status")).to_contain_text("Dan")  # the next player lays

    # a tile laid on the double: it lies across, one open end each side (PB-LINE)
    before = version(page)
    page.locator('#picker button[value="6-5"]').tap()
    page.wait_for_selector("#chosen")
    page.locator("#places button").first.tap()
    wait_for_new_table(page, before)
    expect(page.locator("#layout svg use")).not_to_have_count(0)
    expect(page.locator("#layout")).to_contain_text("6-5")

    # a refusal in Spanish: a tile that fits nowhere now, with its rule id
    dimmed = page.locator("#picker button.no").first
    no = dimmed.get_attribute("value")
    dimmed.tap()
    why = page.locator("#why-not")
    expect(why).to_be_visible()
    said = why.inner_text()
    assert no in said and "no encaja" in said and "fits nowhere" not in said, said
    assert re.search(r"\(C-[A-Z-]+\)", said)

    violations = Axe().run(page).response["violations"]
    assert [(v["id"], v["impact"]) for v in violations] == []
    fits_nowhere(page)

    page.goto(link)
    fits = page.locator("#picker button:not(.no)").first.get_attribute("value")
    page.locator(f'#picker button[value="{fits}"]').tap()
    page.wait_for_selector("#chosen")
    page.evaluate("window.scrollTo(0, 0)")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "partnership.es.png"))

    # a layout nobody can lay on is said blocked at once, in Spanish (C-BLOCK)
    token = table.start("partnership", GIST_ORDER, first_lead="lot", language="es")
    table.moves(token, GIST_PLAY)
    page.goto(f"{base}/t/{token}")
    blocked = page.locator("#blocked")
    expect(blocked).to_contain_text("La mano está trancada")
    expect(blocked).to_contain_text("C-BLOCK")
    fits_nowhere(page)
