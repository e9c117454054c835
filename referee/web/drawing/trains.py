"""The picture of a hub of trains (`Variant.trains`): the engine in the middle at the top,
then a row per train, each with its owner (the public train marked), his marker when it
is down, and the train's last tiles as they lie, the pips that touch first. A train where
the chosen tile fits is lit and tappable, as the layout's places are. No Flask: the words
go through the catalogue, the answers (who owns what, markers, where a tile fits) are
the engine's."""

from __future__ import annotations

from html import escape

from ..i18n import say
from .tiles import BRASS, FELT, IVORY, fmt, light_tile

WIDTH = 380  # SVG units: the picture's width (a 390 px phone shows it at about its size)
ROW = 30  # a train's row
LABEL = 112  # the owner's name and the marker, left of the tiles
TILE = 40  # a tile lies along its train: 40 x 20
GLOW, MARKER = "#ffd43b", "#c0392b"
FIT = (WIDTH - LABEL - 8) // TILE  # tiles a row shows (the last ones)


def _tiles(hand, k: int, y: float) -> str:
    """Train k's last tiles, the most recent at the right; "+n" for those not shown."""
    layout = hand.layout
    train = layout.train(k)
    shown = train[-FIT:] if len(train) > FIT else train
    out = []
    if len(train) > len(shown):
        out.append(
            f'<text x="{LABEL - 4}" y="{fmt(y + 15)}" text-anchor="end" font-size="11" '
            f'fill="{IVORY}">+{len(train) - len(shown)}</text>'
        )
    x = LABEL + 4
    for t in shown:
        node = layout.by_tile[t]
        inner = node.inner
        first, second = inner, t.other(inner)
        out.append(light_tile((x, y + 5, TILE, 20), first, second, str(t)))
        x += TILE
    return "".join(out)


def _row(hand, k: int, y: float, lit, name: str) -> str:
    """One train's row: lit and tappable where the chosen tile fits (`lit`: its place)."""
    public = k == len(hand.players)
    down = not public and hand.markers[k]
    label = escape(name)
    parts = [f'<g class="train" data-train="{k}"{" data-marker" if down else ""}>']
    if lit is not None:
        parts.append(
            f'<g class="place" data-on="{lit.anchor}" data-train="{k}" data-slot="{lit.slot}" '
            f'tabindex="0" role="button" aria-label="{label}">'
            f'<rect x="1" y="{fmt(y + 1)}" width="{WIDTH - 2}" height="{ROW - 2}" rx="4" '
            f'fill="{GLOW}" fill-opacity="0.35" stroke="{GLOW}" stroke-width="2"/></g>'
        )
    style = (
        f' font-size="11" font-weight="bold" fill="{BRASS}"'
        if public
        else (f' font-size="13" fill="{IVORY}"')
    )
    squeeze = (  # a long name is squeezed into the label's room
        f' textLength="{LABEL - 24}" lengthAdjust="spacingAndGlyphs"' if len(name) > 12 else ""
    )
    parts.append(f'<text x="6" y="{fmt(y + 19)}"{style}{squeeze}>{label}</text>')
    if down:
        parts.append(
            f'<circle class="marker" cx="{LABEL - 12}" cy="{fmt(y + 15)}" r="6" '
            f'fill="{MARKER}" stroke="{IVORY}" stroke-width="1.5"/>'
        )
    parts.append(_tiles(hand, k, y))
    parts.append("</g>")
    return "".join(parts)


def trains_svg(hand, highlight=(), title="Trains") -> str:
    """The engine and the trains of `hand` (a hub: `hand.layout.train`), with the trains
    of `highlight` (engine Places, one per train) lit."""
    if not hand.layout.nodes:
        return ""
    engine = hand.layout.nodes[0].tile
    lit = {p.arm: p for p in highlight}
    trains = len(hand.players) + 1
    height = 34 + trains * ROW + 4
    body = [
        f'<rect width="{WIDTH}" height="{height}" rx="8" fill="{FELT}"/>',
        light_tile((WIDTH / 2 - 20, 7, TILE, 20), engine.high, engine.low, str(engine), lead=True),
        f'<line x1="{WIDTH / 2}" y1="29" x2="{WIDTH / 2}" y2="34" stroke="{BRASS}" '
        'stroke-width="2"/>',
    ]
    for k in range(trains):
        name = say(hand.train_name(k)) if k == len(hand.players) else hand.players[k]
        body.append(_row(hand, k, 34 + k * ROW, lit.get(k), name))
    role = "group" if lit else "img"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="layout trains" role="{role}" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" preserveAspectRatio="xMidYMin meet">'
        f"<title>{escape(title)}</title>"
        f"<desc>{escape(str(engine))}</desc>{''.join(body)}</svg>"
    )
