"""The members blueprint: the secretary's pages (`/club/<key>/...`: the roster, cards,
linking names, merging), a member's page (`/m/<token>`: their personal link, where they
sign), signing at the table (`/t/<token>/sign`, a member's PIN), and the public ladder
(`/ladder/<variant>`, its exports)."""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    abort,
    flash,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup

from referee.engine.names import JOIN, same
from referee.engine.variants import VARIANTS

from .. import downloads, once, public
from ..drawing import qr_svg
from ..errors import Refused
from ..table.screen import Link
from ..table.views import _write
from . import pages, service, signing
from .cards import link_of
from .results import club

bp = Blueprint("members", __name__)


def _refused(e: Refused, title: str | None = None):
    if e.status == 404:
        abort(404, e.message)
    return render_template(
        "error.html", status=e.status, title=title or _("Not recorded"), message=e.message
    ), e.status


def _no_store(body):
    """A page with a credential on it (a card, a link): kept by no cache."""
    response = make_response(body)
    response.headers["Cache-Control"] = "no-store"
    return response


# -- the secretary's pages -----------------------------------------------------------------
def _secretary(key: str) -> str:
    if service.secretary(key) is None:
        abort(404, _("There is no page at this link."))
    return key


@bp.get("/club/<key>")
def roster(key: str, refused: Refused | None = None, status: int = 200):
    _secretary(key)
    query = request.args.get("q", "")
    return render_template(
        "members/roster.html",
        key=key,
        members=service.roster(query),
        query=query,
        refused=refused,
        form=request.form if refused else {},
        log=[(a, service.action_text(a)) for a in service.actions(20)],
    ), status


@bp.post("/club/<key>/add")
def add(key: str):
    _secretary(key)
    try:
        m = service.add(request.form.get("name", ""), request.form.get("short", ""))
    except Refused as e:
        return roster(key, e, e.status)
    flash(_("%(name)s is a member now.", name=m.name))
    return redirect(url_for("members.roster", key=key))


@bp.route("/club/<key>/member/<int:member_id>", methods=["GET", "POST"])
def edit(key: str, member_id: int):
    _secretary(key)
    try:
        m = service.member(member_id)
    except Refused as e:
        return _refused(e)
    refused, status = None, 200
    if request.method == "POST":
        try:
            service.edit(m, request.form.get("name", ""), request.form.get("short", ""))
            flash(_("Saved: %(name)s.", name=m.name))
            return redirect(url_for("members.roster", key=key))
        except Refused as e:
            refused, status = e, e.status
    return render_template("members/edit.html", key=key, m=m, refused=refused), status


def _roster_page(key: str, **_args) -> str:
    return url_for("members.roster", key=key)


@bp.post("/club/<key>/member/<int:member_id>/active")
@once.answered(_roster_page)
def active(key: str, member_id: int):
    _secretary(key)
    try:
        m = service.set_active(service.member(member_id), request.form.get("active") == "1")
    except Refused as e:
        return _refused(e)
    flash(
        _("%(name)s is active.", name=m.name)
        if m.active
        else _("%(name)s is not active.", name=m.name)
    )
    return redirect(url_for("members.roster", key=key))


@bp.post("/club/<key>/cards")
def cards(key: str):
    """New cards for the members ticked, printed once from the form's once-key: answered
    with their sheet's page (a GET: a reload, or the second request of a double tap,
    shows the same sheet)."""
    _secretary(key)
    chosen = []
    for member_id in request.form.getlist("member"):
        try:
            chosen.append(service.member(member_id))
        except Refused as e:
            return _refused(e)
    if not chosen:
        flash(_("Tick the members whose cards to print."))
        return redirect(url_for("members.roster", key=key))
    sheet = once.key_of(request.form, *sorted(m.id for m in chosen))
    then = url_for("members.card_sheet", key=key, sheet=sheet)
    try:
        service.print_cards(sheet, "club", chosen)
    except once.Done as e:
        flash(e.message)
    except Refused as e:
        return _refused(e)
    return redirect(then)


def sheet_of(key: str, place: str) -> list[dict]:
    """The cards of the sheet of once-key `key` printed at `place`, as the sheet shows
    them (a card a newer one replaced is shown as such, without its PIN)."""
    _sheet, found = service.card_sheet(key, place)
    out = []
    for m, token, pin, valid in found:
        url = public.link("members.page", token=token)
        out.append(
            {
                "member": m,
                "url": url,
                "pin": pin,
                "qr": qr_svg(url, m.name, 3) if valid else None,
                "replaced": not valid,
            }
        )
    return out


@bp.get("/club/<key>/cards/<sheet>")
def card_sheet(key: str, sheet: str):
    """A sheet of cards printed: its links and PINs, made again from its once-key."""
    _secretary(key)
    try:
        made = sheet_of(sheet, "club")
    except Refused as e:
        return _refused(e)
    return _no_store(render_template("members/cards.html", key=key, cards=made, note=public.note()))


@bp.post("/club/<key>/renew")
def renew(key: str):
    """A new secretary's link, made once from the form's once-key: the one used here stops
    working, and the answer is the new link's page (the second request of a double tap,
    whose link no longer works, is sent there too)."""
    token = link_of(once.key_of(request.form), "secretary")
    if service.secretary(token) is not None:  # this form's twin made it
        flash(_("The new link is made already."))
        return redirect(url_for("members.new_key", key=token))
    _secretary(key)
    try:
        service.new_secretary(token)
    except once.Done as e:
        flash(e.message)
    return redirect(url_for("members.new_key", key=token))


@bp.get("/club/<key>/key")
def new_key(key: str):
    """The secretary's link in force, shown to be kept (the page a renewal ends on)."""
    _secretary(key)
    url = public.link("members.roster", key=key)
    return _no_store(render_template("members/key.html", url=url))


@bp.route("/club/<key>/link", methods=["GET", "POST"])
def link(key: str):
    """A plain name linked to a member: the matches where a seat has that name."""
    _secretary(key)
    name = request.values.get("name", "")
    refused, status = None, 200
    if request.method == "POST":
        try:
            m = service.member(request.form.get("member"))
            picked = {}
            for value in request.form.getlist("seat"):
                match_id, _sep, seat = value.partition(":")
                picked.setdefault(int(match_id), {})[int(seat)] = m.id
            if not picked:
                raise Refused(400, _("Tick the matches to link."))
            for match_id, seats in picked.items():
                service.link_seats(match_id, seats)
            flash(_("Linked to %(name)s: %(n)s matches.", name=m.name, n=len(picked)))
            return redirect(url_for("members.link", key=key, name=name))
        except ValueError:
            refused, status = Refused(400, _("Tick the matches to link.")), 400
        except Refused as e:
            refused, status = e, e.status
    return render_template(
        "members/link.html",
        key=key,
        name=name,
        found=service.named(name) if name.strip() else [],
        members=service.roster(active_only=False),
        variants=VARIANTS,
        refused=refused,
    ), status


@bp.route("/club/<key>/merge", methods=["GET", "POST"])
@once.answered(_roster_page)
def merge(key: str):
    """Two members merged, with everything they played (the one merged stays, pointing at
    the one kept), once the secretary has said yes on the page that asks first: a merge
    is not undone."""
    _secretary(key)
    refused, status = None, 200
    if request.method == "POST":
        try:
            gone = service.member(request.form.get("gone"))
            kept = service.member(request.form.get("kept"))
            if gone.id == kept.id:
                raise Refused(400, _("Choose two different members."))
            if request.form.get("confirm") != "1":
                return render_template("members/merge_confirm.html", key=key, gone=gone, kept=kept)
            service.merge(gone, kept)
            flash(_("%(gone)s merged into %(kept)s.", gone=gone.name, kept=kept.name))
            return redirect(url_for("members.roster", key=key))
        except Refused as e:
            refused, status = e, e.status
    return render_template(
        "members/merge.html", key=key, members=service.roster(), refused=refused
    ), status


# -- a member's page ------------------------------------------------------------------------
def _member(token: str):
    m = service.by_link(token)
    if m is None:
        abort(404, _("There is no page at this link."))
    return m


@bp.get("/m/<token>")
def page(token: str):
    m = _member(token)
    c = club()
    return _no_store(
        render_template(
            "members/member.html",
            m=m,
            token=token,
            page=pages.member_page(c, m),
            score_of=pages.score_of,
            figure=pages.figure,
            markup=Markup,
        )
    )


@bp.post("/m/<token>/sign")
def sign_here(token: str):
    """The member signs a match for their side, from their personal link."""
    m = _member(token)
    try:
        message = signing.with_link(m, request.form.get("match"), request.form.get("score", ""))
    except Refused as e:
        return _refused(e)
    flash(message)
    return redirect(url_for("members.page", token=token))


@bp.post("/t/<token>/sign")
def sign_at_table(token: str):
    """A side signs on the table's phone with the PIN of one of its members: answered as
    every write of the table is (the table again, with what was said or refused)."""
    g.link = Link(True, token)  # the players' link, as the table's own writes have it
    return _write(
        token,
        lambda: signing.with_pin(
            token,
            request.form.get("side"),
            request.form.get("member"),
            request.form.get("pin", ""),
            request.form.get("score", ""),
            request.remote_addr or "",
        ),
    )


# -- the ladder -----------------------------------------------------------------------------
def _variant(name: str):
    v = VARIANTS.get(name)
    if v is None:
        abort(404, _("There is no variant called %(name)s.", name=repr(name)))
    return v


@bp.get("/ladder")
def ladders():
    return redirect(url_for("members.ladder", variant=next(iter(VARIANTS))))


def _teams(values: list[str], rows: list[dict]) -> list[tuple[int, ...]] | None:
    """The sides asked for: members' names (a pair joined by "+", which no name holds) as
    the engine compares names; None when a name is no member's on the ladder."""
    by_name = {same(r["member"]): r["member_id"] for r in rows}
    teams = []
    for value in values:
        names = [n.strip() for n in (value or "").split(JOIN) if n.strip()]
        if not names:
            continue
        ids = tuple(by_name.get(same(n)) for n in names)
        if None in ids:
            return None
        teams.append(ids)
    return teams


@bp.get("/ladder/<variant>")
def ladder(variant: str):
    v = _variant(variant)
    c = club()
    rows = pages.ladder_rows(c, variant)
    names = {r["member_id"]: r["member"] for r in rows}
    teams = _teams(request.args.getlist("side"), rows)
    chance = None
    if teams and len(teams) >= 2:
        chance = list(
            zip(
                [" + ".join(names[i] for i in t) for t in teams],
                pages.chances(c, variant, teams),
                strict=True,
            )
        )
    return render_template(
        "members/ladder.html",
        variant=v,
        variants=VARIANTS.values(),
        rows=rows,
        chance=chance,
        unknown=teams is None,
        picked=request.args.getlist("side"),
        provisional=pages.ratings.PROVISIONAL,
        figure=pages.figure,
    )


@bp.get("/ladder/<variant>/<int:member_id>")
def rated(variant: str, member_id: int):
    """A member's rating in a variant, as everyone may see it: the chart and the ladder's
    figures (no personal link, nothing to sign)."""
    v = _variant(variant)
    try:
        m = service.member(member_id)
    except Refused as e:
        return _refused(e)
    c = club()
    rows = pages.ladder_rows(c, variant)
    row = next((r for r in rows if r["member_id"] == m.id), None)
    chart = pages.chart_of(c, variant, m.id, "chart")
    return render_template(
        "members/rated.html",
        variant=v,
        m=m,
        row=row,
        chart=Markup(chart) if chart else None,
        figure=pages.figure,
    )


@bp.get("/ladder/<variant>.json")
def ladder_json(variant: str):
    v = _variant(variant)
    body = json.dumps(
        {
            "variant": v.name,
            "model": "openskill PlackettLuce",
            "rating": "mu - 3 sigma",
            "provisional_below": pages.ratings.PROVISIONAL,
            "ladder": pages.export_rows(club(), variant),
        },
        indent=1,
        ensure_ascii=False,
    )
    return downloads.send(body + "\n", f"ladder-{v.name}.json", downloads.JSON, inline=True)


@bp.get("/ladder/<variant>.csv")
def ladder_csv(variant: str):
    v = _variant(variant)
    text = downloads.csv_text(pages.export_rows(club(), variant), pages.EXPORT_FIELDS)
    return downloads.send(text, f"ladder-{v.name}.csv", downloads.CSV)
