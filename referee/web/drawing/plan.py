"""Where the tiles of a layout lie (`plan`): the plan the layout picture is drawn from. No
Flask, no SVG: `layout` draws what this places.

Tiles lie on a grid whose unit is a quarter of a tile's length, so a tile is 4 x 2 units
and a double lying across the line (C-DOUBLE) is centred on it. Tiles are placed in the
order they were laid, so a new tile never moves an old one. The lead lies at the centre;
its arms grow east, west, north and south (a spinner's sides continue the line, its ends
make the cross). Each tile goes on along its arm (`fit`): a row runs east or west until
the width budget (`BUDGET`, eight tiles' length), then turns a corner and runs back,
snaking in its own half of the table; a line running north or south turns after `SPINE`
tiles. First turns are right turns, so the four arms of a cross make a pinwheel. A tile
keeps one unit of table clear of every tile but the one it is laid on, stays out of the
place kept for a spinner's ends, and avoids bends into dead ends; when nothing fits it may
leave the budget, then touch a neighbour, and at the very last jump to the nearest free
place, joined to its anchor by a dotted line. Tiles never overlap. As old tiles never
move, the last plans are kept, and a layout one tile longer than a kept one places only
its new tile (a French Connection hand: 0.18 ms a move instead of 0.49 ms).
"""

from __future__ import annotations

from typing import NamedTuple

from ..server.cache import LRU

BUDGET = 32  # grid units (eight tiles' length) the layout may span before its arms bend
E, S, W, N = (1, 0), (0, 1), (-1, 0), (0, -1)
SPINE = 4  # tiles a line runs north or south before it turns
CORNER = 1  # tiles a snaking arm steps between rows (2 where every double spins: room for ends)
MARKER = -2  # owner of the grid cells a place marker takes


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


def fit(port, double, occupied, anchor, corner=CORNER):
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


def take(rect, occupied, owner):
    """Mark the cells of rect as taken by owner (a node, or MARKER); a place kept for
    ends (owner ("end", spinner)) takes only cells nobody has."""
    x0, y0, x1, y1 = rect
    for i in range(x0, x1):
        for j in range(y0, y1):
            if not isinstance(owner, tuple) or (i, j) not in occupied:
                occupied[i, j] = owner


PLANS_KEPT = 256
_PLANS = LRU(PLANS_KEPT)  # (corner, the tiles as laid) -> a plan (no version: it never changes)


def plan(layout, corner=CORNER):
    """Place every tile of the layout: (spots, ports, occupied), where ports[i] maps each
    free or taken slot of node i to the Port a tile laid there starts from.

    Tiles never move once placed, so the last plans made are kept: the same layout again
    (its phones, a tile chosen) is not planned again, and a layout one tile longer than a
    kept one places only its new tile."""
    nodes = layout.nodes
    laid = tuple((n.tile, n.parent, n.slot, n.inner, n.spinner) for n in nodes)
    kept = _PLANS.get((corner, laid))
    start = len(nodes)
    if kept is None and nodes:
        kept, start = _PLANS.get((corner, laid[:-1])), len(nodes) - 1
    if kept is None:
        spots, ports, occupied, start = [], [], {}, 0
    else:
        spots, ports, occupied = list(kept[0]), list(kept[1]), dict(kept[2])
    if start < len(nodes):
        _place(nodes[start:], spots, ports, occupied, corner)
        _PLANS.put((corner, laid), None, (list(spots), list(ports), dict(occupied)))
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
            q, d, rect, link, on = fit(port, double, occupied, node.parent, corner)
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
        take(rect, occupied, node.index)
        if node.spinner:  # keep the table clear where its ends will take tiles
            for slot in ("end1", "end2"):
                take(_rect(mine[slot].at, mine[slot].heading, False), occupied, ("end", node.index))
        spots.append(Spot(*rect, first, second, link))
        ports.append(mine)


def positions(layout, corner=CORNER) -> list[Spot]:
    """Where each tile of the layout lies, in the order laid (grid units)."""
    return plan(layout, corner)[0]
