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
    nowhere = str(escape(_("fits nowhere now")))
    return Markup("".join(_slot(tile, state, tile == chosen, nowhere) for tile, state in offered))


@lru_cache(maxsize=4096)  # every tile of the biggest set in each state, in a few languages
def _slot(tile, state: str, current: bool, nowhere: str) -> str:
    """One slot of the picker, made once per process (a table asks for the same 28 to 91
    at every move)."""
    if state == "gone":
        return "<li>"
    name = escape(str(tile))
    dim = ' class="no"' if state == "no" else ""
    mark = ' aria-current="true"' if current else ""
    label = f"{name}, {nowhere}" if state == "no" else name
    return (
        f'<li><button name="tile" value="{name}"{dim}{mark} '
        f'aria-label="{label}">{_drawn(tile)}</button></li>'
    )
