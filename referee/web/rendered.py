"""The tables this host has rendered, kept per match, version and kind: in each process's
memory, and in files that all the host's processes read.

A hall's server runs several worker processes, and a table's phones land on different
ones. The process that records a move renders the table at once (its answer); the others,
asked for the same table by the other phones, read the file instead of replaying the hand
and rendering it again. Each file holds the version it was rendered at, checked at every
read against the version the database holds, so a file is never served stale; several
hosts on one database each keep their own files. The files are a cache: deleting the
folder (`RENDERED_DIR`, by default `instance/rendered`) loses nothing.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from pathlib import Path

from flask import current_app, g, has_request_context

from .table.state import CACHE_SIZE, Kept, MatchRow

log = logging.getLogger(__name__)


def get(row: MatchRow, key: tuple) -> str | None:
    """The table rendered for `key` at the row's version, or None."""
    memory = _memory()
    full = (row.id, row.write_token, row.version, *key)
    found = memory.get(full)
    if found is None:
        found = _read(_path(row, key), row.version)
        if found is not None:
            memory.put(full, found)
    return found


def put(row: MatchRow, key: tuple, html: str) -> None:
    """Keep the table rendered for `key` at the row's version: in memory at once, in its
    file once the answer has gone (`init_app`), so that no phone waits for the disk."""
    _memory().put((row.id, row.write_token, row.version, *key), html)
    write = (_path(row, key), f"{row.version}\n{html}")
    if has_request_context():
        g.setdefault("rendered_files", []).append(write)
    else:
        _write(*write)


def init_app(app) -> None:
    @app.after_request
    def write_after_answering(response):
        files = g.pop("rendered_files", None)
        if files:
            response.call_on_close(lambda: [_write(*f) for f in files])
        return response


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".new-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)  # a reader sees the old file or the new one, never half
    except OSError:  # a read-only or full disk: each process's memory copy still serves
        log.warning("could not keep a rendered table in %s", path.parent)


def _memory() -> Kept:
    found = current_app.extensions.get("referee_rendered")
    if found is None:
        found = current_app.extensions.setdefault("referee_rendered", Kept(CACHE_SIZE))
    return found


def _path(row: MatchRow, key: tuple) -> Path:
    folder = current_app.config["RENDERED_DIR"]
    name = hashlib.sha256(repr((row.id, row.write_token, *key)).encode()).hexdigest()[:32]
    return Path(folder, name + ".html")


def _read(path: Path, version: int) -> str | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return None
    head, _, html = text.partition("\n")
    return html if head == str(version) else None
