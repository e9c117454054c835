"""The static files as phones get them: under a URL with a digest of their content
(`static_url`), kept for a year (`cache_static`), and the app's own scripts and
stylesheets minified (rjsmin, rcssmin), so the comments that explain them in the
repository cost a phone nothing. Kept in memory per file, read again when the file
changes. Vendored files are already minified."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import rcssmin
import rjsmin
from flask import Flask, request

from . import links

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}
_cache: dict[Path, tuple[float, bytes]] = {}
CHECK_SECONDS = 1.0  # how long a static file's digest is taken as it is


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


def init_app(app: Flask) -> None:
    digests: dict[str, tuple[float, float, str]] = {}  # file: (checked at, mtime, digest)

    @app.template_global()
    def static_url(filename: str) -> str:
        """The URL of a static file with a digest of its content, so that phones may keep it
        for a year (see `cache_static`) and still get a new version at once. The file is
        looked at again at most once a second (a table's fragment names three at every
        move)."""
        known = digests.get(filename)
        at = time.monotonic()
        if known is None or at - known[0] >= CHECK_SECONDS:
            path = Path(app.static_folder) / filename
            mtime = path.stat().st_mtime
            if known is None or known[1] != mtime:
                known = (at, mtime, hashlib.sha256(path.read_bytes()).hexdigest()[:10])
            digests[filename] = known = (at, *known[1:])
        return links.url_for("static", filename=filename, v=known[2])

    @app.after_request
    def cache_static(response):
        """Static files under a digest URL are kept for a year. They are read into memory
        (they are small), so that Flask-Compress gzips them like pages (it leaves streamed
        files to brotli, zstd and deflate, which Chrome only asks for over HTTPS); the app's
        own scripts and stylesheets go minified."""
        if request.endpoint != "static":
            return response
        if request.args.get("v") and response.status_code in (200, 304):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        filename = (request.view_args or {}).get("filename", "")
        if response.status_code == 200 and minifiable(filename):
            body = minified(app.static_folder, filename)
            response.direct_passthrough = False
            response.set_data(body)
            response.set_etag(hashlib.sha256(body).hexdigest()[:16])
        elif response.status_code == 200 and response.is_streamed:
            response.direct_passthrough = False
            response.make_sequence()
        return response
