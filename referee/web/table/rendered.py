"""The tables this host has rendered, kept per match, version and kind: in each process's
memory, and in files that all the host's processes read (a `cache.Shared`).

A hall's server runs several worker processes, and a table's phones land on different
ones. The process that records a move renders the table at once (its answer); the others,
asked for the same table by the other phones, read the file instead of replaying the hand
and rendering it again. Each file holds the version it was rendered at, checked at every
read against the version the database holds, so a file is never served stale; several
hosts on one database each keep their own files. The files are a cache: deleting the
folder (`RENDERED_DIR`, by default `instance/rendered`) loses nothing.
"""

from __future__ import annotations

from flask import current_app, g, has_request_context

from ..server.cache import Shared, write_files
from .state import CACHE_SIZE, MatchRow


def get(row: MatchRow, key: tuple) -> str | None:
    """The table rendered for `key` at the row's version, or None."""
    return _kept().get((row.id, row.write_token, *key), row.version)


def put(row: MatchRow, key: tuple, html: str) -> None:
    """Keep the table rendered for `key` at the row's version: in memory at once, in its
    file once the answer has gone (`later`), so that no phone waits for the disk."""
    _kept().put((row.id, row.write_token, *key), row.version, html, later())


def later() -> list | None:
    """The files this request keeps for the host, written once its answer has gone (the
    `later` of `cache.Shared.put`); None outside a request: at once."""
    return g.setdefault("rendered_files", []) if has_request_context() else None


def init_app(app) -> None:
    @app.after_request
    def write_after_answering(response):
        files = g.pop("rendered_files", None)
        if files:
            response.call_on_close(lambda: write_files(files))
        return response


def _kept() -> Shared:
    found = current_app.extensions.get("referee_rendered")
    if found is None:
        found = current_app.extensions.setdefault(
            "referee_rendered", Shared(CACHE_SIZE, current_app.config["RENDERED_DIR"])
        )
    return found
