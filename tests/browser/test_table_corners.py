"""The corners of the table screen a phone (390 x 844) and a keyboard meet (issues 17.12,
23.6, 23.7, 23.8): disclosures that say they open, no stray space before a full stop, a
thirteen-player table as readable as a four-player one, a way past the tiles for the
keyboard, no empty band above the score, a one-line action bar in Czech."""

from __future__ import annotations

import random

import pytest
from browserkit import wait_for_choice
from playwright.sync_api import expect

from referee.engine import Match
from referee.engine.simulate import play_hand

pytestmark = pytest.mark.browser

THIRTEEN = ["Adéla", "Bára", "Cyril", "Dana", "Emil", "Filip", "Gita", "Hana", "Ivo", "Jana",
            "Karel", "Lída", "Míla"]  # fmt: skip
HAND = (
    "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben draw 2; Ben 5-3 on 5-5; "
    "Ana 3-3 on 5-3; Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1"
)


def play_to_the_end(table, token: str, seed: int = 3) -> Match:
    """Play the match at `token` to its end through the app, with random legal hands."""
    c = table.client
    rec = c.get(f"/t/{token}/record.json").get_json(force=True)
    match = Match(rec["variant"], rec["players"], rec["options"])
    rng = random.Random(seed)
    for number in range(1, 60):
        hand = play_hand(match, rng)
        for after, m in enumerate(hand.moves):
            form = {"csrf_token": table.csrf, "hand": number, "after": after, "seat": m.player}
            if m.kind == "play":
                on = hand.laid_on(m.tile)
                form.update(tile=str(m.tile), on=str(on) if on else "")
            elif m.kind == "draw":
                form["count"] = len(m.drawn) if m.drawn else m.count
            assert c.post(f"/t/{token}/{m.kind}", data=form).status_code == 302
        left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
        r = c.post(f"/t/{token}/end", data={"csrf_token": table.csrf, "hand": number,
                                            "after": len(hand.moves), **left})  # fmt: skip
        assert r.status_code == 302
        c.get(f"/t/{token}")  # (reads the flashed message: the session stays small)
        if match.result()[0]:
            return match
    raise AssertionError("the match did not end")


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    wide = page.evaluate("""() => [...document.querySelectorAll('.scroll, table, svg')]
        .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > 391)
        .map(e => e.id || e.className.baseVal || e.className)""")
    assert wide == [], wide


# -- 17.12 -----------------------------------------------------------------------------
MARKER = """s => [getComputedStyle(s, '::before').content, getComputedStyle(s).display,
                  getComputedStyle(s).listStyleType]"""


def has_marker(summary) -> tuple:
    before, display, style = summary.evaluate(MARKER)
    native = display == "list-item" and style != "none"
    assert native or before not in ("none", "normal", '""'), (before, display, style)
    return before, native


def test_the_layout_disclosures_show_that_they_open(page, table):
    t = table.start("five-up", ["Ana", "Ben"], target=15)
    table.moves(t, HAND)
    page.goto(f"/t/{t}/end")  # "The layout" on the tiles-left form
    summary = page.locator("details.picture-box summary")
    expect(summary).to_have_text("The layout")
    closed = has_marker(summary)
    summary.tap()
    expect(page.locator("details.picture-box .layout")).to_be_visible()
    assert has_marker(summary) != closed or closed[1]  # the marker turns when it opens
    table.settle(t, {"Ben": "6-6 6-5 4-2"})
    page.goto(f"/t/{t}/hand/1")  # "The layout at the end" on the settlement
    summary = page.locator("details.picture-box summary")
    expect(summary).to_have_text("The layout at the end")
    has_marker(summary)


@pytest.mark.parametrize("lang, said", [("pl", "Kolej gracza Ben."), ("cs", "Na tahu je Ben.")])
def test_no_space_before_the_full_stop_of_the_turn(page, table, lang, said):
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page.goto(f"/t/{t}?lang={lang}")
    expect(page.locator("#turn")).to_have_text(said)
    gap = page.evaluate("""() => { const s = document.querySelector('#turn strong');
        const r = document.createRange(); r.setStart(s.nextSibling, 0); r.setEnd(s.nextSibling, 1);
        return r.getBoundingClientRect().left - s.getBoundingClientRect().right; }""")
    assert abs(gap) < 1.5, gap  # the full stop right after the name, as the text says


# -- 23.6 ------------------------------------------------------------------------------
HALVES = """() => [...document.querySelectorAll('#picker use, #layout use, #chosen use')]
    .map(u => u.getAttribute('href')).filter(h => /^#d-[pq]/.test(h))
    .map(h => { let e = document.getElementById(h.slice(1));
                while (e.tagName === 'use')
                  e = document.getElementById(e.getAttribute('href').slice(1));
                return e.tagName; })"""


def test_a_thirteen_player_table_fits_a_phone(page, table):
    t = table.start("ctyrka", THIRTEEN)
    page.goto(f"/t/{t}")
    no_sideways_scroll(page)
    rows = page.locator("#players li").evaluate_all(
        "items => new Set(items.map(i => Math.round(i.getBoundingClientRect().top))).size"
    )
    assert rows <= 3, rows  # the players in a compact grid, not six rows
    # the lead chosen: a button per player, and the layout still shows above the bar
    page.locator('#picker button[value="12-12"]').tap()
    wait_for_choice(page, "12-12")
    no_sideways_scroll(page)
    layout = page.locator("#layout").bounding_box()
    bar = page.locator("#bar").bounding_box()
    assert layout["y"] + 40 < bar["y"] < 844, (layout, bar)  # the layout's top is in view
    expect(page.locator("#places button")).to_have_count(13)
    expect(page.locator("#places button").first).to_have_text("Adéla")
    page.locator("#places button").first.tap()  # Adéla leads 12-12
    expect(page.locator("#turn")).to_have_text("Bára to play.")
    table.moves(t, "Bára 12-7 on 12-12; Cyril 7-3 on 12-7; Dana 12-0 on 12-12")
    page.goto(f"/t/{t}?tile=3-2")
    no_sideways_scroll(page)
    # every half a number (a blank stays blank): no tile mixes pips and numbers
    kinds = page.evaluate(HALVES)
    assert kinds and set(kinds) == {"text"}, kinds
    size = page.locator("#layout use[href='#d-p12']").first.bounding_box()
    assert size["height"] >= 12, size  # a number that reads on a phone (about 20 px a half)


def test_a_thirteen_player_match_page_fits_a_phone(page, table):
    t = table.start("ctyrka", THIRTEEN, scoring="victory")
    play_to_the_end(table, t)
    page.goto(f"/t/{t}/match")
    no_sideways_scroll(page)
    buttons = page.locator("#signoff button")
    expect(buttons).to_have_count(13)
    assert buttons.all_inner_texts() == [f"Confirm for {n}" for n in THIRTEEN]
    scores = page.locator("#signoff-scores tbody tr")  # the totals once, with the names
    expect(scores).to_have_count(13)
    assert scores.first.locator("th").inner_text() == "Adéla"
    # the chart: lines level after a hand are drawn apart, each labelled with its total
    points = page.locator("#chart g.side polyline").evaluate_all(
        "ls => ls.map(l => l.getAttribute('points').split(' ').slice(1))"
    )
    for after in zip(*points, strict=True):
        assert len(set(after)) == 13, after
    labels = page.locator("#chart text.total").all_text_contents()
    assert sorted(label.split()[0] for label in labels) == sorted(THIRTEEN)
    # the per-hand table: a row per side, its total and its points in each hand
    expect(page.locator("#hands tbody tr")).to_have_count(13)


# -- 23.7 ------------------------------------------------------------------------------
def test_the_keyboard_goes_past_the_tiles(page, table):
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page.goto(f"/t/{t}")
    first = page.locator('#picker button[tabindex="0"]')
    expect(first).to_have_count(1)  # the picker is one tab stop
    first.focus()
    presses = 0
    while presses < 6 and not page.evaluate("!!document.activeElement.closest('#actions')"):
        page.keyboard.press("Tab")
        presses += 1
    assert presses <= 2, presses  # the "Type a tile" box, then Draw
    assert page.evaluate("document.activeElement.closest('form').id") == "draw-form"
    # inside the picker the arrow keys move between the tiles
    first.focus()
    at, top = first.get_attribute("value"), first.bounding_box()["y"]
    page.keyboard.press("ArrowRight")
    right = page.evaluate("document.activeElement.value")
    assert right != at and page.evaluate("document.activeElement.tabIndex") == 0
    page.keyboard.press("ArrowDown")
    below = page.evaluate("""() => { const a = document.activeElement.getBoundingClientRect();
        return a.top; }""")
    assert below > top + 20  # a row down
    tile = page.evaluate("document.activeElement.value")
    page.keyboard.press("Enter")  # choose it
    wait_for_choice(page, tile)
    expect(page.locator('#picker button[tabindex="0"]')).to_have_attribute("value", tile)


def test_the_undo_control_has_a_clear_focus_ring(page, table):
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page.goto(f"/t/{t}")
    page.locator("#draw-form button").focus()
    for _ in range(4):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "undo-link":
            break
    ring = page.locator("#undo-link").evaluate(
        "e => [getComputedStyle(e).outlineWidth, getComputedStyle(e).outlineStyle]"
    )
    assert ring == ["3px", "solid"], ring  # as the other buttons, not the 1 px default


# -- 23.8 ------------------------------------------------------------------------------
def test_no_empty_band_between_the_action_bar_and_the_score(page, table):
    t = table.start("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    table.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Cleo 0-0 on 5-0")
    page.goto(f"/t/{t}?tile=5-3")  # a tile chosen: the bar at its tallest
    band = page.evaluate("""() => document.getElementById('score').getBoundingClientRect().top
        - document.getElementById('move').getBoundingClientRect().bottom""")
    assert band < 60, band  # the score follows the picker
    page.locator("#score").scroll_into_view_if_needed()
    bar = page.locator("#bar").bounding_box()
    assert abs(bar["y"] + bar["height"] - 844) < 2  # the bar stays under the thumb


def test_the_czech_action_bar_keeps_the_draw_on_one_line(page, table):
    t = table.start("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    table.moves(t, "Ana 5-5")
    page.goto(f"/t/{t}?lang=cs")
    button = page.locator("#draw-form button")
    expect(button).to_have_text("Ben si bere z banku")
    count, label = page.locator("#draw-count"), page.locator("#draw-form label")
    b, c, u = button.bounding_box(), count.bounding_box(), label.bounding_box()
    for box in (c, u):  # the count and its label on the button's line
        assert b["y"] <= box["y"] + box["height"] / 2 <= b["y"] + b["height"], (b, box)
    assert u["height"] < 30, u  # the label is one line


def test_a_four_side_match_page_fits_a_phone(page, table):
    t = table.start("french-connection", ["Ana", "Ben", "Cleo", "Dan"], target=500)
    table.moves(t, "Dan 0-0; Ana pass; Ben pass; Cleo pass; Dan pass")
    table.settle(
        t,
        {
            "Ana": "6-0 5-0 4-0 3-0 2-0 1-0 6-6",
            "Ben": "6-5 6-4 6-3 6-2 6-1 5-5 5-4",
            "Cleo": "5-3 5-2 5-1 4-4 4-3 4-2 4-1",
            "Dan": "3-3 3-2 3-1 2-2 2-1 1-1",
        },
    )
    page.goto(f"/t/{t}/match")
    no_sideways_scroll(page)
    expect(page.locator("#hand-1")).to_contain_text("False pass")  # proven by the tiles left
    expect(page.locator("#total-1")).to_have_text("128")
