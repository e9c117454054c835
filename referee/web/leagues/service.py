"""The league secretary's writes: a league made (from the club secretary's page: its own
secret link, made and kept as the club's are, `members.cards`), divisions, teams, squads
(a member registered for one team a season), captains, the fixture list generated,
postponements and no-shows, corrections of a signed sheet, the next season made from a
promotion preview. Every act is an entry of the league's log (`LeagueEntry`); nothing is
deleted."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from referee.engine.errors import SetupError
from referee.engine.messages import N_
from referee.engine.variants import VARIANTS, league_game
from referee.leagues import LeagueError
from referee.leagues import fixtures as fixture_list
from referee.leagues.formats import PRESETS, MatchFormat, from_data, parse_games, playable

from .. import db
from ..errors import Refused
from ..i18n import say
from ..members import cards
from ..members import service as members
from .models import Division, Fixture, League, LeagueEntry, SquadPlayer, Team

NAME_MAX = 40
ACTS = {
    "made": _l("The league made: %(name)s"),
    "division": _l("Division added: %(name)s"),
    "team": _l("Team added: %(name)s (%(division)s)"),
    "squad": _l("%(member)s registered for %(team)s"),
    "captain": _l("%(member)s captain of %(team)s"),
    "fixtures": _l("The fixture list made: %(count)s fixtures"),
    "key": _l("A new league secretary's link (the old one stops working)"),
    "next": _l("The next season made: %(name)s"),
}


def refuse(e: LeagueError, status: int = 409) -> Refused:
    """The web's refusal for a league's rule (its id kept: shown as data-rule)."""
    r = Refused(status, _(e.message, **e.facts) if e.facts else _(e.message))
    r.league_rule = e.rule  # type: ignore[attr-defined]
    return r


def log(league: League, what: str, by: str = "secretary", fixture: int | None = None, **params):
    db.session.add(
        LeagueEntry(league_id=league.id, fixture_id=fixture, by=by, what=what, params=params)
    )


def acts(league: League, limit: int = 50) -> list[tuple[LeagueEntry, str]]:
    rows = db.session.execute(
        select(LeagueEntry)
        .where(LeagueEntry.league_id == league.id, LeagueEntry.fixture_id.is_(None))
        .order_by(LeagueEntry.id.desc())
        .limit(limit)
    ).scalars()
    return [(e, str(ACTS[e.what]) % e.params) for e in rows if e.what in ACTS]


# -- the league and its secretary ------------------------------------------------------------------
def by_key(key: str) -> League | None:
    if not key or len(key) > 64:
        return None
    return db.session.execute(
        select(League).where(League.key_digest == cards.digest(key))
    ).scalar_one_or_none()


def league(league_id) -> League:
    try:
        found = db.session.get(League, int(league_id))
    except (TypeError, ValueError):
        found = None
    if found is None:
        raise Refused(404, _("There is no such league."))
    return found


def fmt(lg: League) -> MatchFormat:
    return from_data(lg.format)


def variant(lg: League):
    return VARIANTS[lg.variant]


def leagues() -> list[League]:
    return list(db.session.execute(select(League).order_by(League.id.desc())).scalars())


def _name(text: str, field: str = "name") -> str:
    name = " ".join((text or "").split())
    if not name or len(name) > NAME_MAX:
        raise Refused(400, _("A name of 1 to %(n)s characters.", n=NAME_MAX), field=field)
    return name


def make(
    name: str,
    year,
    starts,
    preset: str,
    variant_name: str,
    games: str = "",
    weekday=None,
    target=None,
    refereed: bool = False,
) -> tuple[League, str]:
    """A new league from a preset (other games if `games` says so: "6x1 + 3x2"), in a
    variant of the registry that plays its games (none named: the game the preset's rules
    name, with their options for each game size); its secretary's link (shown once)."""
    name = " ".join((name or "").split())[:60]
    if not name:
        raise Refused(400, _("Give the league a name."), field="name")
    try:
        year = int(year)
        day = date.fromisoformat(str(starts))
    except (TypeError, ValueError):
        raise Refused(
            400, _("Give the season's year and its first date."), field="starts"
        ) from None
    if preset not in PRESETS:
        raise Refused(400, _("Choose the league's rules."), field="preset")
    game = league_game(preset)
    if not variant_name and game is not None:
        variant_name = game[0].name  # the game the league's rules name
    if variant_name not in VARIANTS:
        raise Refused(400, _("Choose a variant."), field="variant")
    base = PRESETS[preset]
    if game is not None and game[0].name == variant_name:
        base = replace(base, options={str(size): o for size, o in game[1].items()})
    try:
        if games and games.strip():
            base = replace(base, games=parse_games(games))
    except LeagueError as e:
        raise refuse(e, 400) from None
    if target not in (None, ""):
        try:
            options = VARIANTS[variant_name].options({"target": int(target)})
        except (TypeError, ValueError):
            raise Refused(400, _("The target is a whole number."), field="target") from None
        except SetupError as e:
            raise Refused(400, say(e.message), field="target") from None
        base = replace(base, target=options["target"])
    if refereed:
        base = replace(base, refereed=True)
    if not playable(base, VARIANTS[variant_name]):
        raise Refused(
            400, _("This variant does not play these games as two sides."), field="variant"
        )
    wd = base.weekday if weekday in (None, "") else int(weekday) % 7
    token, dig = cards.new_link()
    lg = League(
        name=name,
        year=year,
        starts=day,
        weekday=wd,
        variant=variant_name,
        format=base.to_data(),
        key_digest=dig,
    )
    db.session.add(lg)
    db.session.flush()
    log(lg, "made", name=name)
    db.session.commit()
    return lg, token


def new_key(lg: League) -> str:
    token, dig = cards.new_link()
    lg.key_digest = dig
    log(lg, "key")
    db.session.commit()
    return token


# -- divisions, teams, squads ----------------------------------------------------------------------
def divisions(lg: League) -> list[Division]:
    return list(
        db.session.execute(
            select(Division).where(Division.league_id == lg.id).order_by(Division.rank)
        ).scalars()
    )


def teams(lg: League, division: Division | None = None) -> list[Team]:
    q = select(Team).where(Team.league_id == lg.id)
    if division is not None:
        q = q.where(Team.division_id == division.id)
    return list(db.session.execute(q.order_by(Team.id)).scalars())


def team(lg: League, team_id) -> Team:
    try:
        t = db.session.get(Team, int(team_id))
    except (TypeError, ValueError):
        t = None
    if t is None or t.league_id != lg.id:
        raise Refused(404, _("There is no such team."))
    return t


def squad(t: Team) -> list:
    from ..members.models import Member

    return list(
        db.session.execute(
            select(Member)
            .join(SquadPlayer, SquadPlayer.member_id == Member.id)
            .where(SquadPlayer.team_id == t.id)
            .order_by(Member.name)
        ).scalars()
    )


def _started(lg: League) -> bool:
    return (
        db.session.execute(select(Fixture.id).where(Fixture.league_id == lg.id)).first() is not None
    )


def add_division(lg: League, name: str) -> Division:
    if _started(lg):
        raise Refused(409, _("The fixture list is made: the divisions stand for this season."))
    name = _name(name)
    d = Division(league_id=lg.id, name=name, rank=len(divisions(lg)) + 1)
    db.session.add(d)
    log(lg, "division", name=name)
    db.session.commit()
    return d


def add_team(lg: League, name: str, division_id) -> Team:
    if _started(lg):
        raise Refused(409, _("The fixture list is made: the teams stand for this season."))
    name = _name(name)
    d = next((x for x in divisions(lg) if str(x.id) == str(division_id)), None)
    if d is None:
        raise Refused(400, _("Choose the team's division."), field="division")
    if any(t.name.casefold() == name.casefold() for t in teams(lg)):
        raise Refused(409, _("Every team of a league needs a different name."), field="name")
    t = Team(league_id=lg.id, division_id=d.id, name=name)
    db.session.add(t)
    log(lg, "team", name=name, division=d.name)
    db.session.commit()
    return t


def register(lg: League, t: Team, member_id) -> None:
    """A member registered for a team this season: one team each (LG-SQUAD), at most the
    format's squad size."""
    m = members.canonical(members.member(member_id))
    have = db.session.get(SquadPlayer, (lg.id, m.id))
    if have is not None:
        other = db.session.get(Team, have.team_id)
        raise refuse(
            LeagueError(
                "LG-SQUAD",
                N_("%(name)s is registered for %(team)s this season: one team each."),
                name=m.name,
                team=other.name,
            )
        )
    cap = fmt(lg).squad_max
    if cap is not None and len(squad(t)) >= cap:
        raise refuse(LeagueError("LG-SQUAD", N_("A squad has at most %(n)s players."), n=cap))
    db.session.add(SquadPlayer(league_id=lg.id, member_id=m.id, team_id=t.id))
    log(lg, "squad", member=m.name, team=t.name)
    db.session.commit()


def set_captain(lg: League, t: Team, member_id) -> None:
    m = members.canonical(members.member(member_id))
    if not any(x.id == m.id for x in squad(t)):
        raise refuse(LeagueError("LG-CAPTAIN", N_("The captain is a player of the team's squad.")))
    t.captain_id = m.id
    log(lg, "captain", member=m.name, team=t.name)
    db.session.commit()


# -- the fixture list ------------------------------------------------------------------------------
def make_fixtures(lg: League) -> int:
    """Every division's double round robin from the league's first date, once."""
    if _started(lg):
        raise Refused(409, _("The fixture list is made already."))
    count = 0
    for d in divisions(lg):
        ts = teams(lg, d)
        for night in fixture_list.double([t.id for t in ts], lg.starts, lg.weekday):
            for home, away in night.fixtures:
                db.session.add(
                    Fixture(
                        league_id=lg.id,
                        division_id=d.id,
                        night=night.number,
                        day=night.day,
                        home_id=home,
                        away_id=away,
                    )
                )
                count += 1
    if not count:
        raise Refused(409, _("A division needs two teams or more for a fixture list."))
    log(lg, "fixtures", count=count)
    db.session.commit()
    return count


def fixtures(lg: League, division: Division | None = None) -> list[Fixture]:
    q = select(Fixture).where(Fixture.league_id == lg.id)
    if division is not None:
        q = q.where(Fixture.division_id == division.id)
    return list(db.session.execute(q.order_by(Fixture.night, Fixture.id)).scalars())
