"""The picture of the layout: the tiles on the table as an inline SVG, drawn as they lie.

`layout_svg(hand, highlight)` draws `hand.layout` where `plan` placed its tiles, with the
open places a phone may tap and a bar across each locked arm; the tiles are drawn by
`tiles`. No Flask: the words go through the catalogue, the answers are the engine's.

Tiles never overlap; the view (`viewBox`) is the box around them, at least `MIN_WIDTH`
wide, so a phone shows tiles at the same size until the layout outgrows the budget.
"""

from __future__ import annotations

import functools
from html import escape

from ..i18n import gettext as _
from ..i18n import ngettext
from .plan import BUDGET, CORNER, MARKER, fit, plan, take
from .tiles import FELT, INK, IVORY, UNIT, draw_tile, fmt, light_tile, numbered
from .trains import trains_svg

PAD = 2  # grid units of table around what is drawn
MIN_WIDTH = BUDGET + 2 * PAD  # the narrowest view, so that tiles keep their size on a phone
MARK = 2.3  # half the touch target of a place, grid units (44 CSS px on a 344 px wide picture)
GLOW, LOCK = "#ffd43b", "#c0392b"  # open places; a locked arm's bar


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
        f'<rect x="{fmt(cx - hw)}" y="{fmt(cy - hh)}" width="{fmt(2 * hw)}" height="{fmt(2 * hh)}" '
        f'fill="#000" fill-opacity="0"/>'
        f'<rect x="{fmt(x0 + 1)}" y="{fmt(y0 + 1)}" width="{fmt(x1 - x0 - 2)}" '
        f'height="{fmt(y1 - y0 - 2)}" rx="3" fill="{GLOW}" stroke="{INK}" stroke-width="2" '
        f'stroke-dasharray="5 3"/>'
        f'<text x="{fmt(cx)}" y="{fmt(cy)}" text-anchor="middle" dominant-baseline="central" '
        f'font-family="sans-serif" font-weight="bold" font-size="{fmt(UNIT * 1.6)}" '
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


def _placed(spot, label, spinner, lead, last, draw) -> str:
    """A tile drawn by `draw` where `plan` put it (`spot`), with the line of its jump."""
    x0, y0, x1, y1 = (v * UNIT for v in spot[:4])
    box = (x0, y0, x1 - x0, y1 - y0)
    return _link(spot.link) + draw(box, spot.first, spot.second, label, spinner, lead, last)


@functools.lru_cache(maxsize=8192)
def _lit(spot, label, spinner=False, lead=False, last=False) -> str:
    """`_placed` with the sprite's shapes (`light_tile`), kept by its arguments: a layout's
    tiles stay where they are from one move to the next, so a picture redraws only the
    tile just laid (and the one that was last)."""
    return _placed(spot, label, spinner, lead, last, light_tile)


def _svg(box, title, body, desc, role="img") -> str:
    x0, y0, x1, y1 = (v * UNIT for v in box)
    w, h = x1 - x0, y1 - y0
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="layout" role="{role}" '
        f'viewBox="{fmt(x0)} {fmt(y0)} {fmt(w)} {fmt(h)}" width="100%" '
        f'preserveAspectRatio="xMidYMid meet">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
        f'<rect x="{fmt(x0)}" y="{fmt(y0)}" width="{fmt(w)}" height="{fmt(h)}" rx="{UNIT}" '
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
        f'<path d="M{fmt(x1)} {fmt(y1)}l{fmt(-2 * ax * UNIT)} {fmt(-2 * ay * UNIT)}" '
        f'stroke="{LOCK}" stroke-width="5" stroke-linecap="round"/></g>'
    )


def layout_svg(hand, highlight=(), title="Layout", sprite=False) -> str:
    """The layout of `hand` as an inline <svg>, with a tappable marker on each place of
    `highlight` (engine Places, e.g. from hand.places_for(tile)); a ValueError for a place
    that is not open on this layout. With `sprite`, tiles are drawn with the shapes of
    `sprite_svg`, which the page must hold. A picture with markers is a `group` (it holds
    buttons), without them an `img`."""
    if hand.variant.trains and hand.layout.nodes:  # a hub of trains: a row per train
        return trains_svg(hand, highlight, title)
    nodes = hand.layout.nodes
    highlight = list(highlight)
    role = "group" if highlight else "img"
    if sprite:
        draw = _lit
    else:
        draw = functools.partial(
            _placed, draw=functools.partial(draw_tile, numbers=numbered(hand.max_pip))
        )
    if not nodes:
        empty = escape(_("No tile on the table yet"))
        body = (
            f'<text x="0" y="{-3 * UNIT}" text-anchor="middle" font-family="sans-serif" '
            f'font-size="{fmt(UNIT * 2)}" fill="{IVORY}">{empty}</text>'
        )
        boxes = [(-8, -5, 8, -1)]
        if any(place.anchor is not None for place in highlight):
            raise ValueError("no tile is on the table, so nothing can be laid on one")
        if highlight:
            boxes.append((-2, 1, 2, 3))
            body += _marker(highlight[0], boxes[-1])
        return _svg(_frame(boxes), title, body, _("The table is empty."), role)
    corner = 2 if getattr(hand.variant, "every_double_spins", False) else CORNER
    spots, ports, occupied = plan(hand.layout, corner)
    last = nodes[-1] if len(nodes) > 1 else None
    body = [
        draw(spot, str(node.tile), node.spinner, node.parent is None, node is last)
        for node, spot in zip(nodes, spots, strict=True)
    ]
    for place in _locked(hand):
        body.append(_lock(ports[place.node][place.slot], place))
    boxes = [s[:4] for s in spots]
    for place in highlight:
        if place not in hand.layout.open:
            raise ValueError(f"{place} is not an open place of this layout")
        port = ports[place.node][place.slot]
        _first, _second, rect, link, _jump = fit(port, False, occupied, place.node, corner)
        take(rect, occupied, MARKER)
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
