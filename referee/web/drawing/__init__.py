"""Drawing: SVG made from what the engine computed, with no rule of its own.

- `layout`: the picture of the layout (`layout_svg`), with the places a phone may tap;
  `plan` places its tiles, `tiles` draws each tile (and the sprite light pages use).
- `board`: the cribbage board with each side's peg (a game pegged to 61 or 121).
- `chart`: the match page's chart of each side's running total against the target.
- `rating`: a member's rating after each rated match, with its band (the ladder's pages).
- `qr`: QR codes of the app's links (the players' card, an event's table cards).
"""

from .board import board_svg
from .chart import totals_chart
from .layout import layout_svg
from .qr import qr_svg
from .rating import rating_chart
from .tiles import sprite_svg, tile_svg, tile_use

__all__ = [
    "board_svg",
    "layout_svg",
    "qr_svg",
    "rating_chart",
    "sprite_svg",
    "tile_svg",
    "tile_use",
    "totals_chart",
]
