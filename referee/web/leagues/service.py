"""The league secretary's writes: a league made (from the club secretary's page: its own
secret link, made and kept as the club's are, `members.cards`), divisions, teams, squads
(a member registered for one team a season), captains, the fixture list generated,
postponements and no-shows, corrections of a signed sheet, the next season made from a
promotion preview. Every act is an entry of the league's log (`LeagueEntry`); nothing is
deleted.

Once means once (`web.once`): a league's name is unique in its year and a team's in its
league (unique keys), the fixture list is claimed by a conditional update of the league's
`fixtures_made`, which the divisions and teams added take first too (the league's row
locked until their commit), and a secretary's link is made from the form's once-key
(`cards.link_of`): the second request of a double tap finds the league made, and is
sent to its page."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from sqlalchemy import func, select, update

from referee.collation import by_name
from referee.engine.errors import SetupError
from referee.engine.messages import N_
from referee.engine.variants import VARIANTS, league_game
from referee.leagues import LeagueError
from referee.leagues import fixtures as fixture_list
from referee.leagues.formats import PRESETS, MatchFormat, from_data, parse_games, playable

from .. import names, once
from ..errors import Refused
from ..i18n import say
from ..ids import id_of
from ..members import cards
from ..members import service as members
from ..models import by_id, now
from ..store import db
from .models import Division, Fixture, League, LeagueEntry, SquadPlayer, Team

NAME_MAX = 40  # a division's, a team's name
LEAGUE_NAME_MAX = 60
ACTS = {
    "made": _l("The league made: %(name)s"),
    "division": _l("Division added: %(name)s"),
    "team": _l("Team added: %(name)s (%(division)s)"),
    "squad": _l("%(member)s registered for %(team)s"),
    "captain": _l("%(member)s captain of %(team)s"),
    "fixtures": _l("The fixture list made: %(count)s fixtures"),
    "key": _l("A new league secretary's link (the old one stops working)"),
    "next": _l("The next season made: %(name)s"),
    "renamed": _l("%(old)s renamed %(name)s: the name was made twice at once"),
    "cup": _l("A cup made: %(name)s, drawn %(draw)s"),
    "off": _l("%(member)s taken off the squad of %(team)s"),
    "season": _l("Linked to the club's season %(name)s"),
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
    found = by_id(League, league_id)
    if found is None:
        raise Refused(404, _("There is no such league."))
    return found


def fmt(lg: League) -> MatchFormat:
    return from_data(lg.format)


def variant(lg: League):
    return VARIANTS[lg.variant]


def options(lg: League, size: int = 1) -> dict:
    """The variant's options a league's tables of `size` players a side play by: the
    league's for that size (`MatchFormat.options_for`), else the variant's own."""
    return variant(lg).options(fmt(lg).options_for(size))


def leagues() -> list[League]:
    return list(db.session.execute(select(League).order_by(League.id.desc())).scalars())


def _name(text: str, field: str = "name") -> str:
    """A division's or a team's name, by the one name rule (`web.names`)."""
    empty = _("A name of 1 to %(n)s characters.", n=NAME_MAX)
    return names.name(text, most=NAME_MAX, empty=empty, field=field)


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
    *,
    token: str,
) -> League:
    """A new league from a preset (other games if `games` says so: "6x1 + 3x2"), in a
    variant of the registry that plays its games (none named: the game the preset's rules
    name, with their options for each game size), with the secretary's link `token` (made
    from the form's once-key: `cards.link_of`). Done if a league of that name is made in
    that year already (by this form's twin, or another)."""
    name = names.name(name, most=LEAGUE_NAME_MAX, empty=_("Give the league a name."))
    year = id_of(year)
    try:
        day = date.fromisoformat(str(starts))
    except ValueError:
        day = None
    if year is None or year > date.max.year or day is None:
        raise Refused(400, _("Give the season's year and its first date."), field="starts")
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
    wd = base.weekday if weekday in (None, "") else id_of(weekday, low=0)
    if wd is None or wd > 6:
        raise Refused(400, _("Choose the fixture night."), field="weekday")
    lg = League(
        name=name,
        year=year,
        starts=day,
        weekday=wd,
        variant=variant_name,
        format=base.to_data(),
        key_digest=cards.digest(token),
    )
    with once.unique(
        lambda: _("The league %(name)s %(year)s is made already.", name=name, year=year)
    ):
        db.session.add(lg)
        db.session.flush()
        log(lg, "made", name=name)
        db.session.commit()
    return lg


def new_key(lg: League, old: str, token: str) -> None:
    """The secretary's link `old` replaced by `token` (the old one stops working), once:
    the second request of a double tap finds it replaced."""
    once.claim(
        update(League)
        .where(League.id == lg.id, League.key_digest == cards.digest(old))
        .values(key_digest=cards.digest(token)),
        lambda: _("A new link was made meanwhile: the one before no longer works."),
    )
    log(lg, "key")
    db.session.commit()


def _open(lg: League, refused: str) -> None:
    """The first statement of a change to the divisions or teams: the league's row
    claimed while its fixture list is not made (the row locked until the commit, as
    `make_fixtures` claims it), else Refused(409, `refused`)."""
    if not once.claimed(
        update(League)
        .where(League.id == lg.id, League.fixtures_made.is_(None))
        .values(fixtures_made=None)
    ):
        db.session.rollback()
        raise Refused(409, refused)


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
    t = by_id(Team, team_id)
    if t is None or t.league_id != lg.id:
        raise Refused(404, _("There is no such team."))
    return t


def squad(t: Team) -> list:
    from ..members.models import Member

    return by_name(
        db.session.execute(
            select(Member)
            .join(SquadPlayer, SquadPlayer.member_id == Member.id)
            .where(SquadPlayer.team_id == t.id)
        ).scalars()
    )


def add_division(lg: League, name: str) -> Division:
    name = _name(name)
    _open(lg, _("The fixture list is made: the divisions stand for this season."))
    d = Division(league_id=lg.id, name=name, rank=len(divisions(lg)) + 1)
    db.session.add(d)
    log(lg, "division", name=name)
    db.session.commit()
    return d


def add_team(lg: League, name: str, division_id) -> Team:
    name = _name(name)
    _open(lg, _("The fixture list is made: the teams stand for this season."))
    d = next((x for x in divisions(lg) if str(x.id) == str(division_id)), None)
    if d is None:
        db.session.rollback()
        raise Refused(400, _("Choose the team's division."), field="division")
    t = Team(league_id=lg.id, division_id=d.id, name=name)
    with once.unique(
        lambda: Refused(409, _("Every team of a league needs a different name."), field="name")
    ):
        db.session.add(t)
        log(lg, "team", name=name, division=d.name)
        db.session.commit()
    return t


def register(lg: League, t: Team, member_ids: list) -> int:
    """Members registered for a team this season, several at once (all or none): one team
    each (LG-SQUAD), at most the format's squad size (those taken off not counted); a
    player taken off is put back. Held by the squad's unique key and the team's row lock:
    the same registration sent twice at once is done once. Returns how many."""
    chosen: dict = {}  # member id -> the member
    for member_id in member_ids:
        m = members.canonical(members.member(member_id))
        chosen[m.id] = m
    if not chosen:
        raise Refused(400, _("Choose the members to register."))
    back = set()  # taken off this season: registered again
    for m in chosen.values():
        have = db.session.get(SquadPlayer, (lg.id, m.id))
        if have is not None and have.removed is not None:
            back.add(m.id)
        elif have is not None:
            other = db.session.get(Team, have.team_id)
            raise refuse(
                LeagueError(
                    "LG-SQUAD",
                    N_("%(name)s is registered for %(team)s this season: one team each."),
                    name=m.name,
                    team=other.name,
                )
            )
    _lock(t)
    _room(lg, t, len(chosen))
    said = ", ".join(m.name for m in by_name(chosen.values()))
    already = lambda: _(  # noqa: E731
        "%(name)s is registered for %(team)s already.", name=said, team=t.name
    )
    with once.unique(already):
        for m in by_name(chosen.values()):
            if m.id in back:
                once.claim(
                    update(SquadPlayer)
                    .where(
                        SquadPlayer.league_id == lg.id,
                        SquadPlayer.member_id == m.id,
                        SquadPlayer.removed.is_not(None),
                    )
                    .values(team_id=t.id, removed=None),
                    already,
                )
            else:
                db.session.add(SquadPlayer(league_id=lg.id, member_id=m.id, team_id=t.id))
            log(lg, "squad", member=m.name, team=t.name)
        db.session.commit()
    return len(chosen)


def _lock(t: Team) -> None:
    """The team's row locked until the commit (its squad counted one registration after
    the other): a no-op update as the write's first statement."""
    db.session.execute(
        update(Team).where(Team.id == t.id).values(captain_id=Team.captain_id),
        execution_options={"synchronize_session": False},
    )


def _room(lg: League, t: Team, adding: int = 1) -> None:
    """Refuse players past the format's squad size (those taken off not counted)."""
    cap = fmt(lg).squad_max
    if cap is not None and len([m for m in squad(t) if m.id not in off(lg)]) + adding > cap:
        db.session.rollback()
        raise refuse(LeagueError("LG-SQUAD", N_("A squad has at most %(n)s players."), n=cap))


def off(lg: League) -> set[int]:
    """The members taken off their squad this season."""
    return set(
        db.session.execute(
            select(SquadPlayer.member_id).where(
                SquadPlayer.league_id == lg.id, SquadPlayer.removed.is_not(None)
            )
        ).scalars()
    )


def take_off(lg: League, t: Team, member_id) -> None:
    """A player taken off a team's squad (logged): no longer in a line-up or captain; the
    sheets he played keep him (the row stays). Once: a second request finds him off."""
    m = members.canonical(members.member(member_id))
    done = db.session.execute(
        update(SquadPlayer)
        .where(
            SquadPlayer.league_id == lg.id,
            SquadPlayer.member_id == m.id,
            SquadPlayer.team_id == t.id,
            SquadPlayer.removed.is_(None),
        )
        .values(removed=now())
    )
    if done.rowcount != 1:
        db.session.rollback()
        raise Refused(409, _("%(name)s is not in the squad of %(team)s.", name=m.name, team=t.name))
    if t.captain_id == m.id:
        t.captain_id = None
    log(lg, "off", member=m.name, team=t.name)
    db.session.commit()


def set_captain(lg: League, t: Team, member_id) -> None:
    m = members.canonical(members.member(member_id))
    if m.id in off(lg) or not any(x.id == m.id for x in squad(t)):
        raise refuse(LeagueError("LG-CAPTAIN", N_("The captain is a player of the team's squad.")))
    once.claim(
        update(Team)
        .where(Team.id == t.id, func.coalesce(Team.captain_id, 0) != m.id)
        .values(captain_id=m.id),
        lambda: _("%(name)s is the captain of %(team)s already.", name=m.name, team=t.name),
    )
    log(lg, "captain", member=m.name, team=t.name)
    db.session.commit()


# -- the fixture list ------------------------------------------------------------------------------
def made_already(lg: League) -> str:
    """What a second "make the fixture list" is told."""
    n = db.session.execute(
        select(func.count()).select_from(Fixture).where(Fixture.league_id == lg.id)
    ).scalar_one()
    return ngettext(
        "The fixture list is made already: %(num)d fixture.",
        "The fixture list is made already: %(num)d fixtures.",
        n,
    )


def make_fixtures(lg: League) -> int:
    """Every division's double round robin from the league's first date, once: the
    league's `fixtures_made` is claimed first (a conditional update), so that a second
    request, at once or later, makes none (Done)."""
    once.claim(
        update(League)
        .where(League.id == lg.id, League.fixtures_made.is_(None))
        .values(fixtures_made=now()),
        lambda: made_already(lg),
    )
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
        db.session.rollback()
        raise Refused(409, _("A division needs two teams or more for a fixture list."))
    log(lg, "fixtures", count=count)
    db.session.commit()
    return count


def fixtures(lg: League, division: Division | None = None, cups: bool = False) -> list[Fixture]:
    """The fixture list (a division's), and with `cups` the cups' ties too."""
    q = select(Fixture).where(Fixture.league_id == lg.id)
    if not cups:
        q = q.where(Fixture.cup_id.is_(None))
    if division is not None:
        q = q.where(Fixture.division_id == division.id)
    return list(db.session.execute(q.order_by(Fixture.night, Fixture.id)).scalars())
