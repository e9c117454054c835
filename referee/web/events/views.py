"""Thin views of events: the director's page and acts, the public page, the TV mode, the
table links, the exports."""

from __future__ import annotations

import io
import json
import zipfile

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from markupsafe import Markup

from referee.engine import get_variant
from referee.engine.variants import VARIANTS
from referee.events.formats import FORMATS

from .. import downloads, once
from ..drawing import qr_svg
from ..errors import Refused
from ..matches.create import default_options
from ..members import service as members
from ..members.service import print_cards
from ..members.views import sheet_of
from ..public import link, note
from ..seasons import service as seasons
from ..table import records
from ..table import service as tables
from . import confirm, knockout, live, roster, series, service

bp = Blueprint("events", __name__)


def _director(token: str):
    event = service.by_director(token)
    if event is None:
        abort(404, _("There is no event at this link."))
    return event


def _int(value) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except (TypeError, ValueError):
        return None


def _number(text: str) -> float:
    try:
        value = float(text.replace(",", "."))
    except ValueError:
        raise Refused(400, _("What a bye scores is a number."), field="bye") from None
    if not 0 <= value <= 1000:
        raise Refused(400, _("What a bye scores is a number."), field="bye")
    return value


def _qr(url: str, title: str) -> Markup:
    return qr_svg(url, title, scale=3)


# -- creating an event --------------------------------------------------------------------
def _options(v) -> dict:
    """The match options the event form sent: the variant's (`Variant.option_fields`)."""
    options: dict = {}
    for option in v.option_fields:
        if option.choices:
            options[option.name] = request.form.get(option.name, option.default)
        elif (value := _int(request.form.get(option.name))) is not None:
            options[option.name] = value
    return options


def _tables(v, key: str | None) -> list[tuple[str, str, str | None]]:
    """The kinds of table the variant offers as links (url, label msgid, HTML id)."""
    out = []
    for t in v.events.tables:
        params = {"table_size": t.size} if t.size else {"pairs": 1} if t.pairs else {}
        out.append((url_for("events.new", variant=v.name, key=key, **params), t.label, t.anchor))
    return out


@bp.route("/events/new", methods=["GET", "POST"])
@bp.route("/club/<key>/events/new", methods=["GET", "POST"])
def new(key: str | None = None):
    """The event form; on the club's link (`key`, the secretary's) the event makes the
    names no member has members of the club (`roster.makes_members`)."""
    if key is not None and members.secretary(key) is None:
        abort(404, _("There is no page at this link."))
    variant = request.values.get("variant", next(iter(VARIANTS)))
    if variant not in VARIANTS:
        abort(404, _("There is no variant called %(name)s.", name=variant))
    v = VARIANTS[variant]
    pairs = request.values.get("pairs") == "1" and v.events.pairs
    table_size = _int(request.values.get("table_size"))
    refused, status = None, 200
    if request.method == "POST":
        options = _options(v)
        settings = {}
        if request.form.get("points") == "league":
            settings["match_points"] = [3, 2, 1]
        if v.standings.placed:
            settings["fair"] = request.form.get("fair", service.st.ROUND_AVERAGE)
        if request.form.get("seed") == roster.SEED:
            settings["seed"] = roster.SEED
        if key is not None:
            settings[roster.CLUB] = True
        bye = request.form.get("bye", "").strip()
        try:
            if bye:
                settings["bye"] = _number(bye)
            settings.update(knockout.form_settings(request.form))
            entrants = service.read_entrants(_entrants_text(), pairs)
            season = _season_chosen()
            event = service.create_event(
                request.form.get("name", ""),
                variant,
                options,
                pairs=pairs,
                table_size=table_size,
                fmt=request.form.get("format", ""),
                rounds=_int(request.form.get("rounds")),
                series=_int(request.form.get("series")) or 1,
                entrants=entrants,
                settings=settings,
            )
        except Refused as e:
            refused, status = e, e.status
        else:
            if season is not None:
                seasons.attach(season, event)
            flash(_("The event is made. Keep this page's link: it is the director's link."))
            return redirect(url_for("events.director", token=event.director_token))
    try:
        formats = service.formats_for(variant, pairs, table_size)
    except ValueError:
        formats = []
    return render_template(
        "events/new.html",
        variant=v,
        variants=list(VARIANTS.values()),
        pairs=pairs,
        table_size=table_size,
        tables=_tables(v, key),
        key=key,
        formats=[(f, service.format_name(f)) for f in formats],
        fair=list(service.FAIR_NAMES.items()),
        hints=[(FORMATS[f].hint_id, FORMATS[f].hint, f) for f in formats if FORMATS[f].hint],
        form=request.form,
        refused=refused,
        defaults=default_options(variant),
        seasons=seasons.seasons(),
        roster=roster.datalist(),
    ), status


def _entrants_text() -> str:
    """The entrants' list, with the roster field's names (sent as typed without scripts)."""
    picked = [p.strip() for p in request.form.getlist("pick") if p.strip()]
    return "\n".join([request.form.get("entrants", ""), *picked])


def _season_chosen():
    """The season the event form chose (None: none)."""
    chosen = request.form.get("season", "")
    if not chosen:
        return None
    try:
        return seasons.season(chosen)
    except Refused:
        raise Refused(400, _("There is no such season."), field="season") from None


# -- the director -------------------------------------------------------------------------
LEADERS = 16  # the standings on the director's page: the leaders (all on the public page)


def _state(event):
    """The event's state as its pages show it (`live.state`: kept per change), as it is
    now: the director sees his own act at once, not a spectator's check of before."""
    return live.state(live.Head(event.id, event.version, event.public_token), fresh=True)[1]


@bp.get("/e/<token>")
def director(token: str, refused: Refused | None = None):
    event = _director(token)
    state = _state(event)
    public = link("events.public", token=event.public_token)
    mine = link("events.director", token=token)
    return render_template(
        "events/director.html",
        s=state,
        event=event,
        variant=get_variant(event.variant),
        public_url=public,
        director_url=mine,
        public_qr=_qr(public, _("The public link")),
        director_qr=_qr(mine, _("The director's link")),
        actions=[(a.at, service.action_text(a)) for a in reversed(event.actions)],
        format_name=service.format_name(event.format),
        refused=refused,
        ask=confirm.ask,
        leaders=LEADERS,
        new_members=roster.new_members(event),
    ), (refused.status if refused else 200)


@bp.get("/e/<token>/entrants")
def entrants(token: str, refused: Refused | None = None):
    """The entrants, with the director's acts on them (add, replace, withdraw...)."""
    event = _director(token)
    return render_template(
        "events/entrants.html",
        event=event,
        variant=get_variant(event.variant),
        refused=refused,
        ask=confirm.ask,
        roster=roster.datalist(),  # the "Add a player" and "Replace by" fields offer it
    ), (refused.status if refused else 200)


@bp.get("/e/<token>/tables/<id:table>")
def table_page(token: str, table: int, refused: Refused | None = None):
    """A table of the current round (or an earlier one), with the director's acts on it:
    a forfeit, an abandon, unlocking a signed result."""
    event = _director(token)
    state = _state(event)
    found = next(((r, t) for r in state.rounds for t in r.tables if t.row.id == table), None)
    if found is None:
        abort(404, _("There is no such table in this event."))
    r, t = found
    return render_template(
        "events/table.html",
        s=state,
        r=r,
        t=t,
        event=event,
        variant=get_variant(event.variant),
        refused=refused,
        ask=confirm.ask,
        forfeit_rule=service.forfeit_rule(event),
    ), (refused.status if refused else 200)


@bp.post("/e/<token>/member-cards")
def member_cards(token: str):
    """The cards of the members made for this event, printed once: a member whose card
    was ever printed (by the director or the secretary) is not among them, so the
    director never sees another member's PIN. Answered with their sheet's page (a GET:
    a reload, or the second request of a double tap, shows the same sheet)."""
    event = _director(token)
    sheet = once.key_of(request.form, f"event:{event.id}")
    then = url_for("events.member_sheet", token=token, sheet=sheet)
    chosen = roster.new_members(event)
    try:
        if not chosen:
            sheet_of(sheet, f"event:{event.id}")  # this form's sheet, printed already?
            raise once.Done(_("These cards are printed already: this is their sheet."))
        print_cards(sheet, f"event:{event.id}", chosen)
    except once.Done as e:
        flash(e.message)
    except Refused:
        flash(_("No new member's card left to print."))
        return redirect(url_for("events.director", token=token))
    return redirect(then)


@bp.get("/e/<token>/member-cards/<sheet>")
def member_sheet(token: str, sheet: str):
    """A sheet of the event's new members' cards: made again from its once-key."""
    event = _director(token)
    try:
        made = sheet_of(sheet, f"event:{event.id}")
    except Refused as e:
        abort(404, e.message)
    back = url_for("events.director", token=token)
    response = make_response(
        render_template("members/cards.html", cards=made, note=note(), back=back)
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/e/<token>/cards")
def cards(token: str):
    """A card per table of the current round, with the QR code of the table's link."""
    event = _director(token)
    state = _state(event)
    r = state.current
    if r is None:
        abort(404, _("No round has been paired yet."))
    tables = []
    for t in r.tables:
        url = link("events.table", token=t.row.token)
        title = _("Table %(n)s", n=t.row.number)
        tables.append((t, url, _qr(url, title)))
    return render_template("events/cards.html", s=state, event=event, r=r, tables=tables)


def _act(
    token: str,
    do,
    success: str,
    ask: confirm.Ask | None = None,
    page=director,
    back: str = "events.director",
    **where,
):
    """Run a director's act; on success back to the page it came from (`back`), on
    refusal that page (`page`) again with the reason and a 4xx status. An act that
    `ask`s first and comes without the director's yes is not done: its question is shown,
    as a page."""
    event = _director(token)
    if ask is not None and not confirm.given(request.form):
        fields = [
            (k, v)
            for k, vs in request.form.lists()
            for v in vs
            if k not in ("csrf_token", "confirm")
        ]
        return render_template(
            "events/confirm.html", event=event, ask=ask, action=request.path, fields=fields
        )
    try:
        do(event)
    except Refused as e:
        if e.status == 404:
            abort(404, e.message)
        return page(token, refused=e, **where)
    flash(success)
    return redirect(url_for(back, token=token))


def _entrants_act(token: str, do, success: str, ask: confirm.Ask | None = None):
    """An act on the entrants: done from the entrants' page, and back to it."""
    return _act(token, do, success, ask, page=entrants, back="events.entrants")


def _table_act(token: str, table: int, do, success: str, ask: confirm.Ask | None = None):
    """An act on a table: refused on the table's page; done, back to the event."""
    return _act(token, do, success, ask, page=table_page, table=table)


@bp.post("/e/<token>/entrants")
def add_entrant(token: str):
    text = request.form.get("entrant", "")
    return _entrants_act(token, lambda e: service.add_entrant(e, text), _("Entrant added."))


@bp.post("/e/<token>/entrants/<id:entrant>/withdraw")
def withdraw(token: str, entrant: int):
    event = _director(token)
    name = next((e.name for e in event.entrants if e.id == entrant), None)
    if name is None:
        abort(404, _("There is no such entrant in this event."))
    return _entrants_act(
        token,
        lambda e: service.withdraw(e, entrant),
        _("Entrant withdrawn."),
        confirm.ask("withdraw", name=name),
    )


@bp.post("/e/<token>/entrants/<id:entrant>/reinstate")
def reinstate(token: str, entrant: int):
    return _entrants_act(token, lambda e: service.reinstate(e, entrant), _("Entrant reinstated."))


@bp.post("/e/<token>/entrants/<id:entrant>/substitute")
def substitute(token: str, entrant: int):
    text = request.form.get("entrant", "")
    return _entrants_act(
        token, lambda e: service.substitute(e, entrant, text), _("Entrant replaced.")
    )


@bp.post("/e/<token>/pair")
def pair(token: str):
    rng = current_app.extensions["referee_rng"]
    intent, again = _int(request.form.get("round")), request.form.get("again") == "1"
    return _act(
        token, lambda e: service.propose_round(e, rng, intent, again), _("The round is paired.")
    )


@bp.post("/e/<token>/swap")
def swap(token: str):
    a, b = request.form.get("a"), request.form.get("b")
    found = []

    def do(e):
        found.extend(service.swap(e, a, b))

    response = _act(token, do, _("Swapped."))
    if found:
        flash(
            ngettext(
                "This makes %(num)d repeated meeting.",
                "This makes %(num)d repeated meetings.",
                len(found),
            )
        )
    return response


@bp.post("/e/<token>/start")
def start(token: str):
    cap = _int(request.form.get("time_cap"))
    intent = _int(request.form.get("round"))
    return _act(token, lambda e: service.start_round(e, cap, intent), _("The round has started."))


@bp.post("/e/<token>/time")
def call_time(token: str):
    event = _director(token)
    current = event.rounds_[-1].number if event.rounds_ else 0
    return _act(
        token,
        service.call_time,
        _("Time is called: each table finishes the hand in play."),
        confirm.ask("time", n=current),
    )


def _table_number(token: str, table: int) -> int:
    event = _director(token)
    for r in event.rounds_:
        for t in r.tables:
            if t.id == table:
                return t.number
    abort(404, _("There is no such table in this event."))


@bp.post("/e/<token>/tables/<id:table>/forfeit")
def forfeit(token: str, table: int):
    scores = request.form.getlist("score")
    return _table_act(
        token,
        table,
        lambda e: service.forfeit(e, table, scores),
        _("Forfeit recorded."),
        confirm.ask(
            "forfeit", n=_table_number(token, table), **service.forfeit_rule(_director(token))
        ),
    )


@bp.post("/e/<token>/tables/<id:table>/abandon")
def abandon(token: str, table: int):
    reason = request.form.get("reason", "")
    return _table_act(
        token,
        table,
        lambda e: service.abandon(e, table, reason),
        _("Table abandoned."),
        confirm.ask("abandon", n=_table_number(token, table)),
    )


@bp.post("/e/<token>/tables/<id:table>/unlock")
def unlock(token: str, table: int):
    reason = request.form.get("reason", "")
    return _table_act(
        token,
        table,
        lambda e: service.unlock(e, table, reason),
        _("Result unlocked: the table can correct its record, then every side confirms again."),
    )


@bp.post("/e/<token>/finish")
def finish(token: str):
    in_play = _state(_director(token)).in_play
    return _act(
        token, service.finish, _("The event is finished."), confirm.ask("finish", in_play=in_play)
    )


@bp.post("/e/<token>/reopen")
def reopen(token: str):
    return _act(token, service.reopen, _("The event is open again."))


# -- a table's link -----------------------------------------------------------------------
@bp.get("/et/<token>")
def table(token: str):
    """A table of a round: leads to the players' link of its current match (the next
    match of a series once the last one is decided)."""
    t = service.table_by_token(token)
    if t is None:
        abort(404, _("There is no table at this link."))
    event, r = service.event_of(t)
    if r.started is None or not t.games:
        abort(404, _("This round has not started yet."))
    service.next_game(event, t)
    t = service.table_by_token(token)
    return redirect(url_for("table.table", token=t.games[-1].match.write_token))


@bp.get("/series/<token>/next")
def next_to_watch(token: str):
    """For a spectator of a game of a series (`token`: its spectators' link): the next
    game's spectators' link, once it has started."""
    found = series.next_to_watch(token)
    if found is None:
        abort(404, _("There is no table at this link."))
    if not found:
        abort(404, _("The next game of this series has not started yet: try again in a moment."))
    return redirect(url_for("spectator.table", token=found))


# -- the public side ----------------------------------------------------------------------
def _head(token: str) -> live.Head:
    h = live.head(token)
    if h is None:
        abort(404, _("There is no event at this link."))
    return h


def _live_fragment(h: live.Head, kind: str) -> tuple[int, str]:
    """(shown version, the live fragment of this kind of page in the reader's language),
    rendered once per shown version for the whole host (`live.page`)."""

    def render(number: int, s) -> str:
        return render_template(
            "events/_live.html",
            s=s,
            event=s.event,
            variant=get_variant(s.event.variant),
            version=number,
            bracket_tv=kind == "tv",
        )

    return live.page(h, kind, str(get_locale()), request.script_root, render)


def _public_page(token: str, template: str, kind: str):
    """The public page or the TV; `?fragment=1`: its live part alone (static/js/event.js),
    the same bytes for every viewer, 304 for a viewer who has them."""
    h = _head(token)
    if request.args.get("fragment") != "1":
        number, html = _live_fragment(h, kind)
        event = live.state(h)[1].event
        return render_template(
            template,
            event=event,
            variant=get_variant(event.variant),
            live=Markup(html),
            format_name=service.format_name(event.format),
        )
    held = request.headers.get("If-None-Match", "")
    number, html = live.shown(h), None
    if f'"{number}"' not in held:
        number, html = _live_fragment(h, kind)
    at = live.key(h, kind, str(get_locale()), request.script_root)
    zipped = live.takes_gzip(request.headers.get("Accept-Encoding", ""))
    status, headers, body = live.reply(live.live(), at, number, html, held, zipped)
    return current_app.response_class(body, status=status, headers=headers)


@bp.get("/p/<token>")
def public(token: str):
    return _public_page(token, "events/public.html", "public")


@bp.get("/p/<token>/tv")
def tv(token: str):
    return _public_page(token, "events/tv.html", "tv")


@bp.get("/p/<token>/version")
def version(token: str):
    """What the public page and the TV poll (static/js/event.js): the event's shown
    version (`live.shown`; `poll.py` answers it before Flask once the host has it)."""
    response = current_app.response_class(str(live.shown(_head(token))), mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response


def standings_rows(state) -> list[dict]:
    out = []
    for row in state.standings:
        e = state.entrants[row.entrant]
        item = {
            "rank": row.rank,
            "entrant": e.name,
            "withdrawn": e.withdrawn,
            "played": row.played,
            "byes": row.byes,
            "score": float(row.score),
        }
        if not state.config.placed:  # match points: the columns of a head-to-head game
            item.update(
                points_for=row.points_for,
                points_against=row.points_against,
                difference=row.diff,
                head_to_head=float(row.head_to_head),
                buchholz=float(row.buchholz),
            )
        else:
            item["points"] = row.points_for
        out.append(item)
    return out


@bp.get("/p/<token>/standings.json")
def standings_json(token: str):
    state = live.state(_head(token))[1]
    body = json.dumps(
        {
            "event": state.event.name,
            "variant": state.event.variant,
            "rule": state.rule,
            "standings": standings_rows(state),
        },
        indent=1,
        ensure_ascii=False,
    )
    return downloads.send(
        body + "\n", f"{state.event.name}-standings.json", downloads.JSON, inline=True
    )


def standings_csv(state) -> str:
    return downloads.csv_text(standings_rows(state))


@bp.get("/p/<token>/standings.csv")
def standings_csv_view(token: str):
    state = live.state(_head(token))[1]
    return downloads.send(standings_csv(state), f"{state.event.name}-standings.csv", downloads.CSV)


@bp.get("/p/<token>/event.zip")
def archive(token: str):
    """The whole event: every match's game record and the standings."""
    state = live.state(_head(token))[1]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for r in state.rounds:
            for t in r.tables:
                for number, g in enumerate(t.row.games, 1):
                    table = tables.table(g.match.write_token, write=True)
                    name = f"round-{r.row.number:02d}/table-{t.row.number:02d}-game-{number}.json"
                    z.writestr(name, records.text(table))
        z.writestr("standings.csv", standings_csv(state))
        z.writestr(
            "standings.json",
            json.dumps(
                {"event": state.event.name, "rule": state.rule, "standings": standings_rows(state)},
                indent=1,
                ensure_ascii=False,
            )
            + "\n",
        )
    return downloads.send(buf.getvalue(), f"{state.event.name}.zip", downloads.ZIP)
