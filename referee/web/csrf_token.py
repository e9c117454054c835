"""The CSRF token a page's forms carry, signed once per session and process.

Flask-WTF's `generate_csrf` signs the session's secret token again at every request that
shows a form (an HMAC, base64 and JSON: ~0.03 ms, two to four times that on a busy
server), and a table's phones fetch a form-bearing table after every move. With no time
limit on the tokens (`WTF_CSRF_TIME_LIMIT=None`, app.py: a match lasts an evening), a
token signed earlier for the same session is exactly as good as a new one, so each
process keeps the signed token of each session's secret and hands it out again. With a
time limit, every request signs afresh, as Flask-WTF does (a kept token would expire).

The check of a POST (`KeptCSRFProtect`) is Flask-WTF's, which verifies the token's
signature (an HMAC, base64, JSON: ~0.07 ms of a play's thread in the server), except for
a token this process signed, or verified before, for the session's secret: that one is
compared with the kept one. Nothing else is accepted than before: a token is taken only if
it is the session's own, signed with the app's key.

Measured alone (issue 39, 2026-12-07, docs/performance.md "Removed alone and measured"):
with Flask-WTF's `CSRFProtect` as it comes, a hall of 400 tables on SQLite gave p99 227,
91.8, 48.9, 112.8 and 85.5 ms (over the 100 ms bar in 2 of 5, its p50 twice main's), this
module's 40.3-81.9 ms in six runs of the same session: it stays."""

from __future__ import annotations

from flask import Flask, current_app, g, request, session
from flask_wtf.csrf import CSRFProtect, generate_csrf

from .server.cache import LRU

SIZE = 8192  # sessions per process: the phones and spectators of a big hall
KEY = "referee_csrf_tokens"


def csrf_token() -> str:
    """The session's CSRF token, as `generate_csrf` gives it (templates: `csrf_token()`)."""
    name = _name()
    if _expires() or name in g:
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


class KeptCSRFProtect(CSRFProtect):
    """Flask-WTF's check of every POST, a kept token compared instead of verified again."""

    def protect(self, apply_exemptions=False):
        config = current_app.config
        if (
            request.method not in config["WTF_CSRF_METHODS"]
            or _expires()
            or (request.is_secure and config["WTF_CSRF_SSL_STRICT"])  # the referrer too
        ):
            return super().protect(apply_exemptions)
        secret, sent = session.get(_name()), _sent(config)
        kept = current_app.extensions[KEY]
        if isinstance(secret, str) and sent and kept.get(secret) == sent:
            g.csrf_valid = True
            return None
        super().protect(apply_exemptions)  # a refusal ends the request here (CSRFError)
        if g.get("csrf_valid") and isinstance(secret, str):
            kept.put(secret, None, sent)
        return None


def _sent(config) -> str | None:
    """The token the POST carries where the app's forms and fetches put it: the form's
    field, else a CSRF header. (A token elsewhere, say a prefixed form's field, is not
    compared: Flask-WTF finds and verifies it.)"""
    sent = request.form.get(_name())
    if sent:
        return sent
    return next((t for h in config["WTF_CSRF_HEADERS"] if (t := request.headers.get(h))), None)


def _name() -> str:
    return current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")


def _expires() -> bool:
    """Whether tokens have a time limit (then none is kept)."""
    return current_app.config.get("WTF_CSRF_TIME_LIMIT", 3600) is not None


def init_app(app: Flask) -> None:
    """After CSRFProtect's `init_app` (whose template global this replaces)."""
    app.extensions[KEY] = LRU(SIZE)
    app.jinja_env.globals["csrf_token"] = csrf_token
