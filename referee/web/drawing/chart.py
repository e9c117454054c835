"""The picture of a match: each side's running total after each hand, and the target line,
as a small inline SVG. A pure function (no Flask); mark its result safe in a template.

```python
from referee.web.drawing.chart import totals_chart
totals_chart(["Ana+Cleo", "Ben+Dan"], [[12, 3], [0, 25]], target=61)
```

The chart is an accessible image: `role="img"`, a `<title>` and a `<desc>` that says every
total in words. Each side has its own colour and its own marker shape (so that colours are
not needed to tell them apart), and its name and total at the end of its line.
"""

from __future__ import annotations

from html import escape

from flask_babel import gettext as _
from flask_babel import ngettext

W, H = 360, 210  # the view, SVG units (CSS px at 360 px wide)
LEFT, RIGHT, TOP, BOTTOM = 34, 92, 14, 30  # margins: y labels, end labels, x labels
INK, GRID, TARGET = "#1b1b1b", "#c9c4b5", "#a4161a"
# thirteen colours (Čtyřka seats up to 13 sides), each dark enough for text on white
COLOURS = ["#1d4ed8", "#b91c1c", "#047857", "#7c3aed", "#b45309", "#0f766e", "#be185d",
           "#374151", "#4d7c0f", "#9a3412", "#1e3a8a", "#a21caf", "#0369a1"]  # fmt: skip
LABEL_GAP = 13  # the least distance between two end labels
SPREAD = 3.0  # SVG units between lines that share a total after a hand (drawn side by side)
SPREAD_MAX = 26  # the most a bundle of such lines spreads


def _n(v: float) -> str:
    return f"{round(v, 1):g}"


def _marker(shape: int, x: float, y: float, colour: str) -> str:
    """A marker of one of four shapes: circle, square, triangle, diamond."""
    s = 3.6
    x, y = round(x, 1), round(y, 1)
    if shape == 0:
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{s}" fill="{colour}"/>'
    if shape == 1:
        return (f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{2 * s}" height="{2 * s}" '
                f'fill="{colour}"/>')  # fmt: skip
    if shape == 2:
        corners = [(x, y - s - 1), (x + s + 0.5, y + s), (x - s - 0.5, y + s)]
    else:
        corners = [(x, y - s - 1), (x + s + 1, y), (x, y + s + 1), (x - s - 1, y)]
    pts = " ".join(f"{_n(a)},{_n(b)}" for a, b in corners)
    return f'<polygon points="{pts}" fill="{colour}"/>'


def _step(span: float) -> int:
    """A round step for about four grid lines over span."""
    raw = max(span / 4, 1)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * magnitude:
            return max(1, int(m * magnitude))
    return int(10 * magnitude)


def running_totals(hands: list[list[int]], sides: int) -> list[list[int]]:
    """Each side's total before any hand (0) and after each hand."""
    out = [[0] * sides]
    for points in hands:
        out.append([a + b for a, b in zip(out[-1], points, strict=True)])
    return out


def spread(totals: list[list[int]]) -> list[list[float]]:
    """How far to shift each side's point after each hand so that sides level there are
    drawn side by side, not on top of each other: a bundle of k lines fanned out SPREAD
    apart (at most SPREAD_MAX in all), in the order of the sides. Before the first hand
    every side is at 0 and the lines leave from one point."""
    out = []
    for i, row in enumerate(totals):
        shift = [0.0] * len(row)
        if i:
            level: dict[int, list[int]] = {}
            for s, v in enumerate(row):
                level.setdefault(v, []).append(s)
            for sides in level.values():
                k = len(sides)
                gap = min(SPREAD, SPREAD_MAX / max(k - 1, 1))
                for j, s in enumerate(sides):
                    shift[s] = (j - (k - 1) / 2) * gap
        out.append(shift)
    return out


def totals_chart(
    sides: list[str],
    hands: list[list[int]],
    target: int,
    *,
    penalty: bool = False,
    title: str = "Running totals",
    ident: str = "chart",
) -> str:
    """An inline <svg> of each side's running total after each hand (`hands`: the points
    of each side in each hand, in order), with the target line; `penalty`: the fewest win."""
    totals = running_totals(hands, len(sides))
    n = len(hands)
    values = [v for row in totals for v in row] + [target]
    low, high = min(0, *values), max(values)
    step = _step(high - low)
    top = (high // step + 1) * step if high % step or high == low else high
    bottom = -((-low) // step) * step if low < 0 else 0
    bottom = min(bottom, low)
    span = max(top - bottom, 1)
    # tall enough for every side's end label, LABEL_GAP apart
    height = max(H, TOP + BOTTOM + LABEL_GAP * len(sides))
    pw, ph = W - LEFT - RIGHT, height - TOP - BOTTOM
    shifts = spread(totals)
    up = -min(min(row) for row in shifts)  # room kept inside the plot for the bundles
    down = max(max(row) for row in shifts)

    def x(i: int) -> float:
        return LEFT + (pw * i / n if n else pw / 2)

    def y(v: float) -> float:
        return TOP + up + (ph - up - down) * (top - v) / span

    out = []
    # grid and y labels
    v = bottom
    while v <= top:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{_n(y(v))}" y2="{_n(y(v))}" '
                   f'stroke="{GRID}" stroke-width="1"/>')  # fmt: skip
        out.append(f'<text x="{LEFT - 4}" y="{_n(y(v) + 4)}" text-anchor="end">{v}</text>')
        v += step
    # x labels: hand numbers (every k-th when there are many)
    every = max(1, -(-n // 10))
    for i in range(0, n + 1, every):
        out.append(
            f'<text x="{_n(x(i))}" y="{height - BOTTOM + 15}" text-anchor="middle">{i}</text>'
        )
    axis = escape(_("after hand"))
    out.append(f'<text x="{LEFT + pw / 2}" y="{height - 3}" text-anchor="middle">{axis}</text>')
    # the target
    ty = y(target)
    target_label = escape(_("Target %(target)s", target=target))
    out.append(
        f'<line class="target" x1="{LEFT}" x2="{LEFT + pw}" y1="{_n(ty)}" y2="{_n(ty)}" '
        f'stroke="{TARGET}" stroke-width="2" stroke-dasharray="6 4"/>'
        f'<text class="target" x="{LEFT + 3}" y="{_n(ty - 4)}" fill="{TARGET}" '
        f'font-weight="bold">{target_label}</text>'
    )
    # the sides: a line with markers, then the name and total at its end
    labels = []
    for s, name in enumerate(sides):
        colour = COLOURS[s % len(COLOURS)]
        at = [(x(i), y(row[s]) + shifts[i][s]) for i, row in enumerate(totals)]
        points = " ".join(f"{_n(px)},{_n(py)}" for px, py in at)
        dash = ' stroke-dasharray="5 3"' if s % 2 else ""  # every other line dashed
        marks = "".join(_marker(s % 4, px, py, colour) for px, py in at)
        out.append(
            f'<g class="side" data-side="{escape(name)}">'
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"'
            f"{dash}/>{marks}</g>"
        )
        labels.append([at[-1][1], s])
    labels.sort()
    for i in range(1, len(labels)):  # keep the end labels apart
        labels[i][0] = max(labels[i][0], labels[i - 1][0] + LABEL_GAP)
    overflow = labels[-1][0] - (height - BOTTOM) if labels else 0
    if overflow > 0:  # back up from the bottom, never above the top (the height allows)
        for label in labels:
            label[0] -= overflow
        for i, label in enumerate(labels):
            label[0] = max(label[0], TOP + 4 + i * LABEL_GAP)
    for ly, s in labels:
        colour = COLOURS[s % len(COLOURS)]
        name = sides[s] if len(sides[s]) <= 11 else sides[s][:10] + "…"
        out.append(
            f'<text class="total" x="{LEFT + pw + 6}" y="{_n(ly + 4)}" fill="{colour}" '
            f'font-weight="bold">{escape(name)} {totals[-1][s]}</text>'
        )
    words = ", ".join(f"{name} {totals[-1][s]}" for s, name in enumerate(sides))
    how = _("the fewest points win") if penalty else _("the most points win")
    if n:
        per_hand = "; ".join(
            _("after hand %(hand)s: %(points)s", hand=i, points=", ".join(str(v) for v in row))
            for i, row in enumerate(totals[1:], 1)
        )
        desc = ngettext(
            "Totals after %(num)d hand: %(totals)s. Target %(target)s (%(how)s). "
            "Each hand, in the order %(sides)s: %(per_hand)s.",
            "Totals after %(num)d hands: %(totals)s. Target %(target)s (%(how)s). "
            "Each hand, in the order %(sides)s: %(per_hand)s.",
            n,
            totals=words,
            target=target,
            how=how,
            sides=", ".join(sides),
            per_hand=per_hand,
        )
    else:
        desc = _(
            "No hand has been settled yet. Target %(target)s (%(how)s).", target=target, how=how
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" viewBox="0 0 {W} {height}" width="100%" '
        f'font-family="system-ui, sans-serif" font-size="11" fill="{INK}">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>' + "".join(out) + "</svg>"
    )
