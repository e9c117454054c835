"""The app's addresses, each built once: a table's fragment asks for some twenty (its
forms, its pages, its shared links, its scripts), the same ones at every move, and Flask's
`url_for` rebuilds each from the routing map (~10 µs; a tenth of a play's answer,
docs/performance.md, "The table screen in Python").

A relative address is a function of the endpoint, its values and the request's script
root alone (no route here uses a subdomain or a `url_defaults` callback), so it is kept
per app under exactly those, in one bounded cache. Anything else (an external address,
an anchor, a scheme, a method: the keys starting with "_"; an endpoint relative to the
request's blueprint) goes to Flask's `url_for` each time.
Templates get it as `url_for` too (`init_app`)."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, current_app, request
from flask import url_for as flask_url_for
from werkzeug.exceptions import HTTPException

from .server.cache import LRU

SIZE = 32768  # a 400-table hall: ~20 addresses of each of its 800 links, and the rest
KEY = "referee_links"


def own_path(text: str | None, default: str) -> str:
    """`text` if it is a path of this app (printable ASCII, one leading "/", a path its
    routes answer, with any query), else `default`: a page's "back" or "next" never leads
    to another site ("//evil.example", "/\\evil.example", "/<TAB>/evil.example" that
    browsers read as "//evil.example")."""
    if not text or not text.isascii() or not text.isprintable() or "\\" in text:
        return default
    parts = urlsplit(text)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return default
    try:
        current_app.url_map.bind("app").match(parts.path, "GET")
    except HTTPException:  # no route, or one that redirects elsewhere
        return default
    return text


def url_for(endpoint: str, **values) -> str:
    """`flask.url_for(endpoint, **values)`, kept for relative addresses."""
    if endpoint.startswith(".") or any(k.startswith("_") for k in values):
        return flask_url_for(endpoint, **values)
    try:
        key = (request.script_root, endpoint, *sorted(values.items()))
        hash(key)
    except (RuntimeError, TypeError):  # outside a request, or a value that is not hashable
        return flask_url_for(endpoint, **values)
    built = current_app.extensions[KEY]
    found = built.get(key)
    if found is None:
        found = flask_url_for(endpoint, **values)
        built.put(key, None, found)
    return found


def init_app(app: Flask) -> None:
    app.extensions[KEY] = LRU(SIZE)
    app.jinja_env.globals["url_for"] = url_for
