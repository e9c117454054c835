"""The languages of `referee.languages` through Flask-Babel.

The language of a request is, in order: a `?lang=` link (remembered in a cookie), the
cookie set by the switch on every page, the table's language (read with the table's
row, `state.match_row`), then the browser's `Accept-Language`. Text a player reads goes
through `gettext` / `ngettext` (`_` and `ngettext` in templates), so that
`pybabel extract` (babel.cfg) finds it.

The engine's sentences (refusals, settlement lines, false-pass evidence, the match's end)
are `referee.engine.messages.Message` values: every template prints them in the request's
language (the Jinja `finalize` hook renders them with Flask-Babel's catalogue), and `say()`
renders one in Python (e.g. before `flash`, which keeps only text). See docs/i18n.md.
"""

from __future__ import annotations

from functools import cache, lru_cache

from babel import Locale, support
from flask import Flask, g, has_app_context, has_request_context, request
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_eval_context
from markupsafe import Markup, escape
from sqlalchemy import select
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header
from wtforms.i18n import messages_path

from referee.engine.messages import Message, render
from referee.languages import NAMES, SOURCE

LANGUAGES = NAMES  # code -> native name (referee/languages.py has the list)
DEFAULT = SOURCE
COOKIE = "lang"

babel = Babel()


def chosen(asked=None) -> str | None:
    """The language asked for by a `?lang=` link or the cookie, if it is one we speak
    (`asked`: a werkzeug request; this request's by default)."""
    asked = request if asked is None else asked
    for value in (asked.args.get("lang"), asked.cookies.get(COOKIE)):
        if value in LANGUAGES:
            return value
    return None


def language_of(asked) -> str:
    """The language of a request (a werkzeug request, before Flask: `events/poll.py`) about
    no table: chosen, else the browser's."""
    return chosen(asked) or browsers(asked.headers.get("Accept-Language", ""))


@lru_cache(maxsize=512)
def browsers(header: str) -> str:
    """The language we speak that an Accept-Language header likes best (else English):
    kept by the header's text, which a hall's phones send alike at every request (its
    parse is most of the cost of choosing a request's language)."""
    return parse_accept_header(header, LanguageAccept).best_match(LANGUAGES, default=DEFAULT)


@cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)


def select_locale() -> Locale:
    """The request's language; outside a request (scripts, the CLI), English. (A Locale:
    Flask-Babel would parse a code again at every request.)"""
    if not has_request_context():
        return _locale(DEFAULT)
    return _locale(
        chosen() or _table_language() or browsers(request.headers.get("Accept-Language", ""))
    )


def _table_language() -> str | None:
    """The language of the table this request is about, if any: read with the table's row
    (`read_table_language`), or else on its own when the language is needed first."""
    if "table_language" not in g:
        token = g.get("table_token")
        g.table_language = table_language(token, g.table_write) if token else None
    return g.table_language


def read_table_language(token: str, language: str | None) -> None:
    """Keep the table's language, read with its row, for the request about that table."""
    if has_request_context() and g.get("table_token") == token:
        g.table_language = language if language in LANGUAGES else None


def catalogue():
    """The request's catalogue, looked up once per request: Flask-Babel looks up the
    locale, the domain and its cache again for every sentence, and a table page has
    hundreds. (The locale is fixed once asked for, so the catalogue is too.)"""
    found = g.get("_catalogue")
    if found is None:
        found = g._catalogue = get_translations()
    return found


def gettext(string: str, **variables) -> str:
    """Flask-Babel's `gettext` (the same answer) on the request's catalogue, looked up
    once (`catalogue`): what the Python side of a page says, dozens of sentences a page."""
    text = (catalogue() if has_app_context() else get_translations()).ugettext(string)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables) -> str:
    """Flask-Babel's `ngettext` on the request's catalogue (`num` given as `num`)."""
    variables.setdefault("num", num)
    found = catalogue() if has_app_context() else get_translations()
    return found.ungettext(singular, plural, num) % variables


class HtmlWords:
    """`gettext` and `ngettext` for HTML made in Python: each sentence as markup, its values
    escaped (as the templates' `_` gives it), from the request's catalogue looked up once
    (a table screen says some thirty sentences)."""

    def __init__(self):
        self.found = catalogue()

    def gettext(self, string: str, **variables) -> Markup:
        text = Markup(self.found.ugettext(string))
        return text % variables if variables else text

    def ngettext(self, singular: str, plural: str, num: int, **variables) -> Markup:
        variables.setdefault("num", num)
        return Markup(self.found.ungettext(singular, plural, num)) % variables


def say_html(value) -> Markup:
    """A value as the templates print it: an engine Message in the request's language,
    anything else as it is; escaped."""
    return escape(say(value))


@pass_eval_context
def _gettext(eval_ctx, string: str, **variables):
    text = catalogue().ugettext(string)
    return (Markup(text) if eval_ctx.autoescape else text) % variables


@pass_eval_context
def _ngettext(eval_ctx, singular: str, plural: str, num: int, **variables):
    variables.setdefault("num", num)
    text = catalogue().ungettext(singular, plural, num)
    return (Markup(text) if eval_ctx.autoescape else text) % variables


def say(value):
    """An engine Message in the request's language; anything else unchanged."""
    if isinstance(value, Message):
        return render(value, catalogue() if has_app_context() else get_translations())
    return value


class WTFormsWords:
    """WTForms' own messages ("This field is required.") in the request's language, looked
    up when one is needed (not when a form is made: the language may not be known yet)."""

    def gettext(self, string: str) -> str:
        return _wtforms_catalogue(str(get_locale())).ugettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return _wtforms_catalogue(str(get_locale())).ungettext(singular, plural, n)


def wtforms_translations() -> WTFormsWords:
    return WTFORMS_WORDS


WTFORMS_WORDS = WTFormsWords()


@cache
def _wtforms_catalogue(locale: str):
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


def table_language(token: str, write: bool) -> str | None:
    """The language set for the table at this link (players' or spectators'), if any."""
    from .models import Match, is_token
    from .store import db  # here: the package imports this module before it makes db

    if not is_token(token):  # a link that cannot be a table's (the view answers 404)
        return None
    column = Match.write_token if write else Match.read_token
    found = db.session.execute(select(Match.language).where(column == token)).first()
    return found[0] if found and found[0] in LANGUAGES else None


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(app.root_path + "/translations"))
    babel.init_app(app, locale_selector=select_locale)
    # Jinja's newstyle `_`, `gettext` and `ngettext` as Flask-Babel installs them, in one
    # call instead of three, with the catalogue kept in `g` (a table page has hundreds)
    app.jinja_env.globals.update(_=_gettext, gettext=_gettext, ngettext=_ngettext)
    app.jinja_env.finalize = say  # {{ message }} prints an engine Message translated

    @app.url_value_preprocessor
    def table_default(endpoint, values):
        """A table's pages (/t/..., /s/...) speak the table's language by default (read
        with the table's row, or on its own if a sentence is needed before)."""
        if values and "token" in values and "write" in values:  # table/views.py: LINKS
            g.table_token = values["token"]
            g.table_write = values["write"]

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
