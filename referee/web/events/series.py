"""What a table screen shows of its event's series (best of N): which game this is, the
games each side has won, and the way on to the next game once this one is over; in a
knockout, the deciding game a tie left level plays (`service.next_game`), or, level on
time, that the director names the winner.

The table screen includes `events/_series.html`, which asks `series_of` (the template
global `event_series`); a match that is no game of a series shows nothing."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for
from sqlalchemy import bindparam, select

from referee.events.formats import FORMATS

from ..models import Match, is_token
from ..store import db, read
from .models import Entrant, Event, EventGame, EventTable, Round


@dataclass(frozen=True)
class SeriesView:
    """A game of a series as its table screen shows it."""

    number: int  # this game, from 1
    of: int  # best of
    sides: list[tuple[str, int]]  # each side of the table and the games it has won
    over: bool  # this game is over
    decided: bool  # the series is decided
    winner: str | None  # the side that won the series
    next_url: str | None  # the next game (the players' link, or the spectators')
    on_time: bool = False  # a knockout tie level when time was called: the director decides

    @property
    def score(self) -> str:
        """The games won, side by side: "2–0"."""
        return "–".join(str(w) for _, w in self.sides)


SERIES = select(Event.series, Event.format).where(Event.id == bindparam("event"))


def series_of(row, write: bool = True) -> SeriesView | None:
    """The series the match at `row` (`table.state.MatchRow`) is a game of, or None (a
    match by hand, or a single game: known from the row, or one small read)."""
    from .service import _table_state

    if row.event_id is None:
        return None
    found = read(SERIES, {"event": row.event_id}).first()
    ties = found is not None and FORMATS.get(found[1]) is not None and FORMATS[found[1]].draws
    if found is None or (found[0] <= 1 and not ties):
        return None
    match_id = row.id
    game = db.session.execute(
        select(EventGame).where(EventGame.match_id == match_id)
    ).scalar_one_or_none()
    if game is None:
        return None
    table = db.session.get(EventTable, game.table_id)
    r = db.session.get(Round, table.round_id)
    event = db.session.get(Event, r.event_id)
    entrants = {
        e.id: e
        for e in db.session.execute(select(Entrant).where(Entrant.event_id == event.id)).scalars()
    }
    state = _table_state(event, table, entrants, r.number)
    this = state.games[game.number - 1]
    if event.series <= 1 and game.number == 1 and (state.decided or not this.over):
        return None  # a knockout's single game, not left level: no series to show
    best = max(state.wins)
    leaders = [i for i, w in enumerate(state.wins) if w == best]
    winner = state.side_names[leaders[0]] if state.decided and len(leaders) == 1 else None
    next_url = None
    if this.over and not state.decided and not table.abandoned:
        if write:
            next_url = url_for("events.table", token=table.token)
        else:  # a link that holds when the next game starts after this page is made
            next_url = url_for("events.next_to_watch", token=this.read_token)
    return SeriesView(
        number=game.number,
        of=event.series,
        sides=list(zip(state.side_names, state.wins, strict=True)),
        over=this.over,
        decided=state.decided,
        winner=winner,
        next_url=None if table.time_hands is not None else next_url,
        on_time=this.over and not state.decided and table.time_hands is not None,
    )


def next_to_watch(read_token: str) -> str | None:
    """The spectators' link of the game after the one at `read_token`: None if that is no
    game of an event, "" if the next game has not started."""
    if not is_token(read_token):
        return None
    game = db.session.execute(
        select(EventGame)
        .join(Match, Match.id == EventGame.match_id)
        .where(Match.read_token == read_token)
    ).scalar_one_or_none()
    if game is None:
        return None
    later = db.session.execute(
        select(EventGame).where(
            EventGame.table_id == game.table_id, EventGame.number == game.number + 1
        )
    ).scalar_one_or_none()
    return later.match.read_token if later is not None else ""
