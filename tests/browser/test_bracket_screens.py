"""A knockout's bracket in Chromium (issue 40): on a 390 x 844 phone the picture scrolls
sideways inside its box while the page does not; on a 1920 x 1080 TV it fills the screen's
width; with JavaScript off the bracket is also a table that reads in order. For 13 and
for 32 entrants, the first round played."""

from __future__ import annotations

import re

import pytest
from test_event_screens import EventMaker

pytestmark = pytest.mark.browser

FIELDS = {13: 15, 32: 31}  # entrants -> the bracket's rows (ties and byes)
LINKED = {13: 5 + 4, 32: 16 + 8}  # the tables of rounds 1 and 2
TV_TIES = {13: 4 + 2 + 1, 32: 8 + 4 + 2 + 1}  # the TV's picture: from round 2 on


@pytest.fixture
def events(live):
    return EventMaker(live[0])


def knockout(events, entrants: int) -> str:
    names = [f"Entrant number {i:02d}" for i in range(1, entrants + 1)]
    token = events.create("five-up", names, format="knockout", target=61)
    events.post(f"/e/{token}/pair")
    events.post(f"/e/{token}/start")
    page = events.client.get(f"/e/{token}").get_data(as_text=True)
    for table in dict.fromkeys(re.findall(r'href="/e/[^/"]+/tables/(\d+)"', page)):
        events.post(f"/e/{token}/tables/{table}/forfeit", score=["61", "30"], confirm="1")
    return events.public(token)  # round 1 played, round 2's tables open


@pytest.mark.parametrize("entrants", sorted(FIELDS))
def test_the_bracket_scrolls_sideways_in_its_box_on_a_phone(events, new_phone, entrants):
    public = knockout(events, entrants)
    page = new_phone()
    page.goto(f"/p/{public}")
    box = page.locator(".bracket-box")
    assert box.is_visible()
    sizes = page.evaluate("""() => {
        const b = document.querySelector('.bracket-box');
        return {doc: document.documentElement.scrollWidth, view: window.innerWidth,
                box: b.clientWidth, inside: b.scrollWidth,
                right: b.getBoundingClientRect().right};
    }""")
    assert sizes["doc"] <= 390 and sizes["view"] <= 390, sizes  # the page does not widen
    assert sizes["right"] <= 390, sizes
    assert sizes["inside"] > sizes["box"], sizes  # the picture is wider: it scrolls inside
    page.evaluate("document.querySelector('.bracket-box').scrollLeft = 10000")
    moved = page.evaluate("""() => ({box: document.querySelector('.bracket-box').scrollLeft,
                                     page: window.scrollX})""")
    assert moved["box"] > 0 and moved["page"] == 0, moved
    # the names are legible at the phone's scale, and the ties played link their tables
    font = page.evaluate("""() => document.querySelector('.bracket-picture .tie text')
        .getBoundingClientRect().height""")
    assert font >= 12
    linked = page.locator(".bracket-picture a").count()
    assert linked == LINKED[entrants]  # round 1's tables played, round 2's opened
    assert page.locator("#bracket-table tbody tr").count() == FIELDS[entrants]


@pytest.mark.parametrize("entrants", sorted(FIELDS))
def test_the_bracket_fills_a_tv(events, chromium, base_url, entrants):
    public = knockout(events, entrants)
    context = chromium.new_context(viewport={"width": 1920, "height": 1080}, base_url=base_url)
    try:
        page = context.new_page()
        page.goto(f"/p/{public}/tv")
        box = page.evaluate("""() => {
            const svg = document.querySelector('.bracket-picture').getBoundingClientRect();
            const text = document.querySelector('.bracket-picture .tie text');
            const ties = [...document.querySelectorAll('.bracket-picture .tie')]
                .map(t => t.getBoundingClientRect());
            return {width: Math.max(...ties.map(t => t.right)) - Math.min(...ties.map(t => t.left)),
                    bottom: svg.bottom, ties: ties.length,
                    font: text.getBoundingClientRect().height,
                    doc: document.documentElement.scrollWidth,
                    table: getComputedStyle(document.querySelector('#bracket-table')).display};
        }""")
        assert box["doc"] <= 1920, box
        # from the round in play on (round 2: its ties, and on to the final), across the
        # screen, in type read from the back of a hall, all of it on the screen
        assert box["ties"] == TV_TIES[entrants], box
        assert box["width"] >= 0.6 * 1920, box
        assert box["font"] >= 24, box
        assert box["bottom"] <= 1080, box
        assert box["table"] == "none", box  # the TV shows the picture alone
    finally:
        context.close()


@pytest.mark.parametrize("entrants", sorted(FIELDS))
def test_without_javascript_the_bracket_is_a_table_that_reads_in_order(events, new_phone, entrants):
    public = knockout(events, entrants)
    page = new_phone(javascript=False)
    page.goto(f"/p/{public}")
    rows = page.locator("#bracket-table tbody tr")
    assert rows.count() == FIELDS[entrants]
    stages = [rows.nth(i).locator("td").first.inner_text() for i in range(rows.count())]
    first = (32 if entrants > 16 else 16) // 2
    assert stages[:first] == [stages[0]] * first  # round 1's ties first, in the draw's order
    assert stages[-1] == "Final"
    assert rows.nth(0).locator("td").nth(1).inner_text().startswith("Entrant number 01")
    # a tie played links its table's live page and its replay
    links = rows.nth(1).locator("a")
    assert links.count() == 2 and links.nth(1).inner_text() == "replay"
    # the picture is for the eye; its links are out of the tab order
    assert page.locator(".bracket-picture").get_attribute("aria-hidden") == "true"
    assert page.locator(".bracket-picture a[tabindex='-1']").count() >= 1
