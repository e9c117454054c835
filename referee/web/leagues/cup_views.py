"""The cups' pages: the league secretary makes a cup of teams (`/league/<key>/cup`) or of
players (`/league/<key>/player-cup`: a knockout event, `player_cups`), everyone reads a
team cup's draw and ties (`/leagues/<id>/cups/<cup>`: the bracket's picture and the same
ties as a table, each tie linking its fixture's sheet); a players' cup is read on its
event's pages."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from referee.events import bracket as br

from .. import once
from ..drawing.bracket import Box, bracket_svg
from ..errors import Refused
from . import cups, player_cups, service, tables
from .views import _league_key, _public_league, _secretary_page

bp = Blueprint("cups", __name__)


@bp.post("/league/<key>/cup")
def make(key: str):
    lg = _league_key(key)
    f = request.form
    try:
        c = cups.make(
            lg,
            f.get("cup-name", ""),
            f.get("cup-draw", cups.RANDOM),
            f.get("cup-first", ""),
            f.get("cup-gap"),
            current_app.extensions["referee_rng"],
            tables.seeded(lg) if f.get("cup-draw") == cups.SEEDED else [],
        )
    except Refused as e:
        return _secretary_page(lg, key, e, e.status)
    flash(_("The cup is drawn: %(name)s.", name=c.name))
    return redirect(url_for("cups.page", league_id=lg.id, cup_id=c.id))


@bp.post("/league/<key>/player-cup")
@once.answered(lambda key: url_for("leagues.secretary", key=key))
def make_players(key: str):
    """A cup of the league's players (singles, pairs, captain and secretary): its event
    made, the secretary taken to its director's page to pair its first round."""
    lg = _league_key(key)
    try:
        cup = player_cups.make(lg, request.form.get("kind", ""), request.form)
    except Refused as e:
        return _secretary_page(lg, key, e, e.status)
    flash(_("The cup is made: pair its first round here."))
    return redirect(url_for("events.director", token=cup.event.director_token))


def picture(b: br.Bracket, rows: list[cups.TieRow]) -> Markup:
    """The cup's bracket as a picture (a column per round)."""
    boxes, heads = [], {}
    for tie, row in zip(b.ties, rows, strict=True):
        index = int(tie.key.rsplit("-", 1)[1]) - 1
        winner = None
        if row.winner is not None:
            winner = 0 if row.winner == row.home else 1
        link = url_for("leagues.sheet", fixture_id=row.fixture) if row.fixture else None
        heads.setdefault((0, tie.level - 1), row.round)
        boxes.append(
            Box(
                tie.key,
                tie.level - 1,
                (index + 0.5) * (1 << (tie.level - 1)),
                0,
                (row.home if row.home != "…" else "", row.away if row.away != "…" else ""),
                tuple(row.result.split("–")) if row.result else ("", ""),  # type: ignore[arg-type]
                winner,
                tuple(str(s.of) for s in tie.sources if s.kind == "winner"),
                link,
                None,
                f"{row.round}: {row.day}",
                muted=tie.bye,
                playing=row.fixture is not None and row.winner is None,
            )
        )
    svg = bracket_svg(boxes, _("The draw"), [(p, c, n) for (p, c), n in heads.items()])
    return Markup(svg)


@bp.get("/leagues/<id:league_id>/cups/<id:cup_id>")
def page(league_id: int, cup_id: int):
    lg = _public_league(league_id)
    try:
        c = cups.cup(lg, cup_id)
    except Refused as e:
        abort(404, e.message)
    b, rows = cups.rows(lg, c)
    champion = rows[-1].winner if rows else None
    return render_template(
        "leagues/cup.html",
        league=lg,
        cup=c,
        rows=rows,
        picture=picture(b, rows),
        champion=champion,
        counts=service.fmt(lg).counts,
    )
