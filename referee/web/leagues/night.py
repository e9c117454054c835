"""A fixture night: the fixture's sheet replayed from its entries (`referee.leagues.sheet`)
and every write to it: a captain's line-up, a game's score entered by one side and
confirmed by the other, the captains' signatures (their PIN typed on the fixture's page,
checked by `members.signing.check_pin`, or their personal link), and the secretary's
postponement, no-show and correction. A write replays the sheet, lets it judge the entry,
and appends the entry under the fixture's version (the lock: a write made on an older
version is judged again on the sheet as it is now, nothing is overwritten). An entry the
sheet holds already (a confirmation or a signature sent twice, at once or later) is not
entered again: the request is told it is done (`once.Done`)."""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass, field
from datetime import date

from flask_babel import gettext as _
from sqlalchemy import select, update

from referee.collation import by_name
from referee.engine.messages import N_
from referee.leagues import Already, LeagueError
from referee.leagues.formats import MatchFormat
from referee.leagues.sheet import Leg, Sheet, replay

from .. import once
from ..errors import Refused
from ..matches.create import new_match
from ..members import results
from ..members import service as members
from ..members.models import Member
from ..members.signing import check_pin
from ..models import Match, by_id
from ..store import db
from . import service
from .models import Fixture, League, LeagueEntry, SquadPlayer, Team

SIDES = ("home", "away")


@dataclass
class Night:
    """A fixture with everything its pages need: the league, the format, both teams,
    their squads and captains, its entries and the sheet they give."""

    fixture: Fixture
    league: League
    fmt: MatchFormat
    teams: tuple[Team, Team]
    squads: tuple[list[Member], list[Member]]
    entries: list[LeagueEntry]
    sheet: Sheet
    tables: dict[int, list[Match]] = field(default_factory=dict)  # refereed tables, a leg each
    version: int = 0  # the fixture's version the sheet was replayed at (read before it)
    off: set[int] = field(default_factory=set)  # players taken off their squad: no line-up

    @property
    def day(self) -> date:
        return date.fromisoformat(self.sheet.day) if self.sheet.day else self.fixture.day

    def names(self) -> dict[int, str]:
        return {m.id: m.name for squad in self.squads for m in squad}

    def side_of(self, m: Member) -> int | None:
        for side, t in enumerate(self.teams):
            if t.captain_id == m.id:
                return side
        return None


def fixture(fixture_id) -> Fixture:
    fx = by_id(Fixture, fixture_id)
    if fx is None:
        raise Refused(404, _("There is no such fixture."))
    return fx


def entries(fx: Fixture) -> list[LeagueEntry]:
    return list(
        db.session.execute(
            select(LeagueEntry).where(LeagueEntry.fixture_id == fx.id).order_by(LeagueEntry.id)
        ).scalars()
    )


def load(fx: Fixture, squads_by_team: dict | None = None) -> Night:
    version = fx.version  # before the entries: a sheet never older than its version
    lg = db.session.get(League, fx.league_id)
    fmt = service.fmt(lg)
    teams = (db.session.get(Team, fx.home_id), db.session.get(Team, fx.away_id))
    if squads_by_team is None:
        squads = (service.squad(teams[0]), service.squad(teams[1]))
    else:
        squads = (squads_by_team.get(teams[0].id, []), squads_by_team.get(teams[1].id, []))
    rows = entries(fx)
    tables: dict[int, list[Match]] = {}
    for e in rows:
        if e.what == "table":
            tables.setdefault(e.params["game"], []).append(db.session.get(Match, e.params["match"]))
    sheet = replay(
        fmt,
        ({m.id for m in squads[0]}, {m.id for m in squads[1]}),
        (teams[0].captain_id, teams[1].captain_id),
        [dict(e.params, what=e.what) for e in rows],
        {m.id: table_legs(m.id) for legs in tables.values() for m in legs if m is not None},
    )
    return Night(fx, lg, fmt, teams, squads, rows, sheet, tables, version, service.off(lg))


def table_legs(match_id: int) -> list[list] | None:
    """A refereed table's result as the sheet's one leg (home total, away total, winner,
    hands), from the engine's replay (cached by the match's version); None until the
    match is decided. The home side sits at the variant's first side's seats."""
    r = results.replayed(match_id)
    if not r or not r.get("decided"):
        return None
    totals, ranks = r["totals"], r["ranks"]
    winner = None if ranks[0] == ranks[1] else (0 if ranks[0] < ranks[1] else 1)
    return [Leg(totals[0], totals[1], winner, len(r.get("hands", [])))]


def start_tables(night: Night, by: str) -> None:
    """Both line-ups in, in a league that referees its games: a table for each leg of each
    game both sides field (a match made as any other, `matches.create`, in the league's
    options for the game's size), its seats the variant's sides (home first) linked to the
    line-up's members; each made in the write of its sheet's entry, so that a table is made
    once (none if the entry is refused)."""
    v = service.variant(night.league)
    names = night.names()
    for i, spec in enumerate(night.fmt.games):
        sh = night.sheet
        if sh.game_state(i) != "open" or sh.games[i].matches:
            continue
        seats: dict[int, int] = {}
        sides = v.sides(2 * spec.size)
        for side in (0, 1):
            for seat, member in zip(sides[side], sh.lineups[side][i], strict=True):
                seats[seat] = member
        players = [names[seats[s]] for s in range(2 * spec.size)]
        options = v.options(night.fmt.options_for(spec.size))
        for leg in range(spec.legs):
            try:
                night = _write(
                    night,
                    by,
                    "table",
                    make=functools.partial(_table, v.name, players, options, seats),
                    game=i,
                    match=0,
                    leg=leg,
                )
            except once.Done:
                night = load(night.fixture)  # another phone made this table first


def _table(variant: str, players: list[str], options: dict, seats: dict[int, int]) -> dict:
    """A refereed game's table, made in the write of its entry (not committed): the
    entry's `match`."""
    match = new_match(variant, players, options)
    members.seat_members(match.id, seats)
    return {"match": match.id}


RETRIES = 5


def done(e: Already) -> once.Done:
    """The sheet holds the entry already: the request is told so."""
    return once.Done(_(e.message, **e.facts) if e.facts else _(e.message))


def _write(night: Night, by: str, what: str, make=None, **params) -> Night:
    """Judge the entry on the replayed sheet, then append it under the fixture's lock: a
    conditional update of the fixture's version, which a write made meanwhile has moved
    on (the sheet is then replayed and the entry judged again). `make`: what makes the
    rest of the entry once the lock is taken (a refereed game's table). The night as
    written; Done for an entry the sheet holds already."""
    for _attempt in range(RETRIES):
        # the version the sheet was replayed at, not fx.version: a commit since (a PIN's
        # try) reloads that, newer than the sheet judged
        fx, seen = night.fixture, night.version
        try:  # judged on a copy: the night is replayed again if the write lost a race
            copy.deepcopy(night.sheet).apply(dict(params, what=what))
        except Already as e:
            raise done(e) from None
        except LeagueError as e:
            raise service.refuse(e) from None
        if not once.claimed(
            update(Fixture)
            .where(Fixture.id == fx.id, Fixture.version == seen)
            .values(version=Fixture.version + 1)
        ):
            db.session.rollback()
            db.session.refresh(fx)
            night = load(fx)
            continue
        entry = params | (make() if make else {})
        night.sheet.apply(dict(entry, what=what))
        service.log(night.league, what, by=by, fixture=fx.id, **entry)
        db.session.commit()
        db.session.refresh(fx)
        night.version = seen + 1
        return night
    raise Refused(409, _("The sheet is busy: other phones are writing to it. Try again."))


# -- the captains ----------------------------------------------------------------------------------
def captain(night: Night, m: Member) -> int:
    side = night.side_of(m)
    if side is None:
        raise Refused(403, _("%(name)s captains neither team of this fixture.", name=m.name))
    return side


def lineup(night: Night, m: Member, form) -> None:
    """The captain's line-up: for each game, the member chosen for each place (none for a
    game the side cannot field: it concedes it)."""
    side = captain(night, m)
    slots = []
    for i, game in enumerate(night.fmt.games):
        slot = [form.get(f"g{i}p{p}", "") for p in range(game.size)]
        try:
            slots.append([int(x) for x in slot if x not in ("", None)])
        except ValueError:
            raise Refused(400, _("Choose the players from the squad.")) from None
    gone = [x for slot in slots for x in slot if x in night.off]
    if gone:
        name = night.names().get(gone[0], "?")
        raise service.refuse(
            LeagueError("LG-SQUAD", N_("%(name)s was taken off the squad."), name=name)
        )
    night = _write(night, SIDES[side], "lineup", side=side, slots=slots)
    if night.fmt.refereed and all(x is not None for x in night.sheet.lineups):
        start_tables(load(night.fixture), SIDES[side])


def legs(night: Night, game, form) -> tuple[int, list[list]]:
    """A game's legs read from a form (`l{n}h`, `l{n}a` the totals, `l{n}n` the hands),
    each leg's winner asked of the engine (the variant's result at the league's target):
    a leg no side has won yet is refused with the variant's match rule."""
    try:
        game = int(game)
        spec = night.fmt.games[game]
    except (TypeError, ValueError, IndexError):
        raise Refused(400, _("There is no such game in this fixture.")) from None
    v = service.variant(night.league)
    options = v.options(night.fmt.options_for(spec.size))
    out = []
    for n in range(spec.legs):
        h, a, hands = (form.get(f"l{n}{k}", "").strip() for k in "han")
        if not h and not a:
            continue
        try:
            h, a, hands = int(h), int(a), int(hands or 0)
        except ValueError:
            raise Refused(400, _("A score is a whole number for each side.")) from None
        if min(h, a, hands) < 0 or max(h, a) > 10 * options["target"] or hands > 200:
            raise Refused(400, _("A score is a whole number for each side."))
        over, winner = v.result([h, a], options)
        if not over:
            raise Refused(
                400,
                _("A leg ends when a side reaches %(target)s.", target=options["target"]),
                v.match_rule_for(options),
            )
        out.append([h, a, winner, hands])
    return game, out


def enter(night: Night, m: Member, form) -> None:
    side = captain(night, m)
    game, entered = legs(night, form.get("game"), form)
    _write(night, SIDES[side], "score", side=side, game=game, legs=entered)


def confirm(night: Night, m: Member, game) -> None:
    side = captain(night, m)
    try:
        game = int(game)
    except (TypeError, ValueError):
        raise Refused(400, _("There is no such game in this fixture.")) from None
    _write(night, SIDES[side], "confirm", side=side, game=game)


def sign_with_link(night: Night, m: Member) -> None:
    side = captain(night, m)
    _write(night, SIDES[side], "sign", side=side, member=m.id, how="link")


def sign_with_pin(night: Night, side, pin: str, client: str) -> None:
    """A captain signs on the fixture's page (one phone for both) with their PIN."""
    try:
        side = int(side)
        team = night.teams[side]
    except (TypeError, ValueError, IndexError):
        raise Refused(400, _("Say which side signs.")) from None
    if team.captain_id is None:
        raise service.refuse(LeagueError("LG-CAPTAIN", N_("The team's captain signs for it.")))
    m = members.member(team.captain_id)
    try:  # judged first: a PIN is not spent on a sheet that cannot be signed yet
        copy.deepcopy(night.sheet).sign(side, m.id, "pin")
    except Already as e:
        raise done(e) from None
    except LeagueError as e:
        raise service.refuse(e) from None
    check_pin(m, pin, client, sheet=night.fixture.id)
    _write(night, SIDES[side], "sign", side=side, member=m.id, how="pin")


# -- the secretary ---------------------------------------------------------------------------------
def postpone(night: Night, day: str) -> None:
    try:
        new = date.fromisoformat(day)
    except (TypeError, ValueError):
        raise Refused(400, _("Give the new date."), field="day") from None
    _write(night, "secretary", "postpone", day=new.isoformat(), was=night.day.isoformat())


def no_show(night: Night, side) -> None:
    try:
        side = int(side)
        night.teams[side]
    except (TypeError, ValueError, IndexError):
        raise Refused(400, _("Say which side did not turn up.")) from None
    _write(night, "secretary", "no_show", side=side)


def correct(night: Night, form) -> None:
    game, entered = legs(night, form.get("game"), form)
    _write(night, "secretary", "correct", game=game, legs=entered)


def captained(m: Member) -> list[tuple[League, Team, list[Night]]]:
    """The teams a member captains, with their fixtures' nights replayed (for their
    personal link: the opponent, home or away, the state)."""
    out = []
    for t in db.session.execute(select(Team).where(Team.captain_id == m.id)).scalars():
        lg = db.session.get(League, t.league_id)
        squads_by_team = squads(lg)
        fxs = [f for f in service.fixtures(lg, cups=True) if t.id in (f.home_id, f.away_id)]
        out.append((lg, t, [load(f, squads_by_team) for f in fxs]))
    return out


def squads(lg: League) -> dict[int, list[Member]]:
    """Every team's squad, by team id (one query)."""
    out: dict[int, list[Member]] = {}
    rows = db.session.execute(
        select(SquadPlayer.team_id, Member)
        .join(Member, Member.id == SquadPlayer.member_id)
        .where(SquadPlayer.league_id == lg.id)
    ).all()
    for team_id, m in by_name(rows, lambda row: row[1].name):
        out.setdefault(team_id, []).append(m)
    return out


def leg_objects(raw: list[list]) -> list[Leg]:
    return [Leg(*x) for x in raw]
