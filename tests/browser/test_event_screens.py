"""An event's screens in Chromium (issue 17.12, 17.7): the public standings on a 390 px
phone with no sideways scrolling, the TV mode filling a 1920 x 1080 screen, the event
form's inputs alike, and the director's acts asking first in the page."""

from __future__ import annotations

import re

import pytest
from browserkit import CSRF
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LONG = [
    "Alexandra Nováková",
    "Bartholomew Kowalczyk",
    "Cecilie Dvořáková",
    "Dobromir Wiśniewski",
    "Eleonora Procházková",
    "Florentyna Zielińska",
    "Gustav Hrubý-Malinowski",
    "Henrietta Lewandowska",
]


class EventMaker:
    """Make an event and settle its rounds by forfeits, straight through the app."""

    def __init__(self, app):
        self.client = app.test_client()
        self.csrf = CSRF.search(self.client.get("/import").get_data(as_text=True)).group(1)

    def post(self, url: str, **data):
        r = self.client.post(url, data={"csrf_token": self.csrf, **data})
        assert r.status_code in (200, 302), (url, r.get_data(as_text=True)[:1000])
        return r

    def create(self, variant: str, names: list[str], **form) -> str:
        r = self.post(
            "/events/new",
            variant=variant,
            name="Club night at the Old Bell",
            entrants="\n".join(names),
            **form,
        )
        return r.location.rsplit("/", 1)[1]

    def round(self, token: str, scores: list[str]) -> None:
        self.post(f"/e/{token}/pair")
        self.post(f"/e/{token}/start")
        page = self.client.get(f"/e/{token}").get_data(as_text=True)
        for table in re.findall(r'href="/e/[^/"]+/tables/(\d+)"', page):
            self.post(f"/e/{token}/tables/{table}/forfeit", score=scores, confirm="1")

    def public(self, token: str) -> str:
        page = self.client.get(f"/e/{token}").get_data(as_text=True)
        return re.search(r'id="public-link" href="[^"]*/p/([^"]+)"', page).group(1)


@pytest.fixture
def events(live):
    return EventMaker(live[0])


def no_sideways_scrolling(page, width: int = 390) -> None:
    """Nothing wider than the phone (a mobile browser widens its layout viewport to fit
    what is too wide, so the phone's own width is the measure)."""
    widths = page.evaluate("""() => ({
        doc: document.documentElement.scrollWidth, view: window.innerWidth,
        table: document.querySelector('#standings table').getBoundingClientRect().right,
        box: document.getElementById('standings').scrollWidth,
        boxView: document.getElementById('standings').clientWidth})""")
    assert widths["doc"] <= width and widths["view"] <= width, widths
    assert widths["table"] <= width, widths  # nothing cut off at the right
    assert widths["box"] <= widths["boxView"], widths  # nor scrolled inside its box


@pytest.mark.parametrize(
    "variant, form, scores",
    [
        ("five-up", {"format": "swiss", "rounds": 3, "target": 61}, ["61", "48"]),
        (
            "french-connection",
            {"format": "pods", "rounds": 3, "target": 100, "fair": "per-match"},
            ["20", "45", "60", "100"],
        ),
    ],
)
def test_the_public_standings_fit_a_390_px_phone(events, new_phone, variant, form, scores):
    token = events.create(
        variant, LONG + (["Izabela Szymańska-Nowak"] if variant != "five-up" else []), **form
    )
    events.round(token, scores)
    page = new_phone()
    page.goto(f"/p/{events.public(token)}")
    assert page.locator("#standings table tbody tr").count() >= 8
    no_sideways_scrolling(page)
    # and the figures stay readable: at least 14 px
    size = page.evaluate("""() => parseFloat(getComputedStyle(
        document.querySelector('#standings table tbody td')).fontSize)""")
    assert size >= 14


def test_the_tv_mode_fills_a_full_hd_screen(events, chromium, base_url):
    token = events.create("five-up", LONG, format="swiss", rounds=3, target=61)
    events.round(token, ["61", "48"])
    context = chromium.new_context(viewport={"width": 1920, "height": 1080}, base_url=base_url)
    try:
        page = context.new_page()
        page.goto(f"/p/{events.public(token)}/tv")
        box = page.evaluate("""() => {
            const t = document.querySelector('#standings table').getBoundingClientRect();
            const cell = document.querySelector('#standings table tbody th');
            return {left: t.left, right: t.right, bottom: t.bottom,
                    font: parseFloat(getComputedStyle(cell).fontSize),
                    doc: document.documentElement.scrollWidth};
        }""")
        # the standings span the screen, not its middle third, in type read across a hall
        assert box["right"] - box["left"] >= 0.85 * 1920, box
        assert box["font"] >= 32, box
        assert box["doc"] <= 1920, box
    finally:
        context.close()


def test_the_event_forms_inputs_are_alike(new_phone):
    page = new_phone()
    page.goto("/events/new?variant=ctyrka")
    boxes = page.evaluate("""() => [...document.querySelectorAll(
            '#event-form input:not([type=hidden]):not([type=radio]):not([type=checkbox]),'
            + ' #event-form select')]
        .map(e => { const s = getComputedStyle(e);
            return {id: e.id, height: e.getBoundingClientRect().height,
                    border: s.borderTopWidth, font: parseFloat(s.fontSize)}; })""")
    assert {b["id"] for b in boxes} >= {
        "name",
        "format",
        "table_size",
        "target",
        "rounds",
        "series",
        "bye",
        "pick",
    }
    assert page.locator("#event-form input[type=checkbox]#seed").count() == 1  # a box, not a field
    for b in boxes:
        assert b["height"] >= 44 and b["border"] == "2px" and b["font"] >= 16, b


def test_the_directors_acts_ask_in_the_page_first(events, new_phone):
    token = events.create("five-up", LONG[:4], format="swiss", rounds=2, target=61)
    page = new_phone()
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"/e/{token}")
    page.locator("#finish > summary").click()
    question = page.locator("#finish-form strong")
    assert question.is_visible() and question.inner_text() == "Finish the event?"
    assert page.locator("#round").is_visible() and not page.locator("#finished").count()
    page.locator("#finish-form button[type=submit]").click()
    page.wait_for_selector("#finished")
    assert "Event finished" in page.locator("#log").inner_text()
    assert dialogs == []  # asked in the page, not by the browser
    # the same without JavaScript: the disclosure is plain HTML
    plain = new_phone(javascript=False)
    token = events.create("five-up", LONG[:4], format="swiss", rounds=2, target=61)
    plain.goto(f"/e/{token}")
    plain.locator("#finish > summary").click()
    plain.locator("#finish-form button[type=submit]").click()
    plain.wait_for_selector("#finished")


def test_the_event_forms_hint_follows_the_format(new_phone):
    """Issue 43.4: the hints ignored the format chosen; the chosen format's hint is shown,
    the others' hidden, as the choice changes."""
    page = new_phone()
    page.goto("/events/new?variant=five-up")
    shown = (
        "() => [...document.querySelectorAll('.format-hint')].filter(h => !h.hidden).map(h => h.id)"
    )
    first = page.locator("#format").input_value()
    assert page.evaluate(shown) == [f"{'rotating' if first == 'rotating-partners' else first}-hint"]
    page.select_option("#format", "rotating-partners")
    assert page.evaluate(shown) == ["rotating-hint"]
    page.select_option("#format", "swiss")
    assert page.evaluate(shown) == ["swiss-hint"]
    expect(page.locator("#swiss-hint")).to_be_visible()
    expect(page.locator("#rotating-hint")).to_be_hidden()
