"""The table's routes: one blueprint, registered twice (`register`): at /t as `table`, the
players' link, which records moves, and at /s as `spectator`, the spectators' link, which
only watches. Each registration says which it is (`url_defaults={"write": ...}`), and
`which_link` turns that into the request's `Link`; the routes that write (`players_only`)
are added to the players' registration alone, so /s has no such URL at all.

Thin views: load, ask a service, then redirect (POST/redirect/GET) or re-render with the
engine's message and a 4xx status. What the table screen shows is put together in
`screen`; the sentences are `presenters`'.
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from .. import downloads
from ..audit.service import locked_because
from ..drawing import board_svg, layout_svg, sprite_svg, tile_svg, tile_use, totals_chart
from ..errors import Refused
from ..forms import DrawForm, EndForm, LotForm, PassForm, PlayForm, PositionForm, UndoForm
from ..i18n import gettext as _
from ..i18n import say
from ..pages.rules import variant_title
from . import fragment, presenters, records, service, state, transaction
from .screen import Link, load, render_end, render_table, respond_fragment, wants_fragment

bp = Blueprint("table", __name__)

# the two registrations: (name, URL prefix, whether the link writes)
LINKS = (("table", "/t", True), ("spectator", "/s", False))


def register(app: Flask) -> None:
    for name, prefix, write in LINKS:
        app.register_blueprint(bp, name=name, url_prefix=prefix, url_defaults={"write": write})

    @app.template_global()
    def tile_picture(tile, size: int = 40, title: str | None = None) -> Markup:
        return Markup(tile_svg(tile, size=size, title=title))

    @app.template_global("tile_use")
    def tile_light(tile) -> Markup:
        """A tile drawn with the page's sprite (the page must hold `sprite`)."""
        return Markup(tile_use(tile))


@bp.url_value_preprocessor
def which_link(_endpoint, values) -> None:
    """The request's link, from the registration that routed it."""
    g.link = Link(values.pop("write"), values["token"])


def players_only(rule: str, **options):
    """A route of the players' link alone: added where the blueprint is registered with
    `write` true (at /t), absent from the spectators' (a 404 there, as for any unknown
    URL)."""

    def decorate(view):
        def setup(state) -> None:
            if state.url_defaults.get("write"):
                state.add_url_rule(rule, view.__name__, view, **options)

        bp.record(setup)
        return view

    return decorate


# -- reading: both links ------------------------------------------------------------------
@bp.get("/<token>")
def table(token: str):
    """The table page, or the fragment its script fetches: as this host keeps it at the
    match's version when it can (no replay, no render), else replayed and rendered."""
    link = g.link
    row = state.match_row(token, write=link.write)
    if row is None:
        abort(404, _("There is no table at this link."))
    if wants_fragment() and not request.args.get("tile"):
        html = fragment.kept(row, link.write)
        if html is not None:
            return respond_fragment(html, 200)
    return render_table(state.state(row), link)


@bp.get("/<token>/version")
def version(token: str):
    """The table's position and last write, polled by its phones (static/js/table.js; most
    polls are answered before Flask, by `referee/web/poll.py`)."""
    v = service.version(token, write=g.link.write)
    if v is None:
        abort(404, _("There is no table at this link."))
    response = current_app.response_class(v, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<token>/hand/<id:number>")
def hand(token: str, number: int):
    t = load(token)
    if not 1 <= number <= len(t.match.hands):
        abort(404, _("There is no hand %(number)s in this match.", number=number))
    hand = t.match.hands[number - 1]
    return render_template(
        "hand.html",
        t=t,
        hand=hand,
        variant=t.variant,
        links=g.link,
        summary=presenters.hand_summary(t, number - 1),
        events=presenters.history(hand),
        outcome=presenters.outcome(t),
        tie=presenters.tie(t),
        picture=Markup(layout_svg(hand, title=_("Hand %(number)s", number=number), sprite=True)),
        sprite=Markup(sprite_svg(hand.max_pip)),
        penalty=presenters.penalty_points(t),
        last=number == len(t.match.hands),
    )


@bp.get("/<token>/match")
def match(token: str):
    t = load(token)
    target = t.match.options.get("target")  # none: a match of so many rounds
    chart = (
        totals_chart(
            list(t.match.side_names),
            presenters.settled_points(t),
            target,
            penalty=presenters.penalty_points(t),
            title=_(
                "%(variant)s: running totals after each hand", variant=variant_title(t.variant)
            ),
        )
        if target is not None
        else ""
    )
    return render_template(
        "match.html",
        t=t,
        variant=t.variant,
        links=g.link,
        hands=presenters.hand_summaries(t),
        totals=list(zip(t.match.side_names, t.match.totals(), strict=True)),
        chart=Markup(chart),
        board=Markup(
            board_svg(
                list(t.match.side_names),
                t.match.totals(),
                t.match.options["target"],
                _("The board"),
            )
        )
        if t.variant.board
        else None,
        outcome=presenters.outcome(t),
        tie=presenters.tie(t),
        penalty=presenters.penalty_points(t),
    )


@bp.get("/<token>/record.json")
def record(token: str):
    t = load(token)
    return downloads.send(records.text(t), records.file_name(t), downloads.JSON)


# -- writing: the players' link -----------------------------------------------------------
def _position(form) -> tuple[int, int]:
    if not form.validate():
        errors = "; ".join(f"{k}: {', '.join(v)}" for k, v in form.errors.items())
        raise Refused(400, _("The form is incomplete (%(errors)s).", errors=errors))
    return form.hand.data, form.after.data


def _write(token: str, do):
    """Run a write service; on success redirect to the table, on refusal re-render it.
    The table's script is answered the new table at once (no redirect), rendered while
    PostgreSQL writes the move (`transaction.answering`); if another write came first
    meanwhile, the service runs again on the match as it now is."""
    fetch = wants_fragment()
    if fetch:
        transaction.answering()
    try:
        for _attempt in range(transaction.RETRIES):
            message = do()
            if not fetch:
                flash(say(message))
                return redirect(url_for("table.table", token=token))
            try:
                answer = render_table(
                    transaction.written(token) or load(token), g.link, message=message
                )
            finally:
                landed = transaction.landed()
            if landed:
                return answer
        raise transaction.busy()
    except Refused as e:
        if e.status == 404:
            abort(404, e.message)
        return render_table(load(token), g.link, refused=e, status=e.status)


@players_only("/<token>/play", methods=["POST"])
def play(token: str):
    form = PlayForm()

    def do():
        hand, after = _position(form)
        return service.play(
            token, hand, after, form.seat.data, form.tile.data, form.on.data, train=form.train.data
        )

    return _write(token, do)


@players_only("/<token>/draw", methods=["POST"])
def draw(token: str):
    form = DrawForm()

    def do():
        hand, after = _position(form)
        return service.draw(token, hand, after, form.seat.data, form.count.data)

    return _write(token, do)


@players_only("/<token>/pass", methods=["POST"])
def pass_(token: str):
    form = PassForm()

    def do():
        hand, after = _position(form)
        return service.pass_(token, hand, after, form.seat.data)

    return _write(token, do)


@players_only("/<token>/passes", methods=["POST"])
def passes(token: str):
    """The passes of a provably blocked layout, recorded in one tap."""
    form = PositionForm()  # the position alone

    def do():
        hand, after = _position(form)
        return service.passes(token, hand, after)

    return _write(token, do)


@players_only("/<token>/lot", methods=["POST"])
def lot(token: str):
    form = LotForm()

    def do():
        hand, after = _position(form)
        rng = current_app.extensions["referee_rng"]
        return service.lot(token, hand, after, rng, form.seat.data)

    return _write(token, do)


@players_only("/<token>/undo", methods=["GET", "POST"])
def undo(token: str):
    if request.method == "GET":
        t = load(token)
        shut = locked_because(t)
        return render_template(
            "undo.html",
            t=t,
            variant=t.variant,
            links=g.link,
            what=None if shut else presenters.undo_target(t),
            why=shut or presenters.undo_refusal(t),
            position=t.position,
            form=UndoForm(formdata=None),
        )
    form = UndoForm()

    def do():
        hand, after = _position(form)
        return service.undo(token, hand, after, bool(form.settled.data))

    return _write(token, do)


@players_only("/<token>/end", methods=["GET", "POST"])
def end(token: str):
    """The tiles left in each hand, once the hand is over: the form, then the settlement."""
    if request.method == "GET":
        t = load(token)
        if t.hand is None or not t.hand.ended or t.hand.settlement is not None:
            return redirect(url_for("table.table", token=token))
        return render_end(t, {})
    form = EndForm()
    texts = {}
    try:
        hand_no, after = _position(form)
        t = load(token)
        if t.hand is not None:
            texts = {s: request.form.getlist(f"left-{s}") for s in range(len(t.hand.players))}
        service.settle(token, hand_no, after, texts)
    except Refused as e:
        if e.status == 404:
            abort(404, e.message)
        t = load(token)
        if t.hand is None or not t.hand.ended or t.hand.settlement is not None:
            return render_table(t, g.link, refused=e, status=e.status)
        return render_end(t, texts, e)
    flash(_("Hand %(hand)s is settled.", hand=hand_no))
    return redirect(url_for("table.hand", token=token, number=hand_no))
