"""Ids in links and forms: whole numbers that both databases hold.

A row's id is an `integer` on PostgreSQL (at most 2^31 - 1) and SQLite's at most 2^63 - 1;
a bigger number sent in a link or a form must never reach a query (PostgreSQL and the
SQLite driver refuse it with an error, a 500). Routes take an id with the `id` converter
(`<id:member_id>`: 1 to ID_MAX, anything else is 404 before the view runs; `<id(min=0):k>`
for a count that starts at 0), and services read an id sent in a form with `id_of`.
"""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import IntegerConverter, Map

ID_MAX = 2**31 - 1  # PostgreSQL's integer: the largest id either database holds
DIGITS = len(str(ID_MAX))


class IdConverter(IntegerConverter):
    """`<id:name>`: a whole number from `min` (1) to ID_MAX, in ASCII digits; no match
    (404) otherwise."""

    regex = rf"[0-9]{{1,{DIGITS}}}"

    def __init__(self, map: Map, min: int = 1, max: int = ID_MAX) -> None:
        super().__init__(map, min=min, max=max)


def id_of(value, low: int = 1) -> int | None:
    """The whole number a form or a query sends (ASCII digits, `low` to ID_MAX), or None
    for anything else (empty, signs, other digits, too big)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= DIGITS:
        number = int(value)
    else:
        return None
    return number if low <= number <= ID_MAX else None


def init_app(app: Flask) -> None:
    """Register the `id` converter (before the blueprints' routes are added)."""
    app.url_map.converters["id"] = IdConverter
