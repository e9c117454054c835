"""Cups of a league's players: a singles cup, a pairs cup, and the captain-and-secretary
pairs cup (one pair a team), entered from the league's squads (its members, those taken
off left out). A players' cup is a knockout event (`events`, format `knockout`) in the
league's game and its match format for that many players a side, seeded by the members'
ratings, its winners going on once both sides have signed (the director may say not):
its bracket, tables, TV and standings are the event's. A league has one cup of each kind
(a unique key: a double tap or two phones make one, and the second is told so)."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for
from flask_babel import gettext as _
from sqlalchemy import UniqueConstraint, select

from referee.engine.messages import N_
from referee.engine.names import same

from .. import once
from ..errors import Refused
from ..events import knockout, roster
from ..events import service as events
from ..events.models import Event
from ..members.models import Member
from ..models import now
from ..store import db
from . import service
from .models import League, Team


@dataclass(frozen=True)
class Kind:
    """A kind of players' cup: its id (the form's, the log's), its name, the players a
    side."""

    id: str
    label: str
    size: int


SINGLES = Kind("singles", N_("Singles cup"), 1)
PAIRS = Kind("pairs", N_("Pairs cup"), 2)
CAPTAINS = Kind("captains", N_("Captain and secretary cup"), 2)
KINDS = {k.id: k for k in (SINGLES, PAIRS, CAPTAINS)}


class PlayerCup(db.Model):
    """A cup of a league's players: its kind, one a league, and the event that plays it."""

    __tablename__ = "league_player_cups"
    __table_args__ = (UniqueConstraint("league_id", "kind"),)

    id = db.Column(db.Integer, primary_key=True)
    league_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), nullable=False, index=True)
    kind = db.Column(db.String(10), nullable=False)
    event_id = db.Column(db.Integer, db.ForeignKey("events.id"), nullable=False, unique=True)
    created = db.Column(db.DateTime, nullable=False, default=now)

    event = db.relationship(Event)


def player_cups(lg: League) -> list[tuple[Kind, PlayerCup]]:
    """The league's players' cups made, in the kinds' order."""
    made = {
        c.kind: c
        for c in db.session.execute(select(PlayerCup).where(PlayerCup.league_id == lg.id))
        .scalars()
        .all()
    }
    return [(k, made[k.id]) for k in KINDS.values() if k.id in made]


def squads(lg: League) -> list[tuple[Team, list[Member]]]:
    """Each team with the members of its squad (those taken off left out)."""
    gone = service.off(lg)
    return [(t, [m for m in service.squad(t) if m.id not in gone]) for t in service.teams(lg)]


def _kind(kind_id: str) -> Kind:
    kind = KINDS.get(kind_id)
    if kind is None:
        raise Refused(400, _("Choose the kind of cup."), field="kind")
    return kind


def _singles(teams, form) -> list[list[str]]:
    picked = {str(v) for v in form.getlist("player")}
    return [[m.name] for _t, members in teams for m in members if str(m.id) in picked]


def _pairs(teams, form) -> list[list[str]]:
    """The pairs typed one a line ("Ann Anchor & Bob Anchor"), each name a squad's."""
    by_name = {same(m.name): m.name for _t, members in teams for m in members}
    out = []
    for pair in events.read_entrants(form.get("pairs", ""), True):
        for name in pair:
            if same(name) not in by_name:
                raise Refused(
                    400, _("%(name)s is in no squad of the league.", name=name), field="pairs"
                )
        out.append([by_name[same(n)] for n in pair])
    return out


def _captains(teams, form) -> list[list[str]]:
    """Each team's captain and secretary, chosen from its squad; a team with neither
    chosen is not entered."""
    out = []
    for t, members in teams:
        mine = {str(m.id): m for m in members}
        chosen = [form.get(f"cup-{role}-{t.id}", "") for role in ("captain", "second")]
        if not any(chosen):
            continue
        pair = [mine.get(c) for c in chosen]
        if None in pair or pair[0] is pair[1]:
            raise Refused(
                400,
                _("Choose two players of the squad of %(team)s, or neither.", team=t.name),
                field=f"cup-captain-{t.id}",
            )
        out.append([m.name for m in pair])
    return out


ENTRANTS = {SINGLES.id: _singles, PAIRS.id: _pairs, CAPTAINS.id: _captains}


def make(lg: League, kind_id: str, form) -> PlayerCup:
    """Make the league's cup of this kind from the form's entrants: its knockout event,
    seeded by rating; Done when the league has that cup already."""
    kind = _kind(kind_id)
    variant = service.variant(lg)
    if kind.size == 2 and not variant.events.pairs:
        raise Refused(400, _("This game has no tables of pairs."), field="kind")
    entrants = ENTRANTS[kind.id](squads(lg), form)
    settings = {"seed": roster.SEED}
    if form.get(knockout.SIGNED) == "1":
        settings[knockout.SIGNED] = True
    with once.unique(lambda: _made(lg, kind)):
        event = events.create_event(
            f"{lg.name} {lg.year}: {_(kind.label)}",
            lg.variant,
            service.options(lg, kind.size),
            pairs=kind.size == 2,
            fmt="knockout",
            rounds=None,
            entrants=entrants,
            settings=settings,
            commit=False,
        )
        cup = PlayerCup(league_id=lg.id, kind=kind.id, event_id=event.id)
        db.session.add(cup)
        service.log(lg, "player-cup", kind=kind.id, event=event.id, entrants=len(entrants))
    db.session.commit()
    return cup


def _made(lg: League, kind: Kind) -> once.Done:
    cup = dict(player_cups(lg)).get(kind)
    then = None if cup is None else url_for("events.director", token=cup.event.director_token)
    return once.Done(_("This cup is made already: %(cup)s.", cup=_(kind.label)), then)
