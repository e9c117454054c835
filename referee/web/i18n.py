"""Languages: English, Polish and Czech through Flask-Babel.

The language of a request is, in order: a `?lang=` link (remembered in a cookie), the
cookie set by the switch on every page, the table's language (a view sets
`g.table_language`), then the browser's `Accept-Language`. Text a player reads goes
through `gettext` / `ngettext` (`_` and `ngettext` in templates), so that
`pybabel extract` (babel.cfg) finds it.

The engine's sentences (refusals, settlement lines, false-pass evidence, the match's end)
are `referee.engine.messages.Message` values: every template prints them in the request's
language (the Jinja `finalize` hook renders them with Flask-Babel's catalogue), and `say()`
renders one in Python (e.g. before `flash`, which keeps only text). See docs/i18n.md.
"""

from __future__ import annotations

from flask import Flask, g, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from sqlalchemy import or_, select

from referee.engine.messages import Message, render

LANGUAGES = {"en": "English", "pl": "Polski", "cs": "Čeština"}
DEFAULT = "en"
COOKIE = "lang"

babel = Babel()


def chosen() -> str | None:
    """The language asked for by a `?lang=` link or the cookie, if it is one we speak."""
    for value in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if value in LANGUAGES:
            return value
    return None


def select_locale() -> str:
    """The request's language; outside a request (scripts, the CLI), English."""
    if not has_request_context():
        return DEFAULT
    return (
        chosen()
        or getattr(g, "table_language", None)
        or request.accept_languages.best_match(LANGUAGES, default=DEFAULT)
    )


def say(value):
    """An engine Message in the request's language; anything else unchanged."""
    if isinstance(value, Message):
        return render(value, get_translations())
    return value


def table_language(token: str) -> str | None:
    """The language set for the table at this link (players' or spectators'), if any."""
    from . import db  # here: the package imports this module before it makes db
    from .models import Match, is_token

    if not is_token(token):  # a link that cannot be a table's (the view answers 404)
        return None
    found = db.session.execute(
        select(Match.language).where(or_(Match.write_token == token, Match.read_token == token))
    ).first()
    return found[0] if found and found[0] in LANGUAGES else None


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(app.root_path + "/translations"))
    babel.init_app(app, locale_selector=select_locale)
    app.jinja_env.finalize = say  # {{ message }} prints an engine Message translated

    @app.url_value_preprocessor
    def table_default(endpoint, values):
        """A table's pages (/t/..., /s/...) speak the table's language by default."""
        if values and "token" in values and request.blueprint == "table":
            g.table_language = table_language(values["token"])

    @app.after_request
    def remember_language(response):
        """A `?lang=` link sets the cookie, so the following pages stay in that language."""
        lang = request.args.get("lang")
        if lang in LANGUAGES and request.cookies.get(COOKIE) != lang:
            response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax")
        return response

    @app.context_processor
    def languages():
        return {"LANGUAGES": LANGUAGES, "lang": str(get_locale())}
