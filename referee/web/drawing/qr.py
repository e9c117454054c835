"""QR codes of the app's links, drawn as SVG by segno (no outside host), so that a table's
phones join by scanning the card on the table."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup


@lru_cache(maxsize=512)
def qr_svg(url: str, title: str = "", scale: int = 4) -> Markup:
    """`url` as an inline SVG QR code (medium error correction), with an accessible title."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=scale, title=title or url, dark="#000", light="#fff")
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1))
