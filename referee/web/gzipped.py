"""Answers gzipped with ISA-L (python-isal) instead of zlib.

Flask-Compress compresses every textual answer, and gzip is what a hall's phones take
over plain HTTP (browsers offer Brotli and Zstandard over HTTPS alone). It gzips with the
standard library's zlib: 0.10–0.12 ms of a server's thread for a table's 11.5 KB answer,
a twentieth of a play. ISA-L's deflate (Intel's, through python-isal's `igzip`) makes the
same gzip format in a fifth of the time, and a little smaller at its level 1 than zlib at
its level 1 (docs/performance.md, "the twelfth pass").

`init_app` adds a hook that runs before Flask-Compress's: an answer it would gzip (the
client's best encoding of the app's `COMPRESS_ALGORITHM` is gzip; a compressible type, a
2xx status, whole, at least `COMPRESS_MIN_SIZE`) is gzipped here, and Flask-Compress,
finding it encoded, only adds its `Vary`. An answer with an ETag is left to Flask-Compress,
which marks the tag with the encoding and answers 304s (the app's assets).
"""

from __future__ import annotations

import gzip
from functools import lru_cache

from flask import Flask, Response, request
from isal import igzip
from werkzeug.http import parse_accept_header

LEVEL = 1  # ISA-L's levels are 0-3; 1 is smaller than zlib's 1 and five times as fast


def compress(data: bytes, shared: bool = False) -> bytes:
    """`data` gzipped (no time in its header: the same bytes for the same data). `shared`:
    gzipped once and sent to many (an event's live fragment), so as small as zlib's level
    6 makes it (~8 % smaller than ISA-L's fastest), whatever it costs once."""
    if shared:
        return gzip.compress(data, 6, mtime=0)
    return igzip.compress(data, LEVEL, mtime=0)


@lru_cache(maxsize=64)  # a hall's browsers send a handful of different headers
def accepted(header: str) -> bool:
    """Whether an Accept-Encoding header takes gzip: named, or through `*`, at a quality
    above 0 (`gzip;q=0` refuses it)."""
    return parse_accept_header(header).quality("gzip") > 0


def init_app(app: Flask) -> None:
    """After `Compress.init_app`: Flask runs the hooks added later first."""
    config = app.config
    types = frozenset(config["COMPRESS_MIMETYPES"])
    algorithms = config["COMPRESS_ALGORITHM"]  # in the app's order of preference
    if isinstance(algorithms, str):
        algorithms = algorithms.split(",")
    algorithms = [a.strip() for a in algorithms]
    smallest = config["COMPRESS_MIN_SIZE"]

    @app.after_request
    def gzip_answer(response: Response) -> Response:
        if (
            response.mimetype not in types
            or not 200 <= response.status_code < 300
            or response.is_streamed
            or "Content-Encoding" in response.headers
            or "ETag" in response.headers
            or (response.content_length or 0) < smallest
            or request.accept_encodings.best_match(algorithms) != "gzip"
        ):
            return response
        response.set_data(compress(response.get_data()))
        response.headers["Content-Encoding"] = "gzip"
        return response
