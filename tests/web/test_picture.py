"""The picture of the layout (referee.web.drawing): well-formed SVG, every tile once, no
overlaps, arms that bend, doubles across the line, touching halves that match, places."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from referee.engine import LEAD, Match, Move, parse_tile
from referee.engine.simulate import play_hand
from referee.web.drawing import layout_svg, sprite_svg, tile_svg, tile_use
from referee.web.drawing.layout import MIN_WIDTH, PAD
from referee.web.drawing.plan import BUDGET, positions
from referee.web.drawing.tiles import UNIT

SVG = "{http://www.w3.org/2000/svg}"


def T(text):
    return parse_tile(text)


def lay(hand, *plays):
    """Lay tiles in turn, each as "tile" (the lead) or "tile on anchor". The player to move
    draws first whenever he would otherwise lay his last tile and end the hand."""
    for text in plays:
        tile, _, on = text.partition(" on ")
        while True:
            seat = hand.turn if hand.turn is not None else 0
            if hand.sizes[seat] > 1 or not hand.stock:
                break
            hand.apply(Move.draw(seat, 1))
        hand.apply(Move.play(seat, T(tile), T(on) if on else None))
    return hand


def five_up():
    """A Five-Up hand with five spinners: the lead 5-5, and 3-3, 1-1, 6-6 on its arms."""
    return lay(
        Match("five-up", ["Ana", "Ben"]).new_hand(),
        "5-5", "5-3 on 5-5", "5-1 on 5-5", "3-3 on 5-3", "5-6 on 5-5", "5-0 on 5-5",
        "3-2 on 3-3", "1-1 on 5-1", "3-6 on 3-3", "3-4 on 3-3", "1-4 on 1-1", "1-2 on 1-1",
        "1-6 on 1-1", "6-6 on 5-6", "6-2 on 6-6", "6-0 on 6-6", "6-4 on 6-6",
    )  # fmt: skip


def french_connection():
    """The pose [0|0], the cross of four tiles on it, then doubles unlocking three arms."""
    return lay(
        Match("french-connection", ["Ana", "Ben", "Cleo", "Dan"]).new_hand(),
        "0-0", "0-3 on 0-0", "0-5 on 0-0", "0-1 on 0-0", "0-6 on 0-0",
        "3-3 on 0-3", "3-4 on 3-3", "6-6 on 0-6", "6-2 on 6-6", "2-4 on 6-2",
        "5-5 on 0-5", "5-2 on 5-5", "2-2 on 5-2", "4-4 on 3-4",
    )  # fmt: skip


CHAIN = [  # one line of play: each tile matches the one before
    "6-6", "6-5", "5-5", "5-4", "4-4", "4-3", "3-3", "3-2", "2-2", "2-1",
    "1-1", "1-0", "0-0", "0-6", "6-4", "4-2", "2-0", "0-5", "5-3", "3-1",
]  # fmt: skip


def long_arm():
    """A two-player Čtyřka hand with all 19 tiles after the lead on one arm."""
    hand = Match("ctyrka", ["Ana", "Ben"]).new_hand()
    return lay(hand, CHAIN[0], *(f"{t} on {a}" for a, t in zip(CHAIN, CHAIN[1:], strict=False)))


def svg(hand, **kw):
    return ET.fromstring(layout_svg(hand, **kw))


def tiles_of(root):
    return [g for g in root.iter(SVG + "g") if "data-tile" in g.attrib]


def places_of(root):
    return [g for g in root.iter(SVG + "g") if g.get("class") == "place"]


def view_box(root):
    return [float(v) for v in root.get("viewBox").split()]


def overlap(a, b):
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def corner(hand):
    return 2 if hand.variant.every_double_spins else 1


def assert_drawn_right(hand):
    """Every tile once, no two overlapping, each touching the tile it was laid on with the
    half that shows the same pips, doubles across the line."""
    layout = hand.layout
    spots = positions(layout, corner(hand))
    assert len(spots) == len(layout.nodes)
    for i, a in enumerate(spots):
        for b in spots[:i]:
            assert not overlap(a, b), (layout.nodes[i].tile, a, b)
    for node, spot in zip(layout.nodes, spots, strict=True):
        w, h = spot.x1 - spot.x0, spot.y1 - spot.y0
        assert sorted((w, h)) == [2, 4]
        t = node.tile
        assert {spot.first, spot.second} == {t.high, t.low}
        if node.parent is None or spot.link:
            continue
        parent = spots[node.parent]
        halves = (
            [(spot.x0, spot.y0, spot.x0 + 2, spot.y1), (spot.x0 + 2, spot.y0, spot.x1, spot.y1)]
            if w > h
            else [
                (spot.x0, spot.y0, spot.x1, spot.y0 + 2),
                (spot.x0, spot.y0 + 2, spot.x1, spot.y1),
            ]
        )
        touching = [
            pips
            for half, pips in zip(halves, (spot.first, spot.second), strict=True)
            if touches(half, parent)
        ]
        assert touching == [node.inner] or (t.high == t.low and touching), (t, spot, parent)


def touches(r, s):
    """Whether rectangle r (x0, y0, x1, y1) shares an edge segment with spot s."""
    x0, y0, x1, y1 = r
    dx = max(s.x0 - x1, x0 - s.x1)
    dy = max(s.y0 - y1, y0 - s.y1)
    return (dx == 0 and dy < 0) or (dy == 0 and dx < 0)


# -- the tile picker ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, pips, numbers",
    [
        ("0-0", 0, []),
        ("6-4", 10, []),
        ("12-11", 0, ["12", "11"]),
        ("9-7", 0, ["9", "7"]),
        ("10-3", 0, ["10", "3"]),
        ("7-0", 0, ["7"]),
    ],
)
def test_tile_svg_draws_the_pips(text, pips, numbers):
    """Pips up to 6; a half of 7 or more shows its number (pips that many cannot be read
    on a phone, issue 7), and so does the other half of its tile: no tile mixes pips and
    numbers (issue 23.6); a blank stays blank."""
    root = ET.fromstring(tile_svg(T(text)))
    assert root.get("role") == "img"
    assert root.get("aria-label") == text
    assert root.find(SVG + "title").text == text
    assert len([c for c in root.iter(SVG + "circle") if c.get("class") == "pip"]) == pips
    assert [t.text for t in root.iter(SVG + "text")] == numbers
    assert [g.get("data-tile") for g in tiles_of(root)] == [text]


def test_tile_svg_size_and_title():
    root = ET.fromstring(tile_svg(T("5-2"), size=60, title="Lay 5-2"))
    assert root.get("height") == "60"
    assert float(root.get("width")) < 40
    assert root.get("aria-label") == "Lay 5-2"


@pytest.mark.parametrize("pips", range(7, 13))
def test_numbers_from_seven_pips(pips):
    """A half of 7 to 12 pips shows its number, upright, in the middle of its half."""
    root = ET.fromstring(tile_svg(T(f"{pips}-{pips}")))
    assert not [c for c in root.iter(SVG + "circle") if c.get("class") == "pip"]
    numbers = list(root.iter(SVG + "text"))
    assert [t.text for t in numbers] == [str(pips)] * 2
    assert [t.get("x") for t in numbers] == ["10", "10"]
    assert 10 < float(numbers[0].get("y")) < 20 < 30 < float(numbers[1].get("y")) < 40


@pytest.mark.parametrize("pips", range(7))
def test_pip_patterns_are_distinct_and_inside_their_half(pips):
    root = ET.fromstring(tile_svg(T(f"{pips}-{pips}")))
    dots = [c for c in root.iter(SVG + "circle") if c.get("class") == "pip"]
    assert len(dots) == 2 * pips
    spots = {(c.get("cx"), c.get("cy")) for c in dots}
    assert len(spots) == 2 * pips  # no pip drawn on another
    for c in dots:
        x, y, r = float(c.get("cx")), float(c.get("cy")), float(c.get("r"))
        assert 0 < x - r < x + r < 20
        assert 0 < y - r < y + r < 20 or 20 < y - r < y + r < 40


# -- the layout -------------------------------------------------------------------------


def test_empty_table():
    hand = Match("five-up", ["Ana", "Ben"]).new_hand()
    root = svg(hand)
    assert root.get("role") == "img"
    assert root.get("width") == "100%"
    assert root.get("preserveAspectRatio")
    assert "No tile on the table yet" in "".join(root.itertext())
    assert tiles_of(root) == []
    [place] = places_of(svg(hand, highlight=[LEAD]))
    assert place.get("data-on") == "lead"
    assert place.get("role") == "button"


def test_the_svg_is_an_accessible_image():
    hand = five_up()
    root = svg(hand, title="Ana & Ben's <table>")
    assert root.tag == SVG + "svg"
    assert root.get("role") == "img"
    assert root[0].tag == SVG + "title"
    assert root[0].text == "Ana & Ben's <table>"
    assert root.get("width") == "100%"
    assert root.get("preserveAspectRatio") == "xMidYMid meet"
    for g in tiles_of(root):
        assert g.find(SVG + "title").text.startswith(g.get("data-tile"))


def test_five_up_every_tile_once_spinners_and_lead_marked():
    hand = five_up()
    root = svg(hand)
    drawn = [g.get("data-tile") for g in tiles_of(root)]
    assert sorted(drawn) == sorted(str(n.tile) for n in hand.layout.nodes)
    assert len(drawn) == len(set(drawn)) == 17
    spinners = {g.get("data-tile") for g in tiles_of(root) if "spinner" in g.get("class")}
    assert spinners == {"5-5", "3-3", "1-1", "6-6"}
    assert [g.get("data-tile") for g in tiles_of(root) if "lead" in g.get("class")] == ["5-5"]
    assert_drawn_right(hand)


def test_output_is_deterministic_and_old_tiles_never_move():
    hand = five_up()
    assert layout_svg(hand) == layout_svg(five_up())
    before = positions(hand.layout, 2)
    lay(hand, "4-4 on 1-4")
    after = positions(hand.layout, 2)
    assert after[: len(before)] == before


def test_french_connection_cross_has_a_tile_on_every_side_of_the_pose():
    hand = french_connection()
    assert_drawn_right(hand)
    spots = positions(hand.layout)
    pose = spots[0]
    sides = set()
    for i in hand.layout.nodes[0].children.values():
        s = spots[i]
        if s.x1 <= pose.x0:
            sides.add("west")
        elif s.x0 >= pose.x1:
            sides.add("east")
        elif s.y1 <= pose.y0:
            sides.add("north")
        elif s.y0 >= pose.y1:
            sides.add("south")
    assert sides == {"west", "east", "north", "south"}


def test_doubles_lie_across_the_line():
    hand = french_connection()
    spots = positions(hand.layout)
    nodes = hand.layout.nodes
    for node, spot in zip(nodes, spots, strict=True):
        if node.parent is None or node.tile.high != node.tile.low:
            continue
        parent = spots[node.parent]
        if parent.x1 <= spot.x0 or spot.x1 <= parent.x0:  # laid beside: a row
            assert spot.y1 - spot.y0 == 4, node.tile
        else:  # laid above or below: a column
            assert spot.x1 - spot.x0 == 4, node.tile


def test_a_long_arm_bends_to_stay_phone_shaped():
    hand = long_arm()
    assert len(hand.layout.nodes) == 20
    assert len(hand.layout.nodes[0].children) == 1  # one single arm
    assert_drawn_right(hand)
    spots = positions(hand.layout)
    assert min(s.x0 for s in spots) >= -BUDGET // 2
    assert max(s.x1 for s in spots) <= BUDGET // 2
    headings = {(s.x1 - s.x0 == 4) for s, n in zip(spots, hand.layout.nodes, strict=True)
                if n.tile.high != n.tile.low}  # fmt: skip
    assert headings == {True, False}  # rows and corners: it turned
    x, y, w, h = view_box(svg(hand))
    assert w <= MIN_WIDTH * UNIT
    assert h < w  # twenty tiles snake into a compact block


def test_highlighted_places_are_tappable_markers():
    hand = french_connection()
    places = hand.places_for(T("4-1"))
    assert {str(p.anchor) for p in places} == {"4-4", "4-2"}
    root = svg(hand, highlight=places)
    marks = places_of(root)
    assert [(m.get("data-on"), m.get("data-slot")) for m in marks] == [
        (str(p.anchor), p.slot) for p in places
    ]
    for m in marks:
        assert m.get("tabindex") == "0"
        assert m.get("role") == "button"
        assert m.get("aria-label").startswith(f"Lay on {m.get('data-on')} (the 4 ")
        hit = m.find(SVG + "rect")  # the touch target comes first
        assert float(hit.get("width")) >= 44 and float(hit.get("height")) >= 44
    assert view_box(root)[2] <= (MIN_WIDTH + 2 * PAD) * UNIT


def test_highlight_of_a_spinner_end_and_a_lead_end():
    hand = lay(Match("five-up", ["Ana", "Ben"]).new_hand(), "6-4")
    places = hand.places_for(T("4-4"))
    [mark] = places_of(svg(hand, highlight=places))
    assert (mark.get("data-on"), mark.get("data-slot")) == ("6-4", "b")
    assert mark.get("aria-label") == "Lay on 6-4 (the 4 end)"
    lay(hand, "4-4 on 6-4", "4-2 on 4-4")
    places = hand.places_for(T("4-1"))
    labels = [m.get("aria-label") for m in places_of(svg(hand, highlight=places))]
    assert labels == ["Lay on 4-4 (the 4 end)"]


def test_a_place_not_on_the_table_is_refused():
    hand = french_connection()
    stale = hand.places_for(T("4-1"))
    lay(hand, "4-1 on 4-4")
    with pytest.raises(ValueError):
        layout_svg(hand, highlight=stale)
    with pytest.raises(ValueError):
        layout_svg(hand, highlight=[LEAD])


@pytest.mark.parametrize(
    "variant, players, seeds",
    [
        ("five-up", 2, 25),
        ("five-up", 4, 25),
        ("french-connection", 4, 15),
        ("ctyrka", 2, 15),
        ("ctyrka", 7, 8),
        ("ctyrka", 13, 4),
    ],
)
def test_random_games_draw_every_tile_once_without_overlaps(variant, players, seeds):
    for seed in range(seeds):
        match = Match(variant, [f"P{i}" for i in range(players)])
        hand = play_hand(match, random.Random(seed))
        root = svg(hand, highlight=hand.layout.open)
        drawn = sorted(g.get("data-tile") for g in tiles_of(root))
        assert drawn == sorted(str(n.tile) for n in hand.layout.nodes)
        assert len(places_of(root)) == len(hand.layout.open)
        assert_drawn_right(hand)
        x, y, w, h = view_box(root)
        assert w <= 2 * MIN_WIDTH * UNIT, (variant, seed)  # scaled down at worst by half


# -- light pages: tiles drawn with the shapes of the sprite -------------------------------


def _pips_drawn(node, ids, dx=0.0, dy=0.0, swap=False):
    """The pips (cx, cy, r) under node, following <use> references into the sprite."""
    out = []
    for el in node:
        tag = el.tag.removeprefix(SVG)
        if tag == "use":
            ref = ids[el.get("href").removeprefix("#")]
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            out += _pips_drawn([ref], ids, dx + x, dy + y, swap)
        elif tag in ("g", "svg"):
            if el.get("id", "").startswith(("d-v", "d-h")):
                continue  # a body: its only circle is a spinner's pin
            turned = swap != (el.get("transform") == "matrix(0 1 1 0 0 0)")
            out += _pips_drawn(list(el), ids, dx, dy, turned)
        elif tag == "path" and el.get("id", "").startswith("d-p"):  # dots: "Mx yh0" each
            assert el.get("stroke-linecap") == "round"
            r = float(el.get("stroke-width")) / 2
            for x, y in re.findall(r"M([\d.]+) ([\d.]+)h0", el.get("d")):
                cx, cy = (float(y), float(x)) if swap else (float(x), float(y))
                out.append((round(cx + dx, 2), round(cy + dy, 2), r))
        elif tag == "text":  # a half's number (7 pips or more)
            x, y = float(el.get("x")), float(el.get("y"))
            out.append((round(x + dx, 2), round(y + dy, 2), float(el.text)))
        elif tag == "circle" and el.get("class") in (None, "pip"):
            cx, cy = float(el.get("cx")), float(el.get("cy"))
            if swap:
                cx, cy = cy, cx
            out.append((round(cx + dx, 2), round(cy + dy, 2), float(el.get("r"))))
    return sorted(out)


def _sprite_ids(max_pip):
    root = ET.fromstring(sprite_svg(max_pip))
    return {el.get("id"): el for el in root.iter() if el.get("id")}


@pytest.mark.parametrize("hand", [five_up, french_connection, long_arm], ids=lambda f: f.__name__)
def test_the_light_layout_draws_what_the_full_one_draws(hand):
    hand = hand()
    ids = _sprite_ids(hand.max_pip)
    full, light = svg(hand), svg(hand, sprite=True)
    assert len(layout_svg(hand, sprite=True)) < len(layout_svg(hand)) / 3
    a, b = tiles_of(full), tiles_of(light)
    assert [g.get("data-tile") for g in a] == [g.get("data-tile") for g in b]
    assert [g.get("class") for g in a] == [g.get("class") for g in b]
    for g, h in zip(a, b, strict=True):
        assert _pips_drawn([g], ids) == _pips_drawn([h], ids), g.get("data-tile")
        assert g.find(SVG + "title").text == h.find(SVG + "title").text
        # the same body, spinner or not, upright or lying
        href = next(u.get("href") for u in h.iter(SVG + "use"))
        rect = next(r for r in g.iter(SVG + "rect") if r.get("fill") == "#fffaeb")
        upright = float(rect.get("height")) > float(rect.get("width"))
        spinner = "s" if "spinner" in g.get("class") else ""
        assert href == "#d-" + ("v" if upright else "h") + spinner


def test_light_tiles_of_a_double_twelve_set():
    match = Match("ctyrka", [f"P{i}" for i in range(13)])
    hand = play_hand(match, random.Random(1))
    ids = _sprite_ids(12)
    assert {f"d-p{n}" for n in range(1, 13)} <= set(ids) and "d-p13" not in ids
    assert "d-p7" not in _sprite_ids(6)
    light = svg(hand, sprite=True, highlight=hand.layout.open)
    for g, h in zip(tiles_of(svg(hand)), tiles_of(light), strict=True):
        assert _pips_drawn([g], ids) == _pips_drawn([h], ids)
    for use in light.iter(SVG + "use"):
        assert use.get("href").removeprefix("#") in ids
    for n in range(13):
        for m in range(n + 1):
            t = T(f"{n}-{m}")
            picker = ET.fromstring(tile_use(t))
            assert picker.get("role") is None and not "".join(picker.itertext())
            full = tiles_of(ET.fromstring(tile_svg(t, max_pip=12)))
            assert _pips_drawn([picker], ids) == _pips_drawn(full, ids)
            # every half of a double-twelve set a number (a blank stays blank: issue 23.6)
            assert not [
                el for el in picker.iter(SVG + "use") if ids[el.get("href")[1:]].tag == SVG + "path"
            ]


def test_a_picture_with_places_is_a_group_of_buttons():
    hand = french_connection()
    assert svg(hand).get("role") == "img"
    root = svg(hand, highlight=hand.places_for(T("4-1")), sprite=True)
    assert root.get("role") == "group"
    assert root[0].tag == SVG + "title"


@pytest.mark.parametrize(
    "variant,players", [("five-up", 4), ("french-connection", 4), ("ctyrka", 5), ("ctyrka", 13)]
)
def test_a_layout_planned_a_tile_at_a_time_is_placed_as_planned_afresh(variant, players):
    """Plans are kept and extended by the new tile (phones draw the layout after every
    move): the result is the same as planning the whole layout from nothing."""
    from referee.engine.simulate import deal
    from referee.web.drawing import plan

    for seed in range(3):
        m = Match(variant, [f"P{i}" for i in range(players)])
        rng = random.Random(seed)
        dealt, _ = deal(m, rng)
        whole = play_hand(Match(variant, [f"P{i}" for i in range(players)]), random.Random(seed))
        hand = m.new_hand(dealt)
        assert hand.players == whole.players
        for move in whole.moves:
            hand.apply(move)
            kept = plan.plan(hand.layout)  # extends the plan kept for the move before
            plan._PLANS.clear()
            fresh = plan.plan(hand.layout)
            assert kept[0] == fresh[0] and kept[2] == fresh[2]
            assert kept[1] == fresh[1]
