"""What offline.js needs of the table screen beside what the page shows."""

from __future__ import annotations

import time

from markupsafe import Markup


def rendered_at() -> int:
    """When the page was rendered (seconds): offline.js shows a kept table only if newer.
    A template global (`offline`'s blueprint), a hole of the shared fragment."""
    return int(time.time())


def offline_table(t, links) -> Markup:
    """The tiles on the layout, and whether the variant draws (1) and whether a draw ends
    the turn (2); 0: no boneyard."""
    hand = t.hand
    if not links.write or hand is None:
        return Markup("")
    draw = 0 if not t.variant.draw_rule else 2 if t.variant.draw_ends_turn else 1
    laid = " ".join(str(tile) for tile in hand.layout.by_tile)
    return Markup(f' data-laid="{laid}" data-draw="{draw}"')
