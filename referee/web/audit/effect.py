"""What a correction would change, before it is saved: each hand's points, the totals, the
match's result and, for a game of an event, the standings rows that move.

Everything is what the engine's replay gives: the match as it stands (the table's state)
against the match replayed with the correction (`correct.Proposal.match`). An event's
standings are ranked by `referee.events.standings`, from the tables' results as the
events service reads them (read only), with this table's result made again from the
corrected match.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from flask_babel import gettext as _
from sqlalchemy import select

from referee.events import standings as st

from ..store import db
from ..table.presenters import outcome
from ..table.state import Table


@dataclass
class Effect:
    """A correction's effect: the rows that differ, old → new."""

    hands: list[dict] = field(default_factory=list)  # {"number", "sides": [(name, old, new)]}
    totals: list[tuple[str, int, int]] = field(default_factory=list)
    result: dict = field(default_factory=dict)  # {"old", "new", "changed"}
    event: str | None = None  # the event's name, for a game of one
    standings: list[dict] = field(default_factory=list)  # the rows that move


def of(table: Table, new_match) -> Effect:
    """The effect of replacing the match of `table` (as it stands) by `new_match`."""
    old_match = table.match
    out = Effect()
    names = list(old_match.side_names)
    for i in range(max(len(old_match.hands), len(new_match.hands))):
        old = old_match.hands[i].points if i < len(old_match.hands) else None
        new = new_match.hands[i].points if i < len(new_match.hands) else None
        if old != new:
            out.hands.append(
                {
                    "number": i + 1,
                    "sides": [
                        (n, old[j] if old else None, new[j] if new else None)
                        for j, n in enumerate(names)
                    ],
                }
            )
    out.totals = list(zip(names, old_match.totals(), new_match.totals(), strict=True))
    before = outcome(table)
    after = outcome(dataclasses.replace(table, match=new_match))
    out.result = {
        "old": _result(before),
        "new": _result(after),
        "changed": _key(before) != _key(after),
    }
    _standings(table, new_match, out)
    return out


def _key(outcome: dict | None):
    return None if outcome is None else ("won", outcome["winner"])


def _result(outcome: dict | None) -> str:
    if outcome is None:
        return _("not decided")
    if outcome["winner"] is None:
        return _("level, no winner")
    return _("won by %(side)s", side=outcome["winner"])


# -- an event's standings ------------------------------------------------------------------
def _standings(table: Table, new_match, out: Effect) -> None:
    from ..events import service as events
    from ..events.models import Event, EventGame, EventTable, Round

    match_id = table.row.id
    event = db.session.execute(
        select(Event)
        .join(Round, Round.event_id == Event.id)
        .join(EventTable, EventTable.round_id == Round.id)
        .join(EventGame, EventGame.table_id == EventTable.id)
        .where(EventGame.match_id == match_id)
    ).scalar_one_or_none()
    if event is None:
        return
    out.event = event.name
    now = events.load(event)
    results, byes, mine = [], [], None
    for r in now.rounds:
        if not r.started:
            continue
        byes += [st.Bye(e, r.row.number) for e in r.row.byes]
        for t in r.tables:
            if any(g.match_id == match_id for g in t.games):
                mine = len(results), t, r.row.number
            results.append(t.result)
    if mine is None:
        return
    old_rows = _ranked(events, event, now, results, byes)
    index, ts, round_no = mine
    results[index] = events.result_if(event, ts, match_id, new_match, round_no)
    new_rows = _ranked(events, event, now, results, byes)
    old_by = {r.entrant: r for r in old_rows}
    for r in new_rows:
        o = old_by[r.entrant]
        if (o.rank, o.score, o.points_for, o.points_against) != (
            r.rank,
            r.score,
            r.points_for,
            r.points_against,
        ):
            out.standings.append(
                {
                    "name": now.name(r.entrant),
                    "rank": (o.rank, r.rank),
                    "score": (o.score, r.score),
                    "points": (o.points_for, r.points_for),
                    "diff": (o.diff, r.diff),
                }
            )


def _ranked(events, event, now, results, byes) -> list[st.Row]:
    """The standings from these table results, ranked the way the event's are."""
    return st.standings(
        events.config(event), list(now.entrants), [r for r in results if r is not None], byes
    )
