"""The picture of the layout: the tiles on the table as an inline SVG, drawn as they lie.

Two pure functions, no Flask: `layout_svg(hand, highlight)` draws `hand.layout` and the
open places a phone may tap; `tile_svg(tile)` draws one upright tile for the tile picker.
Both draw their tiles with the one function `_tile`.

How the layout is placed (`_plan`). Tiles lie on a grid whose unit is a quarter of a
tile's length, so a tile is 4 x 2 units and a double lying across the line (C-DOUBLE) is
centred on it. Tiles are placed in the order they were laid, so a new tile never moves an
old one. The lead lies at the centre; its arms grow east, west, north and south (a
spinner's sides continue the line, its ends make the cross). Each tile goes on along its
arm (`_fit`): a row runs east or west until the width budget (`BUDGET`, eight tiles'
length), then turns a corner and runs back, snaking in its own half of the table; a line
running north or south turns after `SPINE` tiles. First turns are right turns, so the four
arms of a cross make a pinwheel. A tile keeps one unit of table clear of every tile but
the one it is laid on, stays out of the place kept for a spinner's ends, and avoids bends
into dead ends; when nothing fits it may leave the budget, then touch a neighbour, and at
the very last jump to the nearest free place, joined to its anchor by a dotted line.
Tiles never overlap; the view (`viewBox`) is the box around them, at least `MIN_WIDTH`
wide, so a phone shows tiles at the same size until the layout outgrows the budget. As old
tiles never move, the last plans are kept, and a layout one tile longer than a kept one
places only its new tile (a French Connection hand: 0.18 ms a move instead of 0.49 ms).

Light pages (`sprite=True`). A page that shows many tiles (the tile picker offers up to 91)
puts `sprite_svg(max_pip)` in once: the tile bodies and the pip patterns of each half as
shapes with ids (`d-v`, `d-p6`...). Each tile is then three `<use>` references to them
instead of a rectangle, a line and up to 24 circles, drawn exactly the same.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from html import escape
from typing import NamedTuple

from flask_babel import gettext as _
from flask_babel import ngettext

UNIT = 10  # SVG user units per grid unit: a tile is 40 x 20
BUDGET = 32  # grid units (eight tiles' length) the layout may span before its arms bend
PAD = 2  # grid units of table around what is drawn
MIN_WIDTH = BUDGET + 2 * PAD  # the narrowest view, so that tiles keep their size on a phone
MARK = 2.3  # half the touch target of a place, grid units (44 CSS px on a 344 px wide picture)

E, S, W, N = (1, 0), (0, 1), (-1, 0), (0, -1)
SPINE = 4  # tiles a line runs north or south before it turns
CORNER = 1  # tiles a snaking arm steps between rows (2 where every double spins: room for ends)
MARKER = -2  # owner of the grid cells a place marker takes

FELT, IVORY, INK, BRASS = "#24563f", "#fffaeb", "#1b1b1b", "#c9962b"
LAST, LOCK = "#ff8c1a", "#c0392b"  # the ring round the last tile laid; a locked arm's bar
NUMBERS_FROM = 7  # halves of 7 pips or more show their number: pips that many are unreadable
# ...and on a set that has such halves (above double-six), every half shows its number
# (a blank stays blank), so that no tile mixes pips and numbers
NUMBER_SIZE = 0.74  # a number's height, as a part of its half's side

GLOW, HALO = "#ffd43b", "#9fd8ff"  # open places; the lead


class Spot(NamedTuple):
    """Where a tile lies: its rectangle [x0, x1) x [y0, y1) in grid units, the pips of its
    left (or top) and right (or bottom) halves, and, for a tile that had to jump, the
    line joining it to its anchor."""

    x0: int
    y0: int
    x1: int
    y1: int
    first: int
    second: int
    link: tuple[tuple[int, int], tuple[int, int]] | None = None


def _right(d):
    return (-d[1], d[0])


def _left(d):
    return (d[1], -d[0])


def _step(p, d, k=1):
    return (p[0] + k * d[0], p[1] + k * d[1])


def _rect(q, d, double):
    """The rectangle of a tile touching its anchor at q and growing in direction d."""
    length, half = (2, 2) if double else (4, 1)
    across = _right(d)
    xs = [q[0] + a * d[0] + b * across[0] for a in (0, length) for b in (-half, half)]
    ys = [q[1] + a * d[1] + b * across[1] for a in (0, length) for b in (-half, half)]
    return min(xs), min(ys), max(xs), max(ys)


def _free(rect, occupied, anchor, room=1, strict=True):
    """Whether rect is empty, with `room` units around it clear of all but its anchor; if
    `strict`, it may not take the place kept for the ends of another spinner either."""
    x0, y0, x1, y1 = rect
    for i in range(x0 - room, x1 + room):
        for j in range(y0 - room, y1 + room):
            owner = occupied.get((i, j))
            if owner is None:
                continue
            inside = x0 <= i < x1 and y0 <= j < y1
            if isinstance(owner, tuple):  # ("end", spinner): kept for a spinner's ends
                if strict and inside and owner[1] != anchor:
                    return False
            elif owner != anchor or inside:
                return False
    return True


def _bounds(side):
    """The columns an arm may use: the whole budget, or once it snakes, its half of it
    (side 1: east of the lead, -1: west), kept clear of the lines through the lead."""
    half = BUDGET // 2
    return (-half, half) if not side else (2, half) if side > 0 else (-half, -2)


def _in_budget(rect, d, side=0):
    """Whether rect stays inside the arm's columns, leaving room for the corner tile that
    ends a row when it runs east or west (a double, never turned, may take that room)."""
    x0, _, x1, _ = rect
    lo, hi = _bounds(side)
    room = 2 if x1 - x0 > 2 else 0
    if d == E:
        return x1 <= hi - room
    if d == W:
        return x0 >= lo + room
    return x0 >= -BUDGET // 2 and x1 <= BUDGET // 2


class Port(NamedTuple):
    """Where a tile laid on a slot starts: the point it touches, the way its line runs, how
    many tiles that line has run straight, and how it snakes: `flow` is the way it steps
    at the end of a row (None: not snaking yet), `back` the way the next row runs, `side`
    the half of the table it snakes in (0: not yet); `edge` is half the length of the edge
    it starts from (2: the long side of a double)."""

    at: tuple[int, int]
    heading: tuple[int, int]
    run: int = 0
    back: tuple[int, int] | None = None
    flow: tuple[int, int] | None = None
    side: int = 0
    edge: int = 1


def _opposite(d):
    return (-d[0], -d[1])


# where tiles laid on a lead start: a double lies across the line, a tile along it
DOUBLE_LEAD = {
    "side1": Port((1, 0), E, edge=2),
    "side2": Port((-1, 0), W, edge=2),
    "end1": Port((0, -2), N),
    "end2": Port((0, 2), S),
}
TILE_LEAD = {"a": Port((-2, 0), W), "b": Port((2, 0), E)}


def _bend(p, d, d2, double, edge=1):
    """Where a tile laid at point p of a line running d touches, growing in direction d2:
    straight on, or at a bend, its inner half beside the end of the line (one half only
    touching it: past the corner of a double it was laid on)."""
    if d2 == d:
        return p
    return _step(_step(p, d, 2 if double else 1), d2, edge - 2)


def _fit(port, double, occupied, anchor, corner=CORNER):
    """Where a tile laid at `port` goes: (contact, direction, rect, link, port it continues).

    A row (east or west) runs until the width budget, then steps once (the corner tile)
    and runs back in its half of the table: the arm snakes. A line running north or south
    turns after SPINE tiles (the first turn of an arm is a right turn, so the arms of a
    cross make a pinwheel). A bend into a dead end is avoided when another way is open;
    out of the budget, then touching a neighbour, then a jump are the last resorts."""
    p, d, run, back, flow, side, edge = port
    if d[0]:  # a row: straight on, else step the way the arm flows
        order = [d, flow or _right(d), _opposite(flow) if flow else _left(d)]
    else:
        turns = [back, _opposite(back)] if back else [_right(d), _left(d)]
        late = run >= (corner if back else SPINE) and not double  # a double lies across the line
        order = [*turns, d] if late else [d, *turns]
    options = []
    for d2 in order:
        q = _bend(p, d, d2, double, edge)
        options.append((q, d2, _rect(q, d2, double)))

    def going(q, d2, rect, link=None):
        if d2 == d:
            nxt = Port(q, d, run + 1, back, flow, side)
        elif d2[0]:  # from a column into a row
            nxt = Port(q, d2, 1, None, flow or d, side or d2[0])
        else:  # from a row into a column: the corner
            nxt = Port(q, d2, 1, _opposite(d), d2, side or d[0])
        return q, d2, rect, link, nxt

    def open_after(q, d2, rect):  # may a tile follow this one?
        end = _step(q, d2, 2 if double else 4)
        for d3 in (d2, _right(d2), _left(d2)):
            r = _rect(_bend(end, d2, d3, False, 2 if double else 1), d3, False)
            if _in_budget(r, (0, 1)) and _free(r, occupied, anchor):
                return True
        return False

    stages = [(options, True, 1)]
    options = [o for o in options if o[1] != d] + [o for o in options if o[1] == d]
    stages += [(options, False, 1), (options, False, 0)]  # turning first
    for opts, budget, room in stages:
        fits = [
            o
            for o in opts
            if (not budget or _in_budget(o[2], o[1], side))
            and _free(o[2], occupied, anchor, room, strict=room > 0)
        ]
        if fits:
            return going(*next((o for o in fits if open_after(*o)), fits[0]))
    # a jump: the nearest free place ahead or to the sides, over empty table if it can
    for cross in (False, True):
        rays = list(order)
        for k in range(1, 1000):
            for d2 in list(rays):
                q = _step(p, d2, k)
                way = _rect(_step(q, d2, -1), d2, False)
                if not cross and not _free(way, occupied, anchor, 0, strict=False):
                    rays.remove(d2)  # the line to q would cross a tile
                    continue
                rect = _rect(q, d2, double)
                if _free(rect, occupied, anchor, strict=False):
                    return going(q, d2, rect, (p, q))
    raise AssertionError("no room on the table")  # the table beyond all tiles is free


def _take(rect, occupied, owner):
    """Mark the cells of rect as taken by owner (a node, or MARKER); a place kept for
    ends (owner ("end", spinner)) takes only cells nobody has."""
    x0, y0, x1, y1 = rect
    for i in range(x0, x1):
        for j in range(y0, y1):
            if not isinstance(owner, tuple) or (i, j) not in occupied:
                occupied[i, j] = owner


_PLANS: OrderedDict = OrderedDict()  # (corner, the tiles as laid) -> a plan, most recent last
_PLANS_LOCK = threading.Lock()
PLANS_KEPT = 256


def _plan(layout, corner=CORNER):
    """Place every tile of the layout: (spots, ports, occupied), where ports[i] maps each
    free or taken slot of node i to the Port a tile laid there starts from.

    Tiles never move once placed, so the last plans made are kept: the same layout again
    (its phones, a tile chosen) is not planned again, and a layout one tile longer than a
    kept one places only its new tile."""
    nodes = layout.nodes
    laid = tuple((n.tile, n.parent, n.slot, n.inner, n.spinner) for n in nodes)
    with _PLANS_LOCK:
        kept = _PLANS.get((corner, laid))
        start = len(nodes)
        if kept is None and nodes:
            kept, start = _PLANS.get((corner, laid[:-1])), len(nodes) - 1
        if kept is not None:
            _PLANS.move_to_end((corner, laid[:start]))
    if kept is None:
        spots, ports, occupied, start = [], [], {}, 0
    else:
        spots, ports, occupied = list(kept[0]), list(kept[1]), dict(kept[2])
    if start < len(nodes):
        _place(nodes[start:], spots, ports, occupied, corner)
        with _PLANS_LOCK:
            _PLANS[corner, laid] = (list(spots), list(ports), dict(occupied))
            while len(_PLANS) > PLANS_KEPT:
                _PLANS.popitem(last=False)
    return spots, ports, occupied


def _place(nodes, spots, ports, occupied, corner) -> None:
    """Place `nodes` (in the order laid) after those already in the plan."""
    for node in nodes:
        t = node.tile
        double = t.high == t.low
        link = None
        if node.parent is None and double:  # across the line, arms on all four edges
            rect = (-1, -2, 1, 2)
            mine = DOUBLE_LEAD
            first = second = t.high
        elif node.parent is None:  # along the line, high half on the left
            rect = (-2, -1, 2, 1)
            mine = TILE_LEAD
            first, second = t.high, t.low
        else:
            port = ports[node.parent][node.slot]
            q, d, rect, link, on = _fit(port, double, occupied, node.parent, corner)
            if double:  # across the line; a spinner's ends start lines of their own
                centre = _step(q, d)
                mine = {
                    "side": on._replace(at=_step(q, d, 2), edge=2),
                    "end1": Port(_step(centre, _left(d), 2), _left(d)),
                    "end2": Port(_step(centre, _right(d), 2), _right(d)),
                }
                first = second = t.high
            else:
                mine = {"a": on._replace(at=_step(q, d, 4))}
                outer = t.low if node.inner == t.high else t.high
                first, second = (node.inner, outer) if d in (E, S) else (outer, node.inner)
        _take(rect, occupied, node.index)
        if node.spinner:  # keep the table clear where its ends will take tiles
            for slot in ("end1", "end2"):
                _take(
                    _rect(mine[slot].at, mine[slot].heading, False), occupied, ("end", node.index)
                )
        spots.append(Spot(*rect, first, second, link))
        ports.append(mine)


def _positions(layout, corner=CORNER) -> list[Spot]:
    """Where each tile of the layout lies, in the order laid (grid units)."""
    return _plan(layout, corner)[0]


# -- drawing ---------------------------------------------------------------------------------

_A, _B, _C = 0.25, 0.5, 0.75
_COLS = (0.22, 0.5, 0.78)
_ROWS4 = (0.2, 0.4, 0.6, 0.8)
_SIX = [(_A, _A), (_A, _B), (_A, _C), (_C, _A), (_C, _B), (_C, _C)]
_FOUR = [(_A, _A), (_C, _A), (_A, _C), (_C, _C)]
PIPS = {  # pip centres in a half of an upright tile, as fractions of its side
    0: [],
    1: [(_B, _B)],
    2: [(_C, _A), (_A, _C)],
    3: [(_C, _A), (_B, _B), (_A, _C)],
    4: _FOUR,
    5: _FOUR + [(_B, _B)],
    6: _SIX,
    7: _SIX + [(_B, _B)],
    8: _SIX + [(_B, _A), (_B, _C)],
    9: _SIX + [(_B, _A), (_B, _B), (_B, _C)],
    10: [(x, y) for x in _COLS[::2] for y in _ROWS4] + [(0.5, 0.3), (0.5, 0.7)],
    11: [(x, y) for x in _COLS[::2] for y in _ROWS4] + [(0.5, 0.25), (0.5, 0.5), (0.5, 0.75)],
    12: [(x, y) for x in _COLS for y in _ROWS4],
}


def _n(v) -> str:
    """A number for SVG: short and always written the same way."""
    return f"{round(v, 2):g}"


def _number(cx, cy, pips, side) -> str:
    """A half's number, for halves whose pips are too many to read (NUMBERS_FROM)."""
    size = side * NUMBER_SIZE  # the baseline a third of the size below the centre: centred
    return (
        f'<text class="num" x="{_n(cx)}" y="{_n(cy + size * 0.35)}" text-anchor="middle" '
        f'font-weight="bold" font-size="{_n(size)}">{pips}</text>'
    )


def _classes(spinner, lead, last) -> tuple[str, str]:
    """A tile's classes and the words its title adds to its name."""
    marks = [("lead", "lead"), ("spinner", "spinner"), ("last", "last laid")]
    on = [m for m, flag in zip(marks, (lead, spinner, last), strict=True) if flag]
    return "tile" + "".join(f" {c}" for c, _ in on), "".join(f" ({w})" for _, w in on)


def _ring(x, y, w, h, side) -> str:
    """The ring round the last tile laid."""
    g = side * 0.16
    return (
        f'<rect x="{_n(x - g)}" y="{_n(y - g)}" width="{_n(w + 2 * g)}" '
        f'height="{_n(h + 2 * g)}" rx="{_n(side * 0.3)}" fill="none" stroke="{LAST}" '
        f'stroke-width="{_n(side * 0.14)}"/>'
    )


def numbered(max_pip: int) -> bool:
    """Whether the halves of a set show numbers rather than pips (above double-six)."""
    return max_pip >= NUMBERS_FROM


def _tile(box, first, second, label, spinner=False, lead=False, last=False, numbers=None) -> str:
    """One tile in the box (x, y, w, h) (SVG units): upright when h > w, halves showing
    `first` (top or left) and `second` (as numbers if `numbers`; by default when either
    half needs one); spinners wear a brass pin, the lead a glow, the last tile laid an
    orange ring."""
    if numbers is None:
        numbers = numbered(max(first, second))
    x, y, w, h = box
    side = min(w, h)
    upright = h > w
    classes, words = _classes(spinner, lead, last)
    out = [f'<g class="{classes}" data-tile="{escape(label)}" fill="{INK}">']
    out.append(f"<title>{escape(label + words)}</title>")
    if last:
        out.append(_ring(x, y, w, h, side))
    if lead:
        g = side * 0.14
        out.append(
            f'<rect x="{_n(x - g)}" y="{_n(y - g)}" width="{_n(w + 2 * g)}" '
            f'height="{_n(h + 2 * g)}" rx="{_n(side * 0.25)}" fill="{HALO}"/>'
        )
    stroke = side * (0.1 if spinner else 0.06)
    out.append(
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{_n(side * 0.15)}" fill="{IVORY}" stroke="{INK}" stroke-width="{_n(stroke)}"/>'
    )
    mx, my = (x + w / 2, y + h / 2)
    inset = side * 0.12
    line = (x + inset, my, x + w - inset, my) if upright else (mx, y + inset, mx, y + h - inset)
    out.append(
        f'<line x1="{_n(line[0])}" y1="{_n(line[1])}" x2="{_n(line[2])}" y2="{_n(line[3])}" '
        f'stroke="{INK}" stroke-width="{_n(side * 0.05)}"/>'
    )
    for k, pips in enumerate((first, second)):
        ox, oy = (x, y + k * side) if upright else (x + k * side, y)
        if pips and numbers:
            out.append(_number(ox + side / 2, oy + side / 2, pips, side))
            continue
        r = side * (0.095 if pips <= 6 else 0.08 if pips <= 9 else 0.07)
        for fx, fy in PIPS[pips]:
            if not upright:  # the pattern turns with the tile
                fx, fy = fy, fx
            out.append(
                f'<circle class="pip" cx="{_n(ox + fx * side)}" cy="{_n(oy + fy * side)}" '
                f'r="{_n(r)}"/>'
            )
    if spinner:
        out.append(
            f'<circle class="pin" cx="{_n(mx)}" cy="{_n(my)}" r="{_n(side * 0.11)}" '
            f'fill="{BRASS}" stroke="{INK}" stroke-width="{_n(side * 0.04)}"/>'
        )
    out.append("</g>")
    return "".join(out)


# -- light tiles: shapes defined once per page (sprite_svg), tiles drawn with <use> ---------

SPRITE = "d-"  # prefix of the sprite's ids
_SIDE = 2 * UNIT  # a half of a tile is 20 x 20 SVG units, in the layout and the picker alike


def _body(w, h, spinner) -> str:
    """A tile's ivory body and its dividing line, at the origin (w x h SVG units)."""
    side = min(w, h)
    inset = side * 0.12
    if h > w:
        line = f"M{_n(inset)} {_n(h / 2)}H{_n(w - inset)}"
    else:
        line = f"M{_n(w / 2)} {_n(inset)}V{_n(h - inset)}"
    out = (
        f'<rect width="{w}" height="{h}" rx="{_n(side * 0.15)}" fill="{IVORY}" stroke="{INK}" '
        f'stroke-width="{_n(side * (0.1 if spinner else 0.06))}"/>'
        f'<path d="{line}" stroke="{INK}" stroke-width="{_n(side * 0.05)}"/>'
    )
    if spinner:
        out += (
            f'<circle cx="{_n(w / 2)}" cy="{_n(h / 2)}" r="{_n(side * 0.11)}" fill="{BRASS}" '
            f'stroke="{INK}" stroke-width="{_n(side * 0.04)}"/>'
        )
    return out


def sprite_svg(max_pip: int) -> str:
    """The shapes tiles drawn with `sprite=True` use, for a set up to `max_pip`: put once
    in a page, before or after them. Bodies `d-v` (upright), `d-h` (lying), `d-vs`, `d-hs`
    (spinners); pips `d-p1`...`d-p12` for the upper half of an upright tile, `d-q1`... for
    the left half of a lying one (the same pattern, turned with the tile). Above
    double-six every half is a number (`numbered`)."""
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" '
        'width="0" height="0"><defs>'
    ]
    for name, w, h, spinner in (("v", 20, 40, False), ("h", 40, 20, False),
                                ("vs", 20, 40, True), ("hs", 40, 20, True)):  # fmt: skip
        out.append(f'<g id="{SPRITE}{name}">{_body(w, h, spinner)}</g>')
    for pips in range(1, max_pip + 1):
        if numbered(max_pip):  # a number, upright in both kinds of half
            out.append(
                _number(_SIDE / 2, _SIDE / 2, pips, _SIDE).replace(
                    '<text class="num"', f'<text id="{SPRITE}p{pips}"', 1
                )
            )
            out.append(f'<use id="{SPRITE}q{pips}" href="#{SPRITE}p{pips}"/>')
            continue
        # each pip a dot: a line of no length with round caps, as wide as the pip
        width = _n(2 * _SIDE * (0.095 if pips <= 6 else 0.08 if pips <= 9 else 0.07))
        dots = "".join(f"M{_n(fx * _SIDE)} {_n(fy * _SIDE)}h0" for fx, fy in PIPS[pips])
        out.append(
            f'<path id="{SPRITE}p{pips}" d="{dots}" stroke="{INK}" stroke-width="{width}" '
            f'stroke-linecap="round"/>'
        )
        out.append(
            f'<g id="{SPRITE}q{pips}" transform="matrix(0 1 1 0 0 0)">'
            f'<use href="#{SPRITE}p{pips}"/></g>'
        )
    out.append("</defs></svg>")
    return "".join(out)


def _at(x, y) -> str:
    return (f' x="{_n(x)}"' if x else "") + (f' y="{_n(y)}"' if y else "")


def _tile_uses(x, y, upright, first, second, spinner=False) -> str:
    """A tile as <use> references to the sprite: its body, then the pips of each half."""
    body = ("v" if upright else "h") + ("s" if spinner else "")
    out = [f'<use href="#{SPRITE}{body}"{_at(x, y)}/>']
    for k, pips in enumerate((first, second)):
        if pips:
            ox, oy = (x, y + k * _SIDE) if upright else (x + k * _SIDE, y)
            kind = "p" if upright else "q"
            out.append(f'<use href="#{SPRITE}{kind}{pips}"{_at(ox, oy)}/>')
    return "".join(out)


def _light_tile(box, first, second, label, spinner=False, lead=False, last=False) -> str:
    """What `_tile` draws, with the shapes of the sprite (tiles are always 20 x 40)."""
    x, y, w, h = box
    classes, words = _classes(spinner, lead, last)
    out = [f'<g class="{classes}" data-tile="{escape(label)}">']
    out.append(f"<title>{escape(label + words)}</title>")
    if last:
        out.append(_ring(x, y, w, h, _SIDE))
    if lead:
        g = _SIDE * 0.14
        out.append(
            f'<rect x="{_n(x - g)}" y="{_n(y - g)}" width="{_n(w + 2 * g)}" '
            f'height="{_n(h + 2 * g)}" rx="{_n(_SIDE * 0.25)}" fill="{HALO}"/>'
        )
    out.append(_tile_uses(x, y, h > w, first, second, spinner))
    out.append("</g>")
    return "".join(out)


def tile_use(tile) -> str:
    """One upright tile drawn with the sprite, for a picker: a small <svg> with no role and
    no text (the button or label around it names the tile); CSS sets its size."""
    return '<svg viewBox="-1 -1 22 42">' + _tile_uses(0, 0, True, tile.high, tile.low) + "</svg>"


def _place_label(place) -> str:
    if place.anchor is None:
        return _("Lead here")
    if place.slot.startswith("side"):
        return _("Lay on %(anchor)s (the %(pips)s side)", anchor=place.anchor, pips=place.pip)
    return _("Lay on %(anchor)s (the %(pips)s end)", anchor=place.anchor, pips=place.pip)


def _marker(place, box) -> str:
    """A tappable place: a glowing ghost of the tile that would go there, showing the pips
    it must match, inside a transparent touch target at least 2 * MARK units square."""
    x0, y0, x1, y1 = (v * UNIT for v in box)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hw, hh = max(x1 - x0, 2 * MARK * UNIT) / 2, max(y1 - y0, 2 * MARK * UNIT) / 2
    on = "lead" if place.anchor is None else str(place.anchor)
    label = _place_label(place)
    text = "+" if place.anchor is None else str(place.pip)
    return (
        f'<g class="place" data-on="{on}" data-slot="{escape(place.slot)}" '
        f'data-pip="{place.pip}" tabindex="0" role="button" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>"
        f'<rect x="{_n(cx - hw)}" y="{_n(cy - hh)}" width="{_n(2 * hw)}" height="{_n(2 * hh)}" '
        f'fill="#000" fill-opacity="0"/>'
        f'<rect x="{_n(x0 + 1)}" y="{_n(y0 + 1)}" width="{_n(x1 - x0 - 2)}" '
        f'height="{_n(y1 - y0 - 2)}" rx="3" fill="{GLOW}" stroke="{INK}" stroke-width="2" '
        f'stroke-dasharray="5 3"/>'
        f'<text x="{_n(cx)}" y="{_n(cy)}" text-anchor="middle" dominant-baseline="central" '
        f'font-family="sans-serif" font-weight="bold" font-size="{_n(UNIT * 1.6)}" '
        f'fill="{INK}">{escape(text)}</text></g>'
    )


def _link(link) -> str:
    """The dotted line joining a tile (or place) that had to jump to where it belongs."""
    if not link:
        return ""
    (px, py), (qx, qy) = link
    return (
        f'<line class="link" x1="{px * UNIT}" y1="{py * UNIT}" x2="{qx * UNIT}" '
        f'y2="{qy * UNIT}" stroke="{IVORY}" stroke-width="3" stroke-dasharray="4 3"/>'
    )


def _svg(box, title, body, desc, role="img") -> str:
    x0, y0, x1, y1 = (v * UNIT for v in box)
    w, h = x1 - x0, y1 - y0
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="layout" role="{role}" '
        f'viewBox="{_n(x0)} {_n(y0)} {_n(w)} {_n(h)}" width="100%" '
        f'preserveAspectRatio="xMidYMid meet">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
        f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(w)}" height="{_n(h)}" rx="{UNIT}" '
        f'fill="{FELT}"/>{body}</svg>'
    )


def _frame(boxes):
    """The view around the boxes (grid units): padded, and at least MIN_WIDTH wide."""
    x0 = min(b[0] for b in boxes) - PAD
    y0 = min(b[1] for b in boxes) - PAD
    x1 = max(b[2] for b in boxes) + PAD
    y1 = max(b[3] for b in boxes) + PAD
    if x1 - x0 < MIN_WIDTH:
        grow = (MIN_WIDTH - (x1 - x0)) / 2
        x0, x1 = x0 - grow, x1 + grow
    return x0, y0, x1, y1


def _locked(hand) -> list:
    """The open ends the engine says take only a double now (French Connection's locked
    arms, FC-LOCK): the picture asks, it does not judge."""
    return [place for place, rule, _ in hand.open_places() if rule == "FC-LOCK"]


def _lock(port, place) -> str:
    """A red bar across a locked arm's open end."""
    (px, py), (dx, dy) = port.at, port.heading
    ax, ay = -dy * 1.2, dx * 1.2  # across the line
    x1, y1 = (px + dx * 0.4 + ax) * UNIT, (py + dy * 0.4 + ay) * UNIT
    label = _("Locked: only %(tile)s (%(rule)s)", tile=f"{place.pip}-{place.pip}", rule="FC-LOCK")
    return (
        f'<g class="lock" data-on="{place.anchor}" data-slot="{escape(place.slot)}">'
        f"<title>{escape(label)}</title>"
        f'<path d="M{_n(x1)} {_n(y1)}l{_n(-2 * ax * UNIT)} {_n(-2 * ay * UNIT)}" '
        f'stroke="{LOCK}" stroke-width="5" stroke-linecap="round"/></g>'
    )


def layout_svg(hand, highlight=(), title="Layout", sprite=False) -> str:
    """The layout of `hand` as an inline <svg>, with a tappable marker on each place of
    `highlight` (engine Places, e.g. from hand.places_for(tile)); a ValueError for a place
    that is not open on this layout. With `sprite`, tiles are drawn with the shapes of
    `sprite_svg`, which the page must hold. A picture with markers is a `group` (it holds
    buttons), without them an `img`."""
    nodes = hand.layout.nodes
    highlight = list(highlight)
    role = "group" if highlight else "img"
    numbers = numbered(hand.max_pip)
    draw = _light_tile if sprite else functools.partial(_tile, numbers=numbers)
    if not nodes:
        empty = escape(_("No tile on the table yet"))
        body = (
            f'<text x="0" y="{-3 * UNIT}" text-anchor="middle" font-family="sans-serif" '
            f'font-size="{_n(UNIT * 2)}" fill="{IVORY}">{empty}</text>'
        )
        boxes = [(-8, -5, 8, -1)]
        if any(place.anchor is not None for place in highlight):
            raise ValueError("no tile is on the table, so nothing can be laid on one")
        if highlight:
            boxes.append((-2, 1, 2, 3))
            body += _marker(highlight[0], boxes[-1])
        return _svg(_frame(boxes), title, body, _("The table is empty."), role)
    corner = 2 if getattr(hand.variant, "every_double_spins", False) else CORNER
    spots, ports, occupied = _plan(hand.layout, corner)
    body = []
    last = nodes[-1] if len(nodes) > 1 else None
    for node, spot in zip(nodes, spots, strict=True):
        body.append(_link(spot.link))
        x0, y0, x1, y1 = (v * UNIT for v in spot[:4])
        box = (x0, y0, x1 - x0, y1 - y0)
        lead = node.parent is None
        body.append(
            draw(box, spot.first, spot.second, str(node.tile), node.spinner, lead, node is last)
        )
    for place in _locked(hand):
        body.append(_lock(ports[place.node][place.slot], place))
    boxes = [s[:4] for s in spots]
    for place in highlight:
        if place not in hand.layout.open:
            raise ValueError(f"{place} is not an open place of this layout")
        port = ports[place.node][place.slot]
        _first, _second, rect, link, _jump = _fit(port, False, occupied, place.node, corner)
        _take(rect, occupied, MARKER)
        body.append(_link(link) + _marker(place, rect))
        boxes.append(rect)
    count = len(nodes)
    desc = ngettext(
        "%(num)d tile on the table, led with %(tile)s.",
        "%(num)d tiles on the table, led with %(tile)s.",
        count,
        tile=nodes[0].tile,
    )
    return _svg(_frame(boxes), title, "".join(body), desc, role)


def tile_svg(tile, size=40, title=None, max_pip=None) -> str:
    """One tile, upright with its high half on top, as a small inline <svg> `size` CSS px
    tall (and half as wide), labelled "6-4" (or `title`) for screen readers; drawn as the
    set up to `max_pip` draws it (by default, as the smallest set that holds it)."""
    label = title or str(tile)
    w, h = 20, 40
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tile-picture" role="img" '
        f'aria-label="{escape(label)}" viewBox="-1 -1 {w + 2} {h + 2}" '
        f'width="{_n(size * (w + 2) / (h + 2))}" height="{_n(size)}">'
        f"<title>{escape(label)}</title>"
        + _tile(
            (0, 0, w, h),
            tile.high,
            tile.low,
            str(tile),
            numbers=numbered(max_pip if max_pip is not None else tile.high),
        )
        + "</svg>"
    )
