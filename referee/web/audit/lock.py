"""The lock of a signed match in words: what a refused write says, and who may unlock it.

A match whose result every side has confirmed is locked (`log.locked`); only an event's
director unlocks one (`service.override_lock`, from the event's page). A match outside an
event has no director, so nothing in the app unlocks it: its record can still be carried
on as a new match (download the game record, import it).
"""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from ..store import db


def event_name(match_id: int) -> str | None:
    """The name of the event the match is a game of (None: a match outside an event)."""
    from ..events.models import Event, EventGame, EventTable, Round

    return db.session.execute(
        select(Event.name)
        .join(Round, Round.event_id == Event.id)
        .join(EventTable, EventTable.round_id == Round.id)
        .join(EventGame, EventGame.table_id == EventTable.id)
        .where(EventGame.match_id == match_id)
    ).scalar_one_or_none()


def who_unlocks(match_id: int) -> str:
    """Who may unlock the match, or what to do when nobody can."""
    event = event_name(match_id)
    if event is not None:
        return _(
            "Only the director of the event “%(event)s” can unlock it, from the event's page.",
            event=event,
        )
    return _(
        "A match outside an event cannot be unlocked: to change its record, download "
        "its game record and import it as a new match."
    )


def sentence(match_id: int) -> str:
    """Why a write to a locked match is refused, and who may unlock it."""
    return " ".join(
        [
            _(
                "The result is confirmed for every side: the match is locked, and no move, undo, "
                "correction, abandon or deletion is accepted."
            ),
            who_unlocks(match_id),
        ]
    )
