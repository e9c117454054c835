"""The CSRF token a page's forms carry, signed once per session and process.

Flask-WTF's `generate_csrf` signs the session's secret token again at every request that
shows a form (an HMAC, base64 and JSON: ~0.03 ms, two to four times that on a busy
server), and a table's phones fetch a form-bearing table after every move. With no time
limit on the tokens (`WTF_CSRF_TIME_LIMIT=None`, app.py: a match lasts an evening), a
token signed earlier for the same session is exactly as good as a new one, so each
process keeps the signed token of each session's secret and hands it out again. With a
time limit, every request signs afresh, as Flask-WTF does (a kept token would expire).
CSRFProtect still checks every POST as before: this changes only how often a token is
made, not what is accepted."""

from __future__ import annotations

from flask import Flask, current_app, g, session
from flask_wtf.csrf import generate_csrf

from .cache import LRU

SIZE = 8192  # sessions per process: the phones and spectators of a big hall
KEY = "referee_csrf_tokens"


def csrf_token() -> str:
    """The session's CSRF token, as `generate_csrf` gives it (templates: `csrf_token()`)."""
    config = current_app.config
    name = config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    if config.get("WTF_CSRF_TIME_LIMIT", 3600) is not None or name in g:
        return generate_csrf()
    kept = current_app.extensions[KEY]
    secret = session.get(name)
    signed = kept.get(secret) if isinstance(secret, str) else None
    if signed is None:
        signed = generate_csrf()
        kept.put(session[name], None, signed)
    else:
        setattr(g, name, signed)  # what generate_csrf gives for the rest of the request
    return signed


def init_app(app: Flask) -> None:
    """After CSRFProtect's `init_app` (whose template global this replaces)."""
    app.extensions[KEY] = LRU(SIZE)
    app.jinja_env.globals["csrf_token"] = csrf_token
