"""A league linked to a club's season: the league secretary chooses the season on the
league's page (logged); the season's page lists its leagues, the league's page names its
season. A link, nothing copied: each keeps its own table."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext as _
from sqlalchemy import select

from ..errors import Refused
from ..seasons import service as seasons
from ..seasons.models import Season
from ..store import db
from . import service
from .models import League
from .views import _league_key, _secretary_page

bp = Blueprint("league_season", __name__)


def season_of(lg: League) -> Season | None:
    return db.session.get(Season, lg.season_id) if lg.season_id else None


def leagues_of(s: Season) -> list[League]:
    return list(
        db.session.execute(
            select(League).where(League.season_id == s.id).order_by(League.name)
        ).scalars()
    )


def link(lg: League, season_id) -> Season:
    """Link the league to a club season (another one replaces it), logged."""
    try:
        s = seasons.season(season_id)
    except Refused:
        raise Refused(400, _("There is no such season."), field="season") from None
    if lg.season_id == s.id:
        raise Refused(409, _("The league is in this season already."), field="season")
    lg.season_id = s.id
    service.log(lg, "season", name=s.name)
    db.session.commit()
    return s


@bp.post("/league/<key>/season")
def linked(key: str):
    lg = _league_key(key)
    try:
        s = link(lg, request.form.get("season"))
    except Refused as e:
        return _secretary_page(lg, key, e, e.status)
    flash(_("The league is in the season %(name)s.", name=s.name))
    return redirect(url_for("leagues.secretary", key=key))


def init_app(app) -> None:
    app.register_blueprint(bp)
    app.add_template_global(season_of, "league_season")
    app.add_template_global(leagues_of, "season_leagues")
    app.add_template_global(seasons.seasons, "club_seasons")
