"""The table fragment, rendered once per match, version, language and link in each process
and shared by the phones of a table.

After every move the table's other phones fetch the fragment (`static/js/table.js`). What
they get differs only in small parts of each phone's own: its CSRF token, the time it got
it, its name (the "This phone: …" link) and what was said to it alone (the answer to its
move, a flashed message). So the fragment is rendered with a hole for each, kept
(`rendered`: in memory and in a file of the host, keyed by the match's version), and each
request fills in its own: the phone that recorded the move renders it, the others find it,
whichever of the host's processes serves them, without replaying the hand. A fragment with
a refusal or a chosen tile is that phone's alone and is rendered whole, as before."""

from __future__ import annotations

import functools
import re

from flask import current_app, g, get_flashed_messages, request
from flask_babel import get_locale
from markupsafe import Markup

from .. import public
from ..audit.log import phone
from ..csrf_token import csrf_token
from ..i18n import gettext as _
from ..i18n import say_html
from ..links import url_for
from ..server.cache import LRU
from . import rendered, state
from .offline import rendered_at


def _rendered() -> str:
    return str(rendered_at())


HOLES = {  # a phone's own parts of the fragment: the template global and what fills it
    "csrf_token": csrf_token,  # its CSRF token (the session's)
    "rendered_at": _rendered,  # when it got it (offline.js compares it with a kept table)
}
PHONE = "\x00phone_link\x00"  # "This phone: Ben (rename)" (its cookie)
SAID = "\x00said\x00"  # the answer to its own move, or a message flashed to it


def shared(t: state.Table, write: bool, render, said: list, fresh: bool = False) -> str:
    """The fragment `render()` gives for this table, as kept on this host while the match's
    version holds (else rendered and kept), with this phone's own parts filled in (`said`:
    its messages). `fresh`: the version this request has just written, which nobody has
    rendered yet: rendered without looking for it (in memory and in the host's files)."""
    key = _key(write)
    html = None if fresh else rendered.get(t.row, key)
    if html is None:
        g.fragment_holes = True
        try:
            html = render()
        finally:
            g.fragment_holes = False
        state.when_written(t, functools.partial(rendered.put, t.row, key, html))
    return fill(html, t.row, write, said)


def kept(row: state.MatchRow, write: bool) -> str | None:
    """The fragment of the table at `row`, if this host has it at the row's version (with
    this phone's own parts filled in): no replay, no render."""
    html = rendered.get(row, _key(write))
    return None if html is None else fill(html, row, write, get_flashed_messages())


HOLE = re.compile("\x00([a-z_]+)\x00")  # any hole (`_hole`)


def fill(html: str, row: state.MatchRow, write: bool, said: list) -> str:
    """The shared fragment with this phone's own parts in its holes, in one pass over it
    (each part made once: the CSRF token has a hole in every form)."""
    own = {}

    def part(found) -> str:
        name = found[1]
        if name not in own:
            if name in HOLES:
                own[name] = HOLES[name]()
            elif name == "said":
                own[name] = said_here(said)
            elif name == "phone_link" and write:
                own[name] = phone_link(row.write_token)
            else:
                own[name] = found[0]
        return own[name]

    return HOLE.sub(part, html)


PARTS_KEPT = 4096  # kept parts per process: a few per table and language, a link per phone


def kept_part(template: str, **values) -> Markup:
    """A part of the shared fragment, made by a template, that shows nothing but `values`
    (hashable, or lists of them) in the request's language and at its address, rendered
    once per process and kept (a table's links, the same at every move;
    its score, the same at most). Outside a shared fragment it is rendered afresh (its
    holes are then this phone's own)."""

    def render() -> Markup:
        return Markup(current_app.jinja_env.get_template(template).render(**values))

    if not g.get("fragment_holes"):
        return render()
    given = tuple((name, _frozen(value)) for name, value in sorted(values.items()))
    return _parts().make((template, _where(), public.base_url(), given), None, render)


def _parts() -> LRU:
    """This app's kept parts (`kept_part`, `phone_link`)."""
    kept = current_app.extensions.get("referee_kept_parts")
    if kept is None:
        kept = current_app.extensions.setdefault("referee_kept_parts", LRU(PARTS_KEPT))
    return kept


def _frozen(value):
    """A value as a key: its lists as tuples."""
    return tuple(map(_frozen, value)) if isinstance(value, list | tuple) else value


def _key(write: bool) -> tuple:
    return ("fragment", write, *_where())


def _where() -> tuple:
    """The request's language and the address it was asked at (its links and shared links
    carry it), made once a request (the locale is fixed once asked for); `request.url_root`
    would rebuild the whole URL to say as much."""
    found = g.get("fragment_where")
    if found is None:
        found = g.fragment_where = (
            str(get_locale()),
            request.scheme,
            request.host,
            request.script_root,
        )
    return found


def _hole(name: str) -> str:
    return f"\x00{name}\x00"


def _holed(name: str, own):
    """The template global `name`: a hole while a shared fragment is rendered, else `own()`."""

    def value():
        return _hole(name) if g.get("fragment_holes") else own()

    return value


def phone_link(token: str) -> Markup:
    """The link to name (or rename) this phone, on the players' table screen."""
    if g.get("fragment_holes"):
        return Markup(PHONE)
    name = phone()

    def render() -> Markup:
        text = _("This phone: %(name)s (rename)", name=name) if name else _("Name this phone")
        href = url_for("audit.name_phone", next=url_for("table.table", token=token))
        return Markup('<a id="phone-link" href="{}">{}</a>').format(href, text)

    return _parts().make(("phone_link", token, name, _where()), None, render)


def said_here(said: list) -> Markup:
    """The messages for this phone alone, at the top of its table."""
    if g.get("fragment_holes"):
        return Markup(SAID)
    if not said:
        return Markup("")
    lines = "".join(f"<p>{say_html(m)}</p>" for m in said)
    return Markup(f'<div class="flash" role="status" id="flash">{lines}</div>')


def init_app(app) -> None:
    """After CSRFProtect and the offline blueprint, whose globals these replace."""
    for name, own in HOLES.items():
        app.jinja_env.globals[name] = _holed(name, own)
    app.jinja_env.globals["phone_link"] = phone_link
