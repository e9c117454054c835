"""The tables an event played from a draw opens by itself as results come in: a winner
goes on at once (`advance`). It runs after every write to one of the event's games and
every act of its director (`init_app`: the request's last step, once its own work is
committed). A table is opened once: the unique (event, round) and (round, table) keys
hold it, so two requests that find the same tie ready open one table; the second finds
it done."""

from __future__ import annotations

import logging

from flask import g
from sqlalchemy.exc import IntegrityError

from ..models import now
from ..store import db
from . import knockout, service
from .models import Event, EventTable, Round

LOG = logging.getLogger(__name__)


def advance(event_id: int) -> int:
    """Open every table whose two entrants the results now know (the winner goes on at
    once); returns how many were opened. Each in its own transaction: a table another
    request opened first is left as it is."""
    event = db.session.get(Event, event_id)
    fmt = knockout.drawn(event) if event is not None else None
    if fmt is None or event.finished or not (event.settings or {}).get("draw"):
        return 0
    state = service.load(event)
    started = [r for r in state.rounds if r.row.started is not None]
    known = knockout.past(event, state.rounds, fmt)
    have = {(r.row.number, t.row.number) for r in state.rounds for t in r.tables}
    opened = 0
    for round_no, number, entrants in fmt.ready(known) if started else []:
        if (round_no, number) in have or not fmt.opens(known, round_no):
            continue  # open already, or a round the director pairs
        try:
            service._touch(event)
            r = db.session.execute(
                db.select(Round).where(Round.event_id == event.id, Round.number == round_no)
            ).scalar_one_or_none()
            if r is None:
                r = Round(event_id=event.id, number=round_no, byes=[], started=now())
                db.session.add(r)
                db.session.flush()
                service.log(event, "started", round=round_no)
            t = EventTable(number=number, entrants=list(entrants))
            r.tables.append(t)
            db.session.flush()
            service._new_game(event, t, {e.id: e for e in event.entrants}, 1)
            db.session.commit()
            opened += 1
        except IntegrityError:  # another request opened it first
            db.session.rollback()
    return opened


def init_app(app) -> None:
    """After a request that wrote to an event (a game's write, a director's act), open the
    tables its results made ready."""

    @app.after_request
    def opened(response):
        event_id = g.pop("event_written", None)
        if event_id is not None and response.status_code < 500:
            try:
                advance(event_id)
            except Exception:  # the request's own work is done: never fail it
                db.session.rollback()
                LOG.exception("opening the next tables of event %s", event_id)
        return response
