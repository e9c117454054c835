"""A league's season's end: the next season's divisions previewed from the division
tables (promotion and relegation, `referee.leagues.promotion`), then made as a new league
with a secretary's link of its own, once: a league has one next season (`previous_id` is
unique), and the second request of a double tap finds it made (Done)."""

from __future__ import annotations

from datetime import date

from flask_babel import gettext as _
from sqlalchemy import select

from referee.leagues import LeagueError
from referee.leagues.promotion import next_season

from .. import once
from ..errors import Refused
from ..members import cards
from ..store import db
from . import service
from .models import Division, League, SquadPlayer, Team
from .tables import division_table


def preview(lg: League, up, down) -> list[tuple[Division, list[Team]]]:
    """The next season's divisions if `up` teams go up and `down` go down (not applied)."""
    try:
        up, down = int(up), int(down)
    except (TypeError, ValueError):
        raise Refused(400, _("Say how many teams go up and down."), field="up") from None
    ds = service.divisions(lg)
    order = [[row.team for row in division_table(lg, d)] for d in ds]
    try:
        nxt = next_season(order, up, down)
    except LeagueError as e:
        raise service.refuse(e, 400) from None
    by_id = {t.id: t for t in service.teams(lg)}
    return [(d, [by_id[i] for i in ids]) for d, ids in zip(ds, nxt, strict=True)]


def made(lg: League) -> str:
    """What a second "make the next season" is told."""
    nxt = db.session.execute(select(League).where(League.previous_id == lg.id)).scalar()
    if nxt is None:  # a league of that name and year, made otherwise
        return _("The league %(name)s %(year)s is made already.", name=lg.name, year=lg.year + 1)
    return _("The next season is made already: %(name)s %(year)s.", name=nxt.name, year=nxt.year)


def apply_next(lg: League, up, down, starts, token: str) -> League:
    """The next season made from the preview: a new league (the same rules, a year on),
    its divisions holding the teams the preview says, each team's squad and captain this
    season's (those taken off left out: the secretary edits them from there), with a
    secretary's link of its own (`token`, made from the form's once-key). Done when the
    league has its next season already."""
    plan = preview(lg, up, down)
    try:
        day = date.fromisoformat(str(starts))
    except (TypeError, ValueError):
        raise Refused(400, _("Give the next season's first date."), field="starts") from None
    nxt = League(
        name=lg.name,
        year=lg.year + 1,
        starts=day,
        weekday=lg.weekday,
        variant=lg.variant,
        format=lg.format,
        key_digest=cards.digest(token),
        previous_id=lg.id,
    )
    with once.unique(lambda: made(lg)):
        db.session.add(nxt)
        db.session.flush()
        gone = service.off(lg)
        for rank, (d, ts) in enumerate(plan, 1):
            nd = Division(league_id=nxt.id, name=d.name, rank=rank)
            db.session.add(nd)
            db.session.flush()
            for t in ts:
                new = Team(league_id=nxt.id, division_id=nd.id, name=t.name)
                db.session.add(new)
                db.session.flush()
                kept = [m.id for m in service.squad(t) if m.id not in gone]
                for member_id in kept:
                    db.session.add(
                        SquadPlayer(league_id=nxt.id, member_id=member_id, team_id=new.id)
                    )
                new.captain_id = t.captain_id if t.captain_id in kept else None
        service.log(nxt, "made", name=nxt.name)
        service.log(lg, "next", name=f"{nxt.name} {nxt.year}")
        db.session.commit()
    return nxt
