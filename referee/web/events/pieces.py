"""The parts of an event's pages that are the same on many pages and at many versions:
each table's line and the standings, rendered once per what they show and language, and
kept per process (a `cache.LRU` keyed by what they are made from).

A table's line is made from its row (the director's: `event.updated` says when it last
changed) and its games' results (`service.Game`), the standings from the results of the
tables decided and the byes (`EventState.key`): a move that ends a hand at one table
renders that table's line again, and nothing else; the standings only when a table is
decided (or the director acts)."""

from __future__ import annotations

from flask import current_app, render_template, request
from flask_babel import get_locale
from markupsafe import Markup

from ..server.cache import LRU

PIECES = 4096  # table lines and standings kept per process


def _kept() -> LRU:
    found = current_app.extensions.get("referee_event_pieces")
    if found is None:
        found = current_app.extensions.setdefault("referee_event_pieces", LRU(PIECES))
    return found


def _made(key: tuple, render) -> Markup:
    key = (*key, str(get_locale()), request.script_root)
    found = _kept().get(key)
    if found is None:
        found = Markup(render())
        _kept().put(key, None, found)
    return found


def event_table(s, t, director: bool = False) -> Markup:
    """One table's line (`events/_table.html`) of the event's state `s`; the director's
    with the links to its players and to its acts."""
    e, director = s.event, bool(director)

    def render():
        return render_template("events/_table.html", s=s, t=t, event=e, director=director)

    return _made(("table", director, e.id, e.updated, t.row.id, tuple(t.games)), render)


def event_standings(s, limit: int | None = None) -> Markup:
    """The standings (`events/_standings.html`) of the event's state `s`; `limit`: the
    leaders alone, with a link to all."""
    e = s.event

    def render():
        return render_template("events/_standings.html", s=s, event=e, limit=limit)

    return _made(("standings", limit, *s.key), render)


def init_app(app) -> None:
    app.add_template_global(event_table)
    app.add_template_global(event_standings)
