"""A member's rating history as a small inline SVG, drawn like the match's score chart
(`drawing/chart.py`, whose scale and markers it uses): the conservative rating
(mu - 3 sigma) after each rated match, and the band mu ± sigma behind it. A pure function
of the figures; mark its result safe in a template."""

from __future__ import annotations

from html import escape

from flask_babel import gettext as _
from flask_babel import ngettext

from .chart import COLOURS, GRID, INK, _marker, _n, _step

W, H = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 34, 14, 14, 30
BAND = "#dbe4f3"


def rating_chart(points: list[tuple[float, float, float]], title: str, ident: str) -> str:
    """`points`: (conservative rating, mu, sigma) before any match, then after each."""
    n = len(points) - 1
    shown = [p[0] for p in points]
    lows = [p[1] - p[2] for p in points]
    highs = [p[1] + p[2] for p in points]
    low, high = min(shown + lows), max(shown + highs)
    step = _step(max(high - low, 1))
    bottom = (low // step) * step
    top = -((-high) // step) * step
    if top == bottom:
        top += step
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (pw * i / n if n else pw / 2)

    def y(v: float) -> float:
        return TOP + ph * (top - v) / (top - bottom)

    out = []
    v = bottom
    while v <= top:
        out.append(
            f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{_n(y(v))}" y2="{_n(y(v))}" '
            f'stroke="{GRID}" stroke-width="1"/>'
            f'<text x="{LEFT - 4}" y="{_n(y(v) + 4)}" text-anchor="end">{_n(v)}</text>'
        )
        v += step
    every = max(1, -(-n // 10))
    for i in range(0, n + 1, every):
        out.append(f'<text x="{_n(x(i))}" y="{H - BOTTOM + 15}" text-anchor="middle">{i}</text>')
    band = [f"{_n(x(i))},{_n(y(h))}" for i, h in enumerate(highs)]
    band += [f"{_n(x(i))},{_n(y(lo))}" for i, lo in reversed(list(enumerate(lows)))]
    out.append(f'<polygon class="band" points="{" ".join(band)}" fill="{BAND}"/>')
    colour = COLOURS[0]
    line = " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in enumerate(shown))
    marks = "".join(_marker(0, x(i), y(v), colour) for i, v in enumerate(shown)) if n <= 60 else ""
    out.append(
        f'<g class="rating"><polyline points="{line}" fill="none" stroke="{colour}" '
        f'stroke-width="2.5"/>{marks}</g>'
    )
    if n:
        now, first, best, worst = (
            f"{v:.1f}" for v in (shown[-1], shown[0], max(shown), min(shown))
        )
        desc = ngettext(
            "The rating after %(num)d rated match: %(now)s (it began at %(first)s; "
            "highest %(best)s, lowest %(worst)s).",
            "The rating after %(num)d rated matches: %(now)s (it began at %(first)s; "
            "highest %(best)s, lowest %(worst)s).",
            n,
            now=now,
            first=first,
            best=best,
            worst=worst,
        )
    else:
        desc = _("No rated match yet.")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart rating-chart" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" viewBox="0 0 {W} {H}" width="100%" '
        f'font-family="system-ui, sans-serif" font-size="11" fill="{INK}">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>' + "".join(out) + "</svg>"
    )
