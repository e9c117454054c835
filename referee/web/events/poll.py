"""The event's version poll and its live fragment, answered before Flask's request cycle.

Every spectator of an event's public page or TV asks `/p/<token>/version` about once a
second (`static/js/event.js`), and all of them fetch the live fragment when what the pages
show changes. Once the host has checked the event at its current version (`live.check`,
in the first request that finds it moved on), the poll's answer is one indexed read of
`events.version` and a look at what the host keeps (`live.shown_at`: memory, else the file
another process wrote; between checks, the last check's if it is less than
`EVENT_POLL_LAG` seconds old: `live.shown_lately`); that answer is kept per link for as
long (`EventPoll.kept`), so most polls read nothing. A fetch of the fragment at the shown
version the host has rendered is answered from what it keeps (`live.reply`: the same bytes
and headers as the view, in the viewer's language). Both are answered without the request
context, the session or the after-request hooks, in the server's event loop when they need
no read (`../poll.py`). Anything else, an unknown link, or a version not checked yet goes
on to Flask; a database out of reach is answered with the 503 every request gets then
(`outage.py`).
"""

from __future__ import annotations

import re
import time

from flask import Flask
from werkzeug.wrappers import Request

from ..i18n import language_of
from ..models import is_token
from ..poll import Poll
from . import live

PATH = re.compile(r"/p/([^/]+)/version")
PAGE = re.compile(r"/p/([^/]+)(?:/(tv))?")


class EventPoll(Poll):
    """The event's poll, and its live fragment when the host has it: the shown version
    kept per link while it is less than `EVENT_POLL_LAG` seconds old (as late as the
    answer may be anyway: `live.shown_lately`), so that hundreds of viewers cost a read a
    quarter-second per process, and the rest are answered from memory (in the server's
    loop: `../poll.py`)."""

    def __init__(self, app: Flask, wsgi_app):
        super().__init__(app, wsgi_app)
        self.kept: dict[str, tuple[int, float, live.Head]] = {}  # token -> (shown, as of, head)

    def reply(self, environ, io: bool = True):
        m = PAGE.fullmatch(environ.get("PATH_INFO", ""))
        if m and environ.get("QUERY_STRING") == "fragment=1":
            return self.fragment(environ, m[1], m[2] or "public", io)
        return super().reply(environ, io)

    def answer(self, path: str, io: bool = True) -> int | None:
        m = PATH.fullmatch(path)
        found = m and self.shown(m[1], io)
        return found[0] if found else None

    def fragment(self, environ, token: str, kind: str, io: bool):
        """The live fragment as the view answers it (`live.reply`), if this host has it at
        the shown version; else None: the view renders it."""
        kept = self.app.extensions.get("referee_live")
        found = kept is not None and self.shown(token, io)
        if not found:
            return None
        number, _at, h = found
        asked = Request(environ)
        at = live.key(h, kind, language_of(asked), asked.script_root)
        held = environ.get("HTTP_IF_NONE_MATCH", "")
        html = None
        if f'"{number}"' not in held:  # else a 304: no bytes needed
            html = kept.pages.get(at, number)
            if html is None:
                return None
        zipped = live.takes_gzip(environ.get("HTTP_ACCEPT_ENCODING", ""))
        return live.reply(kept, at, number, html, held, zipped)

    def shown(self, token: str, io: bool) -> tuple[int, float, live.Head] | None:
        """(the shown version, as of when, the event's head), or None: Flask checks the
        event."""
        if not is_token(token):
            return None
        lag = self.app.config["EVENT_POLL_LAG"]
        found = self.kept.get(token)
        if found is not None and time.time() - found[1] < lag:
            return found
        kept = self.app.extensions.get("referee_live")
        if not io or kept is None:  # no read, or this process has served no event page yet
            return None
        now = time.time()
        row = self.read(live.HEAD, {"token": token})
        if row is None:
            return None
        h = live.Head(*row)
        number = live.shown_at(kept, h)
        if number is not None:
            found = (number, now, h)
        else:
            lately = live.shown_lately_at(kept, h, lag)
            found = None if lately is None else (*lately, h)
        if found is not None and lag > 0:
            if len(self.kept) > KEPT:
                self.kept.clear()
            self.kept[token] = found
        return found


KEPT = 1024  # event links whose answer a process keeps
LAG = 0.25  # s: the most the poll lags the event's last check (`live.shown_lately`)


def init_app(app: Flask) -> None:
    app.config.setdefault("EVENT_POLL_LAG", LAG)
    app.wsgi_app = EventPoll(app, app.wsgi_app)
