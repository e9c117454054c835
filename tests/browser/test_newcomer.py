"""What a new table trips over, in a real browser (issue 7): Back stays sane, the picker
keeps every tile in its place, a 13-player Čtyřka hand (numbers on double-twelve tiles, the
tiles-left form grouped per player with a live subtotal kept across a reload) and the
match chart with 13 sides."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browserkit import Phone, ready, wait_for_choice
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RECORD = Path(__file__).resolve().parents[1] / "records" / "ctyrka_13p_penalty_block.json"


def said(move: dict) -> str:
    if "pass" in move:
        return f"{move['player']} pass"
    return f"{move['player']} {move['play']}" + (f" on {move['on']}" if "on" in move else "")


def test_back_unchooses_a_tile_then_goes_home_not_to_the_start_form(page):
    page.goto("/new/five-up?players=2")
    page.locator("#names-0").fill("Ana")
    page.locator("#names-1").fill("Ben")
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    expect(page.locator("#table")).to_have_count(1)
    table_url = page.url
    phone = Phone(page)
    phone.choose("5-5")
    assert "tile=5-5" in page.url
    page.go_back()
    expect(page.locator("#chosen")).to_have_count(0)
    assert page.url == table_url
    ready(page)
    page.go_back()
    page.wait_for_url(lambda url: "/t/" not in url)
    assert "/new/" not in page.url
    expect(page.locator("#code-form")).to_have_count(1)  # the home page


def test_tiles_keep_their_place_in_the_picker(page, table):
    t = table.start("five-up", ["Ana", "Ben"])
    page.goto(f"/t/{t}")
    phone = Phone(page)

    def where(tile):  # within the picker
        box = page.locator(f'#picker button[value="{tile}"]').bounding_box()
        top = page.locator("#picker").bounding_box()
        return round(box["x"] - top["x"]), round(box["y"] - top["y"])

    before = [where(t) for t in ("6-6", "4-0", "0-0")]
    phone.lay("5-5", places=["lead"], by="Ana")
    phone.lay("5-0", places=["5-5"], on="5-5")
    assert [where(t) for t in ("6-6", "4-0", "0-0")] == before
    expect(page.locator("#picker li:empty")).to_have_count(2)


def test_a_thirteen_player_ctyrka_hand_and_its_chart(page, table):
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    players = record["players"]
    hand = record["hands"][0]
    t = table.start("ctyrka", players, scoring="penalty")
    table.moves(t, "; ".join(said(m) for m in hand["moves"][:-1]))
    page.goto(f"/t/{t}")
    # double-twelve tiles: numbers, not pips, on the layout and in the picker
    expect(page.locator('.layout .tile[data-tile="12-12"]')).to_have_count(1)
    assert page.locator(".layout").first.evaluate(
        "svg => [...svg.querySelectorAll('text.num, use')].length > 0")  # fmt: skip
    big = page.locator('#picker button[value="11-11"]')
    if big.count():
        expect(big).to_be_visible()
    last = hand["moves"][-1]
    phone = Phone(page)
    if "pass" in last:
        phone.button("#pass-form button", "pass")
    else:
        phone.choose(last["play"])
        wait_for_choice(page, last["play"])
    expect(page.locator(".layout .tile.last")).to_have_count(1)
    # the tiles left, per player, with a live subtotal kept across a reload
    page.goto(f"/t/{t}/end")
    expect(page.locator("details.left")).to_have_count(13)
    first = players[0]
    tiles = hand["remaining"][first]
    if not page.locator("#left-0-set").evaluate("d => d.open"):
        page.locator("#left-0-set summary").click()
    for tile in tiles[:2]:
        page.locator(f'label[for="left-0-{tile}"]').click()
    pips = sum(int(a) + int(b) for a, b in (x.split("-") for x in tiles[:2]))
    expect(page.locator("#left-0-sum")).to_contain_text(f"{pips} pips")
    page.reload()
    for tile in tiles[:2]:
        expect(page.locator(f"#left-0-{tile}")).to_be_checked()
    expect(page.locator("#left-0-sum")).to_contain_text(f"{pips} pips")
    # the match chart: 13 labels, each inside the chart and clear of the others
    table.settle(t, {name: " ".join(ts) for name, ts in hand["remaining"].items()})
    page.goto(f"/t/{t}/match")
    boxes = page.locator("#chart svg").evaluate(
        """svg => { const v = svg.viewBox.baseVal;
          return { w: v.width, h: v.height, labels: [...svg.querySelectorAll('text.total')]
            .map(t => { const b = t.getBBox(); return [b.x, b.y, b.width, b.height,
                        t.getAttribute('fill')]; }) }; }"""
    )
    labels = boxes["labels"]
    assert len(labels) == 13
    for x, y, w, h, _ in labels:
        assert x >= 0 and x + w <= boxes["w"] and y >= 0 and y + h <= boxes["h"]
    spans = sorted((y, y + h) for _, y, _, h, _ in labels)
    assert all(a[1] <= b[0] + 1 for a, b in zip(spans, spans[1:], strict=False))
    assert len({fill for *_, fill in labels}) == 13
