"""The app's own scripts and stylesheets as phones get them: minified (rjsmin, rcssmin),
so the comments that explain them in the repository cost a phone nothing. Kept in memory
per file, read again when the file changes. Vendored files are already minified."""

from __future__ import annotations

from pathlib import Path

import rcssmin
import rjsmin

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}
_cache: dict[Path, tuple[float, bytes]] = {}


def minifiable(filename: str) -> bool:
    return Path(filename).suffix in MINIFIERS and not filename.startswith("vendor/")


def minified(folder: str | Path, filename: str) -> bytes:
    """The file `filename` of the static `folder`, minified (its text as it is, when it is
    not one of the app's own .js or .css files)."""
    path = Path(folder) / filename
    mtime = path.stat().st_mtime
    known = _cache.get(path)
    if known is None or known[0] != mtime:
        text = path.read_text(encoding="utf-8")
        if minifiable(filename):
            text = MINIFIERS[path.suffix](text).strip() + "\n"
        known = _cache[path] = (mtime, text.encode("utf-8"))
    return known[1]
