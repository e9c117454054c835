"""The cribbage board a pub table keeps Fives & Threes on: each side's peg in its lane of
holes, once round (61) or twice round (121), drawn from the scores the engine gives (no
rule of its own). An inline SVG, small enough for the table page: the holes are one
pattern, a row of them one rectangle.

```python
from referee.web.drawing.board import board_svg
board_svg(["Ana", "Ben"], [12, 60], 61, "The board")
```

Each lane is a side's: 60 holes a row in groups of five, a row a time round the board,
and the target's hole at the end of the last row. A side's peg stands in the hole of its
score (0: before the first hole). The image says every score in words (`<title>`).
"""

from __future__ import annotations

from html import escape

from .chart import COLOURS

ROW = 60  # holes a row: once round the board
STEP, GROUP = 5, 3  # SVG units between holes, and the gap between groups of five
LEFT, TOP, LANE = 8, 4, 8  # margin before the start, above the lanes, a lane's height
WIDTH = LEFT + ROW * STEP + (ROW // 5 - 1) * GROUP + 2 * STEP


def _x(hole: int) -> float:
    """The x of hole 1..60 of a row (0: the start, before the first hole)."""
    if hole == 0:
        return LEFT - 4
    return LEFT + (hole - 1) * STEP + (hole - 1) // 5 * GROUP + STEP / 2


def _place(score: int, target: int, rows: int) -> tuple[float, int]:
    """Where a score's peg stands: (x, row)."""
    if score >= target:
        return WIDTH - STEP, rows - 1
    if score <= 0:
        return _x(0), 0
    row, hole = divmod(score - 1, ROW)
    return _x(hole + 1), min(row, rows - 1)


def board_svg(names: list[str], scores: list[int], target: int, title: str) -> str:
    """The board: a lane of `target // 60` rows for each side, its peg at its score."""
    rows = max(1, (target - 1) // ROW)
    lane = rows * LANE
    height = TOP * 2 + len(names) * (lane + 4)
    said = ", ".join(f"{n} {s}/{target}" for n, s in zip(names, scores, strict=True))
    group = 5 * STEP + GROUP
    out = [
        f'<svg class="board" id="board" role="img" viewBox="0 0 {WIDTH} {height}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}: {escape(said)}</title>'
        f'<defs><pattern id="holes" width="{group}" height="{LANE}" patternUnits="userSpaceOnUse"'
        f' x="{LEFT}" y="0">'
        + "".join(f'<circle cx="{STEP * i + STEP / 2:g}" cy="4" r="1"/>' for i in range(5))
        + "</pattern></defs>"
        f'<rect width="{WIDTH}" height="{height}" rx="4" fill="#d9b98a"/>'
    ]
    for side, score in enumerate(scores):
        top = TOP + side * (lane + 4)
        colour = COLOURS[side % len(COLOURS)]
        for row in range(rows):
            y = top + row * LANE
            out.append(  # the pattern's holes follow the rectangle's own space
                f'<rect x="{LEFT}" width="{WIDTH - LEFT - 2 * STEP}" height="{LANE}" '
                f'fill="url(#holes)" transform="translate(0 {y})"/>'
            )
        out.append(f'<circle cx="{WIDTH - STEP}" cy="{top + lane - 4}" r="1.6"/>')  # the target
        x, row = _place(score, target, rows)
        out.append(
            f'<circle class="peg" data-side="{side}" data-score="{score}" cx="{x:g}" '
            f'cy="{top + row * LANE + 4}" r="2.4" fill="{colour}"/>'
        )
    out.append("</svg>")
    return "".join(out)
