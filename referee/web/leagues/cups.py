"""League cups: a knockout of a league's teams beside its table. The league secretary
makes a cup (its draw random, or seeded by the league's table: the top division's leaders
first), shown on the cup's page and logged; each tie is a fixture of the league in its
match format (home drawn), dated by its round, on the fixture list and in the calendar
file; the captains enter and sign it as any fixture. When a tie's sheet is signed (or a
no-show recorded), its winner goes on and the next tie's fixture is made at once
(`advance`, after the request that signed it). The bracket is the events' pure one
(`referee.events.bracket`); a cup tie is never counted in a division's table."""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from datetime import date, timedelta

from flask import current_app, request
from flask_babel import gettext as _
from sqlalchemy import UniqueConstraint, select
from sqlalchemy.exc import IntegrityError

from referee.events import bracket as br

from .. import names as name_rule
from ..errors import Refused
from ..models import now
from ..store import db
from . import night as nights
from . import service
from .models import Fixture, League

LOG = logging.getLogger(__name__)
NAME_MAX = 60
SEEDED, RANDOM = "table", "random"
GAP_DAYS = 7  # a week between rounds unless the secretary says otherwise


class Cup(db.Model):
    """A cup of a league's teams: its draw's lines (team ids, None for a bye) and each
    round's date."""

    __tablename__ = "league_cups"
    __table_args__ = (UniqueConstraint("league_id", "name"),)

    id = db.Column(db.Integer, primary_key=True)
    league_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), nullable=False, index=True)
    name = db.Column(db.String(60), nullable=False)
    lines = db.Column(db.JSON, nullable=False)
    dates = db.Column(db.JSON, nullable=False)  # ISO dates, one a round
    seeded = db.Column(db.Boolean, nullable=False, default=False)
    created = db.Column(db.DateTime, nullable=False, default=now)


def cups(lg: League) -> list[Cup]:
    return list(
        db.session.execute(select(Cup).where(Cup.league_id == lg.id).order_by(Cup.id)).scalars()
    )


def cup(lg: League, cup_id) -> Cup:
    try:
        found = db.session.get(Cup, int(cup_id))
    except (TypeError, ValueError):
        found = None
    if found is None or found.league_id != lg.id:
        raise Refused(404, _("There is no such cup."))
    return found


def ties(c: Cup) -> dict[str, Fixture]:
    """The cup's fixtures, by tie."""
    rows = db.session.execute(select(Fixture).where(Fixture.cup_id == c.id)).scalars()
    return {fx.cup_tie: fx for fx in rows}


def make(
    lg: League, name: str, how: str, first: str, gap, rng: random.Random, seeds: list[int]
) -> Cup:
    """A cup of every team of the league, drawn now (logged), its first round's fixtures
    made; a cup's name is the league's once (its unique key). `seeds`: the teams in the
    order of the league's tables (`tables.seeded`), for a draw seeded by the table."""
    name = name_rule.name(name, most=NAME_MAX, empty=_("Give the cup a name."), field="cup-name")
    try:
        day = date.fromisoformat(first)
    except (TypeError, ValueError):
        raise Refused(
            400, _("Give the date of the cup's first round."), field="cup-first"
        ) from None
    try:
        every = int(gap) if gap not in (None, "") else GAP_DAYS
    except (TypeError, ValueError):
        every = 0
    if not 1 <= every <= 90:
        raise Refused(400, _("Rounds are 1 to 90 days apart."), field="cup-gap")
    if how not in (SEEDED, RANDOM):
        raise Refused(400, _("Choose how the cup is drawn."), field="cup-draw")
    teams = [t.id for t in service.teams(lg)]
    if len(teams) < 2:
        raise Refused(409, _("A cup needs two teams or more."))
    if how == SEEDED:
        order = list(seeds)
    else:
        order = list(teams)
        rng.shuffle(order)
    lines = br.draw_lines(order)
    rounds = br.build(lines).rounds()
    dates = [(day + timedelta(days=every * r)).isoformat() for r in range(rounds)]
    c = Cup(league_id=lg.id, name=name, lines=lines, dates=dates, seeded=how == SEEDED)
    db.session.add(c)
    try:
        db.session.flush()
    except IntegrityError:
        db.session.rollback()
        raise Refused(
            409, _("The league has a cup of this name already."), field="cup-name"
        ) from None
    names = {t.id: t.name for t in service.teams(lg)}
    drawn = ", ".join(names[t] if t is not None else "–" for t in lines)
    service.log(lg, "cup", name=name, draw=drawn)
    _open(lg, c, rng)
    db.session.commit()
    return c


def bracket(c: Cup, played: dict[str, Fixture] | None = None) -> br.Bracket:
    """The cup's bracket: a tie's winner is the side that won its final sheet (signed by
    both captains, or a no-show); a drawn tie sends nobody on."""
    played = ties(c) if played is None else played
    won: dict[str, int] = {}
    for key, fx in played.items():
        score = nights.load(fx).sheet.final()
        if score is not None and score.winner is not None:
            won[key] = fx.home_id if score.winner == 0 else fx.away_id
    return br.build(c.lines, won)


def _open(lg: League, c: Cup, rng: random.Random) -> int:
    """Make the fixture of every tie whose two teams are known (home drawn); not
    committed. The unique (cup, tie) key makes each once."""
    played = ties(c)
    opened = 0
    divisions = {t.id: t.division_id for t in service.teams(lg)}
    for tie in bracket(c, played).playable():
        if tie.key in played:
            continue
        home, away = tie.a, tie.b
        if rng.random() < 0.5:
            home, away = away, home
        db.session.add(
            Fixture(
                league_id=lg.id,
                division_id=divisions[home],
                night=tie.round,
                day=date.fromisoformat(c.dates[tie.round - 1]),
                home_id=home,
                away_id=away,
                cup_id=c.id,
                cup_tie=tie.key,
            )
        )
        opened += 1
    return opened


def advance(fixture_id: int) -> None:
    """After a write to a cup tie's sheet: make the fixtures its result made ready."""
    fx = db.session.get(Fixture, fixture_id)
    if fx is None or fx.cup_id is None:
        return
    c = db.session.get(Cup, fx.cup_id)
    lg = db.session.get(League, c.league_id)
    try:
        if _open(lg, c, current_app.extensions["referee_rng"]):
            db.session.commit()
    except IntegrityError:  # another request made them first
        db.session.rollback()


@dataclass(frozen=True)
class TieRow:
    """A cup tie as the cup's page lists it."""

    round: str
    day: str
    home: str
    away: str
    result: str
    winner: str | None
    fixture: int | None


def rows(lg: League, c: Cup) -> tuple[br.Bracket, list[TieRow]]:
    """The cup's bracket and its ties in order (home first where the fixture is made)."""
    from ..events.bracket_view import stage_name

    played = ties(c)
    b = bracket(c, played)
    names = {t.id: t.name for t in service.teams(lg)}
    levels = max(t.level for t in b.ties)
    out = []
    for tie in b.ties:
        fx = played.get(tie.key)
        a, b_ = (fx.home_id, fx.away_id) if fx is not None else (tie.a, tie.b)

        def side(team: int | None, tie=tie) -> str:
            if team is not None:
                return names.get(team, "?")
            return _("bye") if tie.bye else "…"

        result = ""
        if fx is not None:
            score = nights.load(fx).sheet.final()
            if score is not None:
                result = "–".join(str(x) for x in score.figure(service.fmt(lg).counts))
        out.append(
            TieRow(
                stage_name(tie, levels),
                c.dates[tie.round - 1],
                side(a),
                side(b_),
                result,
                names.get(tie.winner) if tie.winner is not None and not tie.bye else None,
                fx.id if fx is not None else None,
            )
        )
    return b, out


def cup_nights(lg: League) -> list[tuple[Cup, list[nights.Night]]]:
    """Each cup with its ties' fixture nights, by round (the fixture list, the calendar)."""
    squads = nights.squads(lg)
    out = []
    for c in cups(lg):
        fixtures = sorted(ties(c).values(), key=lambda fx: (fx.night, fx.id))
        out.append((c, [nights.load(fx, squads) for fx in fixtures]))
    return out


def init_app(app) -> None:
    """After a request that wrote to a fixture's sheet (a signature, a captain's entry,
    the secretary's no-show or correction), make the cup ties its result made ready."""
    app.add_template_global(cups, "league_cups")

    @app.after_request
    def opened(response):
        if request.method == "POST" and response.status_code < 400:
            fixture_id = (request.view_args or {}).get("fixture_id")
            if fixture_id is not None and (request.blueprint == "leagues"):
                try:
                    advance(fixture_id)
                except Exception:  # the request's own work is done: never fail it
                    db.session.rollback()
                    LOG.exception("opening the next ties after fixture %s", fixture_id)
        return response
