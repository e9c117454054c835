"""QR codes of the app's links, drawn as SVG by segno (no outside host), so that a table's
phones join by scanning the card on the table."""

from __future__ import annotations

from functools import lru_cache

import segno
from markupsafe import Markup


@lru_cache(maxsize=512)
def qr_svg(url: str, title: str = "", scale: int = 4) -> Markup:
    """`url` as an inline SVG QR code (medium error correction), with an accessible title.
    Its size is `scale` px a module, with a viewBox over the whole code: a page's CSS that
    sizes it scales the code, never crops it."""
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=scale, title=title or url, dark="#000", light="#fff")
    width, height = code.symbol_size(scale=scale)
    box = f'<svg role="img" viewBox="0 0 {width} {height}" '
    return Markup(svg.replace("<svg ", box, 1))
