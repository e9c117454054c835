"""One tile drawn as SVG, as the layout picture and the tile picker draw it: its ivory
body, its halves' pips (or numbers, above double-six), the pin of a spinner, the glow of
the lead and the ring of the last tile laid.

Light pages (`sprite=True`). A page that shows many tiles (the tile picker offers up to 91)
puts `sprite_svg(max_pip)` in once: the tile bodies and the pip patterns of each half as
shapes with ids (`d-v`, `d-p6`...). Each tile is then three `<use>` references to them
instead of a rectangle, a line and up to 24 circles, drawn exactly the same.
"""

from __future__ import annotations

from html import escape

UNIT = 10  # SVG user units per grid unit: a tile is 40 x 20
FELT, IVORY, INK, BRASS = "#24563f", "#fffaeb", "#1b1b1b", "#c9962b"
LAST = "#ff8c1a"  # the ring round the last tile laid
HALO = "#9fd8ff"  # the lead
NUMBERS_FROM = 7  # halves of 7 pips or more show their number: pips that many are unreadable
# ...and on a set that has such halves (above double-six), every half shows its number
# (a blank stays blank), so that no tile mixes pips and numbers
NUMBER_SIZE = 0.74  # a number's height, as a part of its half's side


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


def fmt(v) -> str:
    """A number for SVG: short and always written the same way."""
    return f"{round(v, 2):g}"


def _number(cx, cy, pips, side) -> str:
    """A half's number, for halves whose pips are too many to read (NUMBERS_FROM)."""
    size = side * NUMBER_SIZE  # the baseline a third of the size below the centre: centred
    return (
        f'<text class="num" x="{fmt(cx)}" y="{fmt(cy + size * 0.35)}" text-anchor="middle" '
        f'font-weight="bold" font-size="{fmt(size)}">{pips}</text>'
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
        f'<rect x="{fmt(x - g)}" y="{fmt(y - g)}" width="{fmt(w + 2 * g)}" '
        f'height="{fmt(h + 2 * g)}" rx="{fmt(side * 0.3)}" fill="none" stroke="{LAST}" '
        f'stroke-width="{fmt(side * 0.14)}"/>'
    )


def numbered(max_pip: int) -> bool:
    """Whether the halves of a set show numbers rather than pips (above double-six)."""
    return max_pip >= NUMBERS_FROM


def _halo(x, y, w, h, side) -> str:
    """The glow round the lead."""
    g = side * 0.14
    return (
        f'<rect x="{fmt(x - g)}" y="{fmt(y - g)}" width="{fmt(w + 2 * g)}" '
        f'height="{fmt(h + 2 * g)}" rx="{fmt(side * 0.25)}" fill="{HALO}"/>'
    )


def _marked(box, side, label, spinner, lead, last, fill="") -> list[str]:
    """A tile's group opened, its title said, the ring of the last tile laid and the glow
    of the lead drawn: what every way of drawing a tile begins with."""
    x, y, w, h = box
    classes, words = _classes(spinner, lead, last)
    out = [f'<g class="{classes}" data-tile="{escape(label)}"{fill}>']
    out.append(f"<title>{escape(label + words)}</title>")
    if last:
        out.append(_ring(x, y, w, h, side))
    if lead:
        out.append(_halo(x, y, w, h, side))
    return out


def draw_tile(
    box, first, second, label, spinner=False, lead=False, last=False, numbers=None
) -> str:
    """One tile in the box (x, y, w, h) (SVG units): upright when h > w, halves showing
    `first` (top or left) and `second` (as numbers if `numbers`; by default when either
    half needs one); spinners wear a brass pin, the lead a glow, the last tile laid an
    orange ring."""
    if numbers is None:
        numbers = numbered(max(first, second))
    x, y, w, h = box
    side = min(w, h)
    upright = h > w
    out = _marked(box, side, label, spinner, lead, last, f' fill="{INK}"')
    stroke = side * (0.1 if spinner else 0.06)
    out.append(
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" '
        f'rx="{fmt(side * 0.15)}" fill="{IVORY}" stroke="{INK}" stroke-width="{fmt(stroke)}"/>'
    )
    mx, my = (x + w / 2, y + h / 2)
    inset = side * 0.12
    line = (x + inset, my, x + w - inset, my) if upright else (mx, y + inset, mx, y + h - inset)
    out.append(
        f'<line x1="{fmt(line[0])}" y1="{fmt(line[1])}" x2="{fmt(line[2])}" y2="{fmt(line[3])}" '
        f'stroke="{INK}" stroke-width="{fmt(side * 0.05)}"/>'
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
                f'<circle class="pip" cx="{fmt(ox + fx * side)}" cy="{fmt(oy + fy * side)}" '
                f'r="{fmt(r)}"/>'
            )
    if spinner:
        out.append(
            f'<circle class="pin" cx="{fmt(mx)}" cy="{fmt(my)}" r="{fmt(side * 0.11)}" '
            f'fill="{BRASS}" stroke="{INK}" stroke-width="{fmt(side * 0.04)}"/>'
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
        line = f"M{fmt(inset)} {fmt(h / 2)}H{fmt(w - inset)}"
    else:
        line = f"M{fmt(w / 2)} {fmt(inset)}V{fmt(h - inset)}"
    out = (
        f'<rect width="{w}" height="{h}" rx="{fmt(side * 0.15)}" fill="{IVORY}" stroke="{INK}" '
        f'stroke-width="{fmt(side * (0.1 if spinner else 0.06))}"/>'
        f'<path d="{line}" stroke="{INK}" stroke-width="{fmt(side * 0.05)}"/>'
    )
    if spinner:
        out += (
            f'<circle cx="{fmt(w / 2)}" cy="{fmt(h / 2)}" r="{fmt(side * 0.11)}" fill="{BRASS}" '
            f'stroke="{INK}" stroke-width="{fmt(side * 0.04)}"/>'
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
        width = fmt(2 * _SIDE * (0.095 if pips <= 6 else 0.08 if pips <= 9 else 0.07))
        dots = "".join(f"M{fmt(fx * _SIDE)} {fmt(fy * _SIDE)}h0" for fx, fy in PIPS[pips])
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
    return (f' x="{fmt(x)}"' if x else "") + (f' y="{fmt(y)}"' if y else "")


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


def light_tile(box, first, second, label, spinner=False, lead=False, last=False) -> str:
    """What `draw_tile` draws, with the shapes of the sprite (tiles are always 20 x 40);
    the layout keeps what it gives (`layout._lit`)."""
    x, y, w, h = box
    out = _marked(box, _SIDE, label, spinner, lead, last)
    out.append(_tile_uses(x, y, h > w, first, second, spinner))
    out.append("</g>")
    return "".join(out)


def tile_use(tile) -> str:
    """One upright tile drawn with the sprite, for a picker: a small <svg> with no role and
    no text (the button or label around it names the tile); CSS sets its size."""
    return '<svg viewBox="-1 -1 22 42">' + _tile_uses(0, 0, True, tile.high, tile.low) + "</svg>"


def tile_svg(tile, size=40, title=None, max_pip=None) -> str:
    """One tile, upright with its high half on top, as a small inline <svg> `size` CSS px
    tall (and half as wide), labelled "6-4" (or `title`) for screen readers; drawn as the
    set up to `max_pip` draws it (by default, as the smallest set that holds it)."""
    label = title or str(tile)
    w, h = 20, 40
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tile-picture" role="img" '
        f'aria-label="{escape(label)}" viewBox="-1 -1 {w + 2} {h + 2}" '
        f'width="{fmt(size * (w + 2) / (h + 2))}" height="{fmt(size)}">'
        f"<title>{escape(label)}</title>"
        + draw_tile(
            (0, 0, w, h),
            tile.high,
            tile.low,
            str(tile),
            numbers=numbered(max_pip if max_pip is not None else tile.high),
        )
        + "</svg>"
    )
