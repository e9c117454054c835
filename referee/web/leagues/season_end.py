"""A league's season's end: the next season's divisions previewed from the division
tables (promotion and relegation, `referee.leagues.promotion`), then made as a new league
with a secretary's link of its own."""

from __future__ import annotations

from datetime import date

from flask_babel import gettext as _

from referee.leagues import LeagueError
from referee.leagues.promotion import next_season

from .. import db
from ..errors import Refused
from ..members import cards
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


def apply_next(lg: League, up, down, starts) -> tuple[League, str]:
    """The next season made from the preview: a new league (the same rules, a year on),
    its divisions holding the teams the preview says, each team's squad and captain this
    season's (those taken off left out: the secretary edits them from there), with a
    secretary's link of its own (shown once)."""
    plan = preview(lg, up, down)
    try:
        day = date.fromisoformat(str(starts))
    except (TypeError, ValueError):
        raise Refused(400, _("Give the next season's first date."), field="starts") from None
    token, dig = cards.new_link()
    nxt = League(
        name=lg.name,
        year=lg.year + 1,
        starts=day,
        weekday=lg.weekday,
        variant=lg.variant,
        format=lg.format,
        key_digest=dig,
        previous_id=lg.id,
    )
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
                db.session.add(SquadPlayer(league_id=nxt.id, member_id=member_id, team_id=new.id))
            new.captain_id = t.captain_id if t.captain_id in kept else None
    service.log(nxt, "made", name=nxt.name)
    service.log(lg, "next", name=f"{nxt.name} {nxt.year}")
    db.session.commit()
    return nxt, token
