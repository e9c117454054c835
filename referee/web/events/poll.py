"""The event's version poll, answered before Flask's request cycle.

Every spectator of an event's public page or TV asks `/p/<token>/version` about once a
second (`static/js/event.js`). Once the host has checked the event at its current version
(`live.check`, in the first request that finds it moved on), the answer is one indexed
read of `events.version` and a look at what the host keeps (`live.shown_at`: memory, else
the file another process wrote; between checks, the last check's if it is less than
`EVENT_POLL_LAG` seconds old: `live.shown_lately`), so this WSGI middleware answers it
without the request context, the session, the language or the after-request hooks (the
same body and headers as the view, `views.version`), as the tables' poll does
(`../poll.py`). Anything else, an
unknown link, or a version not checked yet goes on to Flask; a database out of reach is
answered here, with the 503 every request gets then (`outage.py`).
"""

from __future__ import annotations

import re

from flask import Flask

from ..models import is_token
from ..poll import Poll
from . import live

PATH = re.compile(r"/p/([^/]+)/version")


class EventPoll(Poll):
    def answer(self, path: str) -> int | None:
        m = PATH.fullmatch(path)
        if not m or not is_token(m[1]):
            return None
        kept = self.app.extensions.get("referee_live")
        if kept is None:  # this process has served no event page yet
            return None
        found = self.read(live.HEAD, {"token": m[1]})
        if found is None:
            return None
        h = live.Head(*found)
        number = live.shown_at(kept, h)
        if number is None:
            number = live.shown_lately(kept, h, self.app.config["EVENT_POLL_LAG"])
        return number


LAG = 0.25  # s: the most the poll lags the event's last check (`live.shown_lately`)


def init_app(app: Flask) -> None:
    app.config.setdefault("EVENT_POLL_LAG", LAG)
    app.wsgi_app = EventPoll(app, app.wsgi_app)
