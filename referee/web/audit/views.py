"""The audit blueprint: the phone's name, the replay viewer (`…/hand/N/move/K`), the
sign-off of a decided match, corrections of past moves and the audit log download."""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    Flask,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from markupsafe import Markup

from .. import downloads, names
from ..drawing import layout_svg, sprite_svg
from ..errors import Refused
from ..ids import id_of
from ..links import own_path
from ..table import presenters
from ..table import service as tables
from . import correct as corrections
from . import effect, service
from .log import COOKIE, NAME_MAX, keep_phone_id, phone, phone_id

bp = Blueprint("audit", __name__)


def _match(token: str, write: bool):
    row = tables.by_token(token, write=write)
    if row is None:
        abort(404, _("There is no table at this link."))
    return row


def _prefix(write: bool) -> str:
    return "t" if write else "s"


# -- the phone's name ----------------------------------------------------------------------
@bp.route("/phone", methods=["GET", "POST"])
def name_phone():
    """A phone names itself once ("Ben's phone"); the name is kept in a cookie and goes
    with every move and change it sends. No accounts."""
    back = own_path(request.values.get("next"), url_for("main.home"))
    if request.method == "GET":
        return render_template("audit/phone.html", name=phone() or "", back=back)
    name = " ".join(request.form.get("name", "").split())
    try:  # the one name rule; no name at all: the phone forgets its name
        name = names.name(name, most=NAME_MAX, empty="") if name else ""
    except Refused as e:
        page = render_template("audit/phone.html", name=phone() or "", back=back, refused=e)
        return page, e.status
    phone_id()  # a phone that names itself gets its id now, if it has none
    response = redirect(back)
    if name:
        response.set_cookie(COOKIE, name, max_age=5 * 365 * 24 * 3600, samesite="Lax")
        flash(_("This phone is now called %(name)s.", name=name))
    else:
        response.delete_cookie(COOKIE)
    return response


# -- the replay viewer ---------------------------------------------------------------------
def _replay(token: str, number: int, k: int, write: bool):
    t = tables.table(token, write=write)
    if t is None:
        abort(404, _("There is no table at this link."))
    row = t.row
    pos = service.position_of(t, number, k)
    if pos is None and t.fault is not None:  # a refused move: replay from the rows
        pos = service.position(_match(token, write), number, k)
    if pos is None:
        abort(404, _("There is no move %(k)d in hand %(n)d of this match.", k=k, n=number))
    hand = pos.hand
    p = _prefix(write)

    def at(n: int, m: int) -> str:
        endpoint = "audit.replay" if write else "audit.spectator_replay"
        return url_for(endpoint, token=token, number=n, k=m)

    nxt = None
    if pos.k < pos.total:
        nxt = service.move_text(t.hand_rows[number - 1].moves[pos.k], hand.players)
    said = presenters.describe(hand, hand.moves[-1], pos.k) if pos.k else None
    notes = presenters.history(hand, last=1)[-1].notes if pos.k else []
    false = service.evidence(hand)["items"]
    return render_template(
        "audit/replay.html",
        row=row,
        pos=pos,
        hand=hand,
        variant=hand.variant,
        write=write,
        token=token,
        p=p,
        said=said,
        notes=notes,
        next_text=nxt,
        false_passes=false,
        fits=service.fits(hand),
        first=at(number, 0),
        prev=at(number, pos.k - 1) if pos.k > 0 else None,
        next=at(number, pos.k + 1) if pos.k < pos.total else None,
        end=at(number, pos.total),
        prev_hand=at(number - 1, 0) if number > 1 else None,
        next_hand=at(number + 1, 0) if number < pos.hands else None,
        hand_url=url_for("table.hand" if write else "spectator.hand", token=token, number=number),
        table_url=url_for("table.table" if write else "spectator.table", token=token),
        here=at(number, pos.k),
        picture=Markup(
            layout_svg(hand, title=_("Hand %(n)d after move %(k)d", n=number, k=pos.k), sprite=True)
        ),
        sprite=Markup(sprite_svg(hand.max_pip)),
    )


@bp.post("/import/position")
def record_position():
    """The position of an uploaded record (stored nowhere) before the move the referee
    refuses, or at any move: stepped through by buttons that post the record again."""
    text = request.form.get("record", "")
    number = request.form.get("hand", type=int) or 1
    k = request.form.get("move", type=int) or 0
    pos = service.record_position(text, number, k)
    if pos is None:
        abort(404, _("There is no move %(k)d in hand %(n)d of this record.", k=k, n=number))
    hand = pos.hand
    return render_template(
        "audit/replay.html",
        pos=pos,
        hand=hand,
        variant=hand.variant,
        posted=text,
        said=presenters.describe(hand, hand.moves[-1], pos.k) if pos.k else None,
        notes=presenters.history(hand, last=1)[-1].notes if pos.k else [],
        next_text=None,
        false_passes=service.evidence(hand)["items"],
        fits=service.fits(hand),
        prev=None,
        next=None,
        here=None,
        picture=Markup(
            layout_svg(hand, title=_("Hand %(n)d after move %(k)d", n=number, k=pos.k), sprite=True)
        ),
        sprite=Markup(sprite_svg(hand.max_pip)),
    )


@bp.get("/t/<token>/hand/<id:number>/move/<id(min=0):k>")
def replay(token: str, number: int, k: int):
    return _replay(token, number, k, True)


@bp.get("/s/<token>/hand/<id:number>/move/<id(min=0):k>")
def spectator_replay(token: str, number: int, k: int):
    return _replay(token, number, k, False)


# -- correcting a past move ---------------------------------------------------------------
def _render_correct(
    token, row, number, k, text, reseat, proposal=None, refused=None, status=200, checked=False
):
    """The correction page: the moves as recorded, the form (the moves from k on and, for
    a settled hand, its tiles left), and once checked the referee's verdict and what the
    correction would change. A locked match shows why, and no form."""
    from referee.engine import get_variant

    rows = service.hand_rows(row)
    t = tables.table(token, write=True)
    shut = service.locked_because(t)
    if row.abandoned is not None:  # no correction: the page says why, and has no form
        shut = _("This match was abandoned: %(reason)s", reason=row.abandon_reason)
    change = None
    if checked and proposal is not None and proposal.ok and not shut:
        change = effect.of(t, proposal.match)
    return render_template(
        "audit/correct.html",
        token=token,
        row=row,
        number=number,
        k=k,
        text=text,
        reseat=reseat,
        total=len(rows[number - 1].moves),
        old=[
            corrections.line_of(m, row.players, corrections.trains_of(row))
            for m in rows[number - 1].moves[k - 1 :]
        ],
        proposal=proposal,
        checked=checked,
        effect=change,
        refused=refused,
        locked=shut,
        variant=get_variant(row.variant),
    ), status


@bp.route("/t/<token>/hand/<id:number>/correct", methods=["GET", "POST"])
def correct(token: str, number: int):
    """Correct hand `number` from move `k`: preview (GET) then save (POST)."""
    row = _match(token, True)
    if not 1 <= number <= len(service.hand_rows(row)):
        abort(404, _("There is no hand %(n)d in this match.", n=number))
    k = id_of(request.values.get("k")) or 1
    reseat = request.values.get("reseat") == "1"
    left = corrections.form_left(request.values, row.players)
    if request.method == "POST":
        text = request.form.get("moves", "")
        try:
            message = corrections.save(
                token, number, k, text, reseat, request.form.get("total", type=int) or 0, left
            )
        except Refused as e:
            if e.status == 404:
                abort(404, e.message)
            row = _match(token, True)
            try:
                prop = corrections.preview(row, number, k, text, reseat, left)
            except Refused:
                prop = None
            return _render_correct(
                token, row, number, k, text, reseat, prop, e, e.status, checked=True
            )
        flash(message)
        return redirect(url_for("table.hand", token=token, number=number))
    do = request.args.get("do")
    if "moves" in request.args:
        text = request.args.get("moves", "")
    else:
        try:
            text, suggested = corrections.suggestion(row, number, k, do or "change")
        except Refused as e:
            abort(404, e.message)
        reseat = reseat or suggested
    checked = bool(do) or "moves" in request.args
    proposal, refused, status = None, None, 200
    try:  # also unchecked: the tiles-left fields are filled in from it
        proposal = corrections.preview(row, number, k, text, reseat, left)
    except Refused as e:
        if e.status == 404:
            abort(404, e.message)
        if checked:
            refused, status = e, e.status
    return _render_correct(token, row, number, k, text, reseat, proposal, refused, status, checked)


# -- the signed scoresheet -----------------------------------------------------------------
@bp.post("/t/<token>/confirm")
def confirm(token: str):
    try:
        message = service.confirm(token, request.form.get("side"), request.form.get("score", ""))
    except Refused as e:
        if e.status == 404:
            abort(404, e.message)
        return render_template(
            "error.html", status=e.status, title=_("Not recorded"), message=e.message
        ), e.status
    flash(message)
    return redirect(url_for("table.match", token=token))


# -- the audit log -------------------------------------------------------------------------
def _audit(token: str, write: bool):
    row = _match(token, write)
    body = json.dumps(service.audit_log(row), indent=1, ensure_ascii=False) + "\n"
    name = f"{row.variant}-{'-'.join(row.players)}-audit.json"
    return downloads.send(body, name, downloads.JSON)


@bp.get("/t/<token>/audit.json")
def audit_log(token: str):
    return _audit(token, True)


@bp.get("/s/<token>/audit.json")
def spectator_audit_log(token: str):
    return _audit(token, False)


def register_audit(app: Flask) -> None:
    app.register_blueprint(bp)
    app.after_request(keep_phone_id)

    @app.template_global()
    def signoff(t) -> dict:
        """Who confirmed the result of the table `t` (a table.state.Table), and the lock."""
        return service.signoff(t.row, t)

    @app.template_global()
    def taken_back(t, number: int) -> list[dict]:
        """The moves of hand `number` taken back (struck through on the hand page)."""
        return service.taken_back_of(t.row.id, number, t.players)

    @app.template_global("evidence")
    def evidence_of(hand) -> dict:
        """The false passes and wrong leads the record proves in `hand` (an engine hand)."""
        if hand is None:
            return {"items": [], "by_move": {}}
        return service.evidence(hand)

    app.add_template_global(service.locked_because)

    @app.template_global()
    def phone_name() -> str | None:
        return phone()
