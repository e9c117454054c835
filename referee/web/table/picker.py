"""The table screen's tile picker as HTML: a slot for every tile of the set, in a fixed
order, so that no tile moves under the thumb as others leave the hand.

Built in Python rather than in a Jinja loop: with 28 to 91 tiles, the loop cost more than
the rest of the table's template together. Which tile fits is the engine's answer
(`offers.picker`).
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from ..drawing import tile_use
from ..i18n import gettext as _


@lru_cache(maxsize=128)
def _drawn(tile) -> str:
    return tile_use(tile)


def picker_items(offered, chosen=None) -> Markup:
    """The picker's <li> slots: a button per tile in hand ("no": dimmed, it fits nowhere
    now; `chosen`: the tile chosen), an empty slot per tile on the table."""
    nowhere = escape(_("fits nowhere now"))
    out = []
    for tile, state in offered:
        if state == "gone":
            out.append("<li>")
            continue
        name = escape(str(tile))
        dim = ' class="no"' if state == "no" else ""
        current = ' aria-current="true"' if tile == chosen else ""
        label = f"{name}, {nowhere}" if state == "no" else name
        out.append(
            f'<li><button name="tile" value="{name}"{dim}{current} '
            f'aria-label="{label}">{_drawn(tile)}</button></li>'
        )
    return Markup("".join(out))
