"""Thin views of seasons: the secretary's (make a season, put events in it or take them
out) and the public table with its CSV."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from referee import seasons as pure

from .. import downloads, once
from ..errors import Refused
from ..members import service as members
from . import service

bp = Blueprint("seasons", __name__)


def _secretary(key: str) -> None:
    if members.secretary(key) is None:
        abort(404, _("There is no page at this link."))


def _season(season_id):
    try:
        return service.season(season_id)
    except Refused as e:
        abort(404, e.message)


@bp.route("/club/<key>/seasons", methods=["GET", "POST"])
@once.answered(lambda key: url_for("seasons.seasons", key=key))
def seasons(key: str):
    _secretary(key)
    refused, status = None, 200
    if request.method == "POST":
        f = request.form
        try:
            s = service.create(
                f.get("name", ""), f.get("points") == pure.OWN, f.get("places", ""), f.get("best")
            )
        except Refused as e:
            refused, status = e, e.status
        else:
            flash(_("The season %(name)s is made.", name=s.name))
            return redirect(url_for("seasons.manage", key=key, season_id=s.id))
    return render_template(
        "seasons/list.html",
        key=key,
        seasons=service.seasons(),
        refused=refused,
        form=request.form if refused else {},
        default_places="-".join(str(p) for p in pure.PLACES),
    ), status


@bp.get("/club/<key>/seasons/<int:season_id>")
def manage(key: str, season_id: int, refused: Refused | None = None):
    _secretary(key)
    s = _season(season_id)
    return render_template(
        "seasons/manage.html",
        key=key,
        season=s,
        nights=service.nights(s),
        free=service.free_events(),
        refused=refused,
    ), (refused.status if refused else 200)


def _manage(key: str, season_id: int, **_args) -> str:
    return url_for("seasons.manage", key=key, season_id=season_id)


@bp.post("/club/<key>/seasons/<int:season_id>/events")
@once.answered(_manage)
def add_event(key: str, season_id: int):
    _secretary(key)
    s = _season(season_id)
    try:
        service.attach(s, service.event(request.form.get("event")))
    except Refused as e:
        return manage(key, season_id, e)
    flash(_("The event is in the season."))
    return redirect(url_for("seasons.manage", key=key, season_id=s.id))


@bp.post("/club/<key>/seasons/<int:season_id>/events/<int:event_id>/remove")
@once.answered(_manage)
def remove_event(key: str, season_id: int, event_id: int):
    _secretary(key)
    s = _season(season_id)
    try:
        service.detach(s, event_id)
    except Refused as e:
        return manage(key, season_id, e)
    flash(_("The event is out of the season."))
    return redirect(url_for("seasons.manage", key=key, season_id=s.id))


@bp.get("/season/<int:season_id>")
def public(season_id: int):
    t = service.table(_season(season_id))
    return render_template("seasons/table.html", t=t, points=service.points)


@bp.get("/season/<int:season_id>.csv")
def csv(season_id: int):
    t = service.table(_season(season_id))
    text = downloads.csv_text(service.export_rows(t), service.fields(t))
    return downloads.send(text, f"season-{t.season.id}.csv", downloads.CSV)
