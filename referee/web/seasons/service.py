"""Seasons: the secretary makes them and puts events in them (or an event's maker chooses
its season); a season's table is computed by `referee.seasons` from each event's
standings as the events service gives them now (`events.service.load`), never stored.

A player of a night is the member their entrant is linked to (`events.roster`), else the
member of that name, else the name as typed; each player of a pair scores the pair's
points. Every act is in the secretary's log (`ClubAction`). Once means once (`web.once`):
a season's name is a unique key, an event is in one season (its row's key), and the
second request of a double tap is told the work is done."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import delete, select

from referee import seasons as pure
from referee.engine import names as rule
from referee.events.standings import points

from .. import names, once
from ..errors import Refused
from ..events import service as events
from ..events.models import Event
from ..events.roster import EntrantMember
from ..members import service as members
from ..members.models import Member
from ..models import by_id, now
from ..store import db
from .models import Season, SeasonEvent

MAX_BEST = 99
MAX_PLACES = 40
NAME_MAX = 120  # a season's name

members.ACTIONS.update(
    {
        "season": _l("Season %(season)s made"),
        "season_event": _l("%(event)s put in the season %(season)s"),
        "season_out": _l("%(event)s taken out of the season %(season)s"),
    }
)


def seasons() -> list[Season]:
    return list(db.session.execute(select(Season).order_by(Season.id.desc())).scalars())


def season(season_id) -> Season:
    found = by_id(Season, season_id)
    if found is None:
        raise Refused(404, _("There is no such season."))
    return found


def read_places(text: str) -> list[int] | None:
    """Points by place from "10-8-6-5-4-3-2-1" (or commas, spaces); "own" or empty: None,
    each night's own score."""
    text = (text or "").strip()
    if not text or text.lower() == pure.OWN:
        return None
    parts = [p for p in text.replace(",", " ").replace("-", " ").split() if p]
    try:
        places = [int(p) for p in parts]
    except ValueError:
        places = []
    if not places or len(places) > MAX_PLACES or any(not 0 <= p <= 1000 for p in places):
        raise Refused(
            400, _("Points by place are whole numbers, such as 10-8-6-5-4-3-2-1."), field="places"
        )
    if places != sorted(places, reverse=True):
        raise Refused(400, _("A place is worth no more than the place before it."), field="places")
    return places


def create(name: str, own: bool, places: str, best) -> Season:
    """A new season: its name, points by place (or each night's own score, `own`) and the
    best nights that count (None or empty: every night)."""
    name = names.name(name, most=NAME_MAX, empty=_("Give the season a name."), field="season-name")
    chosen = None if own else read_places(places) or list(pure.PLACES)
    try:
        best = int(best) if best not in (None, "") else None
    except (TypeError, ValueError):
        best = 0
    if best is not None and not 1 <= best <= MAX_BEST:
        raise Refused(
            400, _("The nights that count are 1 to %(n)s, or empty: all.", n=MAX_BEST), field="best"
        )
    s = Season(name=name, places=chosen, best=best)
    with once.unique(_("The season %(name)s is made already.", name=s.name)):
        db.session.add(s)
        members.log("season", season=s.name)
        db.session.commit()
    return s


def season_of(event: Event) -> Season | None:
    row = db.session.get(SeasonEvent, event.id)
    return db.session.get(Season, row.season_id) if row is not None else None


def attach(s: Season, event: Event) -> None:
    """Put an event in a season (it leaves the one it was in, if any: an event belongs to
    one season)."""
    row = db.session.get(SeasonEvent, event.id)
    if row is not None and row.season_id == s.id:
        return
    with once.unique(_("%(event)s is in a season already.", event=event.name)):
        if row is None:
            db.session.add(SeasonEvent(event_id=event.id, season_id=s.id))
        else:
            row.season_id, row.added = s.id, now()
        s.updated = now()
        members.log("season_event", event=event.name, season=s.name)
        db.session.commit()


def detach(s: Season, event_id) -> None:
    """An event taken out of the season, once: the second request finds it out (Done)."""
    row = by_id(SeasonEvent, event_id)
    if row is None or row.season_id != s.id:
        raise Refused(404, _("This event is not in this season."))
    event = db.session.get(Event, row.event_id)
    once.claim(
        delete(SeasonEvent).where(
            SeasonEvent.event_id == row.event_id, SeasonEvent.season_id == s.id
        ),
        _("%(event)s is out of the season already.", event=event.name),
    )
    db.session.expunge(row)
    s.updated = now()
    members.log("season_out", event=event.name, season=s.name)
    db.session.commit()


def event(event_id) -> Event:
    found = by_id(Event, event_id)
    if found is None:
        raise Refused(404, _("There is no such event."))
    return found


def nights(s: Season) -> list[Event]:
    """The season's events, in the order they were made."""
    return list(
        db.session.execute(
            select(Event)
            .join(SeasonEvent, SeasonEvent.event_id == Event.id)
            .where(SeasonEvent.season_id == s.id)
            .order_by(Event.created, Event.id)
        ).scalars()
    )


def free_events(limit: int = 50) -> list[Event]:
    """The newest events in no season (for the secretary to put in one)."""
    taken = select(SeasonEvent.event_id)
    return list(
        db.session.execute(
            select(Event).where(Event.id.not_in(taken)).order_by(Event.id.desc()).limit(limit)
        ).scalars()
    )


def settings(s: Season) -> pure.Settings:
    return pure.Settings(tuple(s.places) if s.places is not None else None, s.best)


@dataclass
class Table:
    season: Season
    nights: list[Event]
    rows: list[pure.SeasonRow]
    names: dict  # a player's key -> the name shown
    provisional: list[bool]  # per night: still in progress (neither finished nor complete)

    def name(self, who) -> str:
        return self.names[who]

    @property
    def in_progress(self) -> list[int]:
        """The numbers of the nights still in progress: the table is provisional."""
        return [i for i, p in enumerate(self.provisional, 1) if p]

    def provisional_row(self, r: pure.SeasonRow) -> bool:
        """Whether a player's total holds points of a night still in progress."""
        return any(
            p is not None and prov for p, prov in zip(r.nights, self.provisional, strict=True)
        )


def _players(event: Event) -> dict[int, list[tuple]]:
    """Each entrant's players: (key, name shown); a key is ("member", id) or ("name", the
    name as the engine compares names)."""
    ids = [e.id for e in event.entrants]
    linked: dict[tuple[int, int], int] = {}
    if ids:
        for row in db.session.execute(
            select(EntrantMember).where(EntrantMember.entrant_id.in_(ids))
        ).scalars():
            linked[(row.entrant_id, row.position)] = row.member_id
    merged = members.merged_map()
    by_name = None
    out: dict[int, list[tuple]] = {}
    for e in event.entrants:
        players = []
        for pos, name in enumerate(e.members):
            member_id = linked.get((e.id, pos))
            if member_id is None:
                if by_name is None:
                    by_name = {rule.same(m.name): m.id for m in members.roster()}
                member_id = by_name.get(rule.same(name))
            if member_id is not None:
                member_id = merged.get(member_id, member_id)
                players.append((("member", member_id), None))
            else:
                players.append((("name", rule.same(name)), name))
        out[e.id] = players
    return out


def table(s: Season) -> Table:
    """The season's table as its events' standings give it now."""
    evs = nights(s)
    placings = []
    names: dict = {}
    provisional = []
    for ev in evs:
        state = events.load(ev)
        provisional.append(not (ev.finished or state.complete))
        players = _players(ev)
        night = []
        for row in state.standings:
            if row.played + row.byes == 0:
                continue  # entered but did not play: not there that night
            for who, name in players.get(row.entrant, []):
                night.append(pure.Placing(who, row.rank, Fraction(row.score)))
                if name is not None:
                    names.setdefault(who, name)
        placings.append(night)
    rows = pure.table(settings(s), placings)
    wanted = [r.who[1] for r in rows if r.who[0] == "member"]
    if wanted:
        for m in db.session.execute(select(Member).where(Member.id.in_(wanted))).scalars():
            names[("member", m.id)] = m.name
    return Table(s, evs, rows, names, provisional)


def _night_field(t: Table, i: int, ev: Event) -> str:
    """A night's column: its number and name, "(provisional)" while it is in progress."""
    return f"{i}. {ev.name}" + (" (provisional)" if t.provisional[i - 1] else "")


def export_rows(t: Table) -> list[dict]:
    """The table as CSV rows: place, player, each night's points (a * where it counts,
    empty where absent), total, nights played, and "yes" where the total holds points of
    a night still in progress (provisional)."""
    out = []
    for r in t.rows:
        row = {"place": r.rank, "player": t.name(r.who)}
        for i, (ev, p) in enumerate(zip(t.nights, r.nights, strict=True), 1):
            row[_night_field(t, i, ev)] = (
                "" if p is None else f"{points(p)}{'*' if r.counted[i - 1] else ''}"
            )
        row["total"] = points(r.total)
        row["nights"] = r.attended
        row["provisional"] = "yes" if t.provisional_row(r) else ""
        out.append(row)
    return out


def fields(t: Table) -> list[str]:
    nights = [_night_field(t, i, ev) for i, ev in enumerate(t.nights, 1)]
    return ["place", "player", *nights, "total", "nights", "provisional"]
