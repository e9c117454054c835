"""The picture of a knockout's bracket: a column per round of each side of the bracket,
a box per tie (its two entrants, their score, the winner in bold), lines from each tie
to the one its winner goes on to. An SVG made from the bracket the events' pure module
worked out (`referee.events.bracket`), no rule of its own; mark it safe in a template.

The picture is for the eye (`aria-hidden`, its links out of the tab order): the page sets
beside it the same bracket as a table that reads in order (`events/_bracket.html`).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

BOX_W, LINE_H, GAP_X, GAP_Y, HEAD = 190, 20, 30, 8, 26
NAME = 19  # the characters of a name the box shows (then …), the score beside it
INK, MUTED, WON, FRAME, LIVE = "#1b1b1b", "#6b6b6b", "#173a2a", "#8c8672", "#b45309"
FONT = 'font-family="system-ui,sans-serif" font-size="13"'


@dataclass(frozen=True)
class Box:
    """A tie as the picture draws it."""

    key: str
    column: int  # its column in its part of the bracket
    row: float  # its place down its column, in tie heights (0.5: the middle of the first)
    part: int  # 0: the winners' side (or the whole single bracket), 1: the losers', 2: finals
    names: tuple[str, str]
    scores: tuple[str, str]
    winner: int | None  # 0 or 1
    feeders: tuple[str, ...]  # the ties whose winners come here (drawn as lines)
    href: str | None  # the table's live page
    replay: str | None  # its replay, once played
    label: str  # what a link's title says: "Round 2, table 3"
    muted: bool = False  # a bye, or a tie not needed (no reset)
    playing: bool = False  # its table is open and undecided


def _t(x: float) -> str:
    return f"{round(x, 1):g}"


def bracket_svg(boxes: list[Box], title: str, heads: list[tuple[int, int, str]]) -> str:
    """The SVG of a bracket. `heads`: (part, column, name) of each column's heading."""
    by_key = {b.key: b for b in boxes}
    tie_h = 2 * LINE_H + GAP_Y
    parts: dict[int, tuple[int, float]] = {}  # part -> (columns, rows)
    for b in boxes:
        cols, rows = parts.get(b.part, (0, 0.0))
        parts[b.part] = (max(cols, b.column + 1), max(rows, b.row + 0.5))
    col_w = BOX_W + GAP_X
    offsets: dict[int, tuple[float, float]] = {}  # part -> (x, y)
    y = 0.0
    for part in (0, 1):
        if part in parts:
            offsets[part] = (0.0, y)
            y += HEAD + parts[part][1] * tie_h + GAP_Y * 2
    width = max(((parts[p][0]) * col_w for p in (0, 1) if p in parts), default=0)
    if 2 in parts:
        top = offsets.get(0, (0.0, 0.0))[1]
        height_0 = parts[0][1] * tie_h if 0 in parts else tie_h
        offsets[2] = (width, top + height_0 / 2 - tie_h / 2)
        width += parts[2][0] * col_w
    height = max(y, offsets.get(2, (0, 0))[1] + HEAD + parts.get(2, (0, 1))[1] * tie_h) + GAP_Y

    def place(b: Box) -> tuple[float, float]:
        ox, oy = offsets[b.part]
        return ox + b.column * col_w + GAP_X / 2, oy + HEAD + (b.row - 0.5) * tie_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket-picture" '
        f'width="{_t(width)}" height="{_t(height)}" viewBox="0 0 {_t(width)} {_t(height)}" '
        f'aria-hidden="true" focusable="false" {FONT}>',
        f"<title>{escape(title)}</title>",
    ]
    for part, column, name in heads:
        if part not in offsets:
            continue
        ox, oy = offsets[part]
        x = ox + column * col_w + GAP_X / 2
        out.append(
            f'<text x="{_t(x)}" y="{_t(oy + 18)}" fill="{MUTED}" font-weight="600">'
            f"{escape(name)}</text>"
        )
    for b in boxes:  # the lines first, under the boxes
        x, y0 = place(b)
        for key in b.feeders:
            f = by_key.get(key)
            if f is None:
                continue
            fx, fy = place(f)
            sx, sy = fx + BOX_W, fy + LINE_H
            ty = y0 + LINE_H
            mid = (sx + x) / 2
            out.append(
                f'<path d="M{_t(sx)} {_t(sy)}H{_t(mid)}V{_t(ty)}H{_t(x)}" fill="none" '
                f'stroke="{FRAME}" stroke-width="1.5"/>'
            )
    for b in boxes:
        out.append(_box(b, *place(b)))
    out.append("</svg>")
    return "".join(out)


def _box(b: Box, x: float, y: float) -> str:
    stroke = LIVE if b.playing else FRAME
    parts = [
        f'<g class="tie" data-tie="{escape(b.key)}"' + (' opacity="0.55"' if b.muted else "") + ">",
        f'<rect x="{_t(x)}" y="{_t(y)}" width="{BOX_W}" height="{2 * LINE_H}" rx="4" '
        f'fill="#fff" stroke="{stroke}" stroke-width="{2 if b.playing else 1}"/>',
        f'<line x1="{_t(x)}" y1="{_t(y + LINE_H)}" x2="{_t(x + BOX_W)}" y2="{_t(y + LINE_H)}" '
        f'stroke="{FRAME}" stroke-width="0.5"/>',
    ]
    for i in (0, 1):
        won = b.winner == i
        weight = ' font-weight="700"' if won else ""
        colour = WON if won else INK if b.names[i] else MUTED
        name = b.names[i] or "…"
        if len(name) > NAME:
            name = name[: NAME - 1] + "…"
        ty = y + i * LINE_H + 14
        parts.append(
            f'<text x="{_t(x + 6)}" y="{_t(ty)}" fill="{colour}"{weight}>{escape(name)}</text>'
        )
        if b.scores[i]:
            parts.append(
                f'<text x="{_t(x + BOX_W - 6)}" y="{_t(ty)}" text-anchor="end" '
                f'fill="{colour}"{weight}>{escape(b.scores[i])}</text>'
            )
    parts.append("</g>")
    group = "".join(parts)
    link = b.replay or b.href
    if link:
        group = (
            f'<a href="{escape(link)}" tabindex="-1"><title>{escape(b.label)}</title>{group}</a>'
        )
    return group
