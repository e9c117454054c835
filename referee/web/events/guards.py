"""What the director's acts check before they write, and the sentences of their refusals:
a finished event takes nothing until it is reopened, a decided or signed table keeps the
result its record gives, and a page out of date says what happened meanwhile ("Round 2
has started (at 20:14 UTC)"), not what it no longer finds."""

from __future__ import annotations

from datetime import datetime

from flask_babel import gettext as _
from flask_babel import ngettext

from ..audit.log import locked, sign_log
from ..errors import Refused
from ..models import Match
from .models import Event, EventAction, Round

FINISHED = "EV-FINISHED"  # a finished event, and its tables, take nothing until reopened


def at(when: datetime | None) -> str:
    """A time as the event pages show it (UTC)."""
    return when.strftime("%H:%M") if when else "?"


def logged(event: Event, what: str, **params) -> EventAction | None:
    """The director's last act `what` (with these params) in the event's log."""
    for action in reversed(event.actions):
        if action.what == what and all(action.params.get(k) == v for k, v in params.items()):
            return action
    return None


def open_event(event: Event) -> None:
    """Refuse any change to a finished event (the director reopens it first)."""
    if event.finished:
        done = logged(event, "finished")
        raise Refused(
            409,
            _(
                "The event was finished at %(at)s UTC: reopen it to change anything.",
                at=at(done.at if done else None),
            ),
            FINISHED,
        )


def tables_closed(event: Event) -> None:
    """Refuse a table's write to a game of a finished event (called once its match's row
    said the event is finished): its standings are final until the director reopens it."""
    done = logged(event, "finished")
    raise Refused(
        409,
        _(
            "The event was finished at %(at)s UTC: nothing more is recorded at its tables "
            "unless the director reopens it.",
            at=at(done.at if done else None),
        ),
        FINISHED,
    )


def round_limit(event: Event, number: int) -> None:
    """Refuse a round past the event's last one."""
    if event.rounds is not None and number > event.rounds:
        raise Refused(
            409,
            ngettext(
                "The event has %(num)d round, and it has been played: the event is complete. "
                "Finish it (or make a new event).",
                "The event has %(num)d rounds, and all have been played: the event is "
                "complete. Finish it (or make a new event).",
                event.rounds,
            ),
        )


def started(r: Round) -> Refused:
    """A page out of date acted on a round that has started meanwhile."""
    return Refused(
        409,
        _(
            "Round %(n)s has started (at %(at)s UTC): its pairing can no longer change.",
            n=r.number,
            at=at(r.started),
        ),
    )


def paired(event: Event, r: Round) -> Refused:
    """A page out of date asked to pair a round that another page has paired meanwhile."""
    done = logged(event, "paired", round=r.number)
    return Refused(
        409,
        _(
            "Round %(n)s is already paired (at %(at)s UTC): its tables are "
            "below. To draw another pairing, use “Pair it again”.",
            n=r.number,
            at=at(done.at if done else None),
        ),
    )


def locked_match(t) -> Match | None:
    """The last match of a table (its `service.TableState`), if every side has confirmed
    its result (then locked)."""
    if not t.decided or not t.row.games:
        return None
    match = t.row.games[-1].match
    return match if locked(sign_log(match.id), len(t.side_names)) else None


def table_open(state, number: int) -> None:
    """Refuse a forfeit or an abandon of a table whose result is settled: abandoned,
    forfeited, signed (the director unlocks it first, then the table corrects its record)
    or decided by its record."""
    row = state.row
    if row.abandoned:
        raise Refused(
            409, _("Table %(n)s is already abandoned: %(why)s", n=number, why=row.abandoned)
        )
    if row.forfeit:
        raise Refused(
            409,
            _(
                "Table %(n)s already has a forfeit, scored %(score)s.",
                n=number,
                score=" – ".join(str(x) for x in row.forfeit["totals"]),
            ),
        )
    if locked_match(state) is not None:
        raise Refused(
            409,
            _(
                "Every side has signed the result of table %(n)s, so it is "
                "locked: unlock it first (with your reason, logged), then "
                "correct its record.",
                n=number,
            ),
        )
    if state.decided:
        raise Refused(
            409,
            _(
                "Table %(n)s is decided by its record: its result stands. To "
                "change it, correct the record at the table.",
                n=number,
            ),
        )
