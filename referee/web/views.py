"""Thin views: load, ask a service, then redirect (POST/redirect/GET) or re-render with the
engine's message and a 4xx status."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException

from referee.engine import rulebook
from referee.engine.glossary import glossary
from referee.engine.tiles import Tile, pip_count

from . import assets, choice, downloads, fragment, services, settled
from .audit.service import locked_because
from .chart import totals_chart
from .forms import (
    DrawForm,
    EmptyForm,
    EndForm,
    ImportForm,
    LotForm,
    PassForm,
    PlayForm,
    UndoForm,
)
from .i18n import say
from .picker import picker_items
from .picture import layout_svg, sprite_svg, tile_svg, tile_use
from .services import Refused

main = Blueprint("main", __name__)
table_bp = Blueprint("table", __name__)


# -- home, starting a match, rules, import ------------------------------------------------
@main.get("/")
def home():
    return render_home()


def render_home(code_form=None, status: int = 200):
    """The home page; `code_form` with its errors after a table code was refused."""
    from .matches import listed
    from .matches.views import CodeForm

    return render_template(
        "home.html",
        variants=_variants(),
        matches=listed(),
        import_form=ImportForm(),
        code_form=code_form or CodeForm(formdata=None),
    ), status


def _variants():
    return [services.variant_or_none(name) for name in services.VARIANT_NAMES]


def _variant(name: str):
    v = services.variant_or_none(name)
    if v is None:
        abort(404, _("There is no variant called %(name)s.", name=repr(name)))
    return v


@main.get("/rules")
def rules_index():
    return render_template("rules_index.html", variants=_variants())


@main.get("/rules/<variant>")
def rules(variant: str):
    v = _variant(variant)
    lang = str(get_locale())
    return render_template(
        "rules.html",
        variant=v,
        rules=rulebook.rules_for(v.name, lang),
        sections={k: rulebook.section_title(k, lang) for k in ("common", v.name)},
        source=lambda r: rulebook.source_label(r.source, lang),
        glossary=glossary(v.name),
    )


@main.route("/import", methods=["GET", "POST"])
def import_record():
    form = ImportForm()
    if request.method == "GET":
        return render_template("import.html", form=form)
    text = b""
    if form.file.data:
        text = form.file.data.read()
    if not text.strip() and form.text.data:
        text = form.text.data.encode("utf-8")
    if not text.strip():
        form.file.errors = [_("Choose a record file, or paste a record.")]
        return render_template("import.html", form=form), 400
    variant = None
    try:
        rec = services.read_record(text)  # the text is parsed here, once
        variant = rec.variant if services.variant_or_none(rec.variant) else None
        if form.carry_on.data:
            row = services.import_record(rec)
            flash(_("The record is stored: carry on playing here."))
            return redirect(url_for("table.table", token=row.write_token))
        result = services.verdict(rec)
    except Refused as e:
        return render_template("import.html", form=form, refused=e, variant=variant), 400
    return render_template(
        "import.html",
        form=form,
        result=result,
        variant=variant,
        record_text=text.decode("utf-8", "replace"),
    ), (200 if result["ok"] else 400)


# -- the table ----------------------------------------------------------------------------
def _load(token: str, write: bool) -> services.Table:
    t = services.table(token, write=write)
    if t is None:
        abort(404, _("There is no table at this link."))
    return t


@dataclass
class Links:
    """The links of a table page: the players' (write) or the spectators' (read) ones."""

    write: bool
    token: str

    def url(self, endpoint: str, **kw) -> str:
        prefix = "table." if self.write else "table.spectator_"
        name = {
            "table": "table",
            "hand": "hand",
            "match": "match",
            "record": "record",
            "version": "version",
        }[endpoint]
        if not self.write and name == "table":
            return url_for("table.spectator", token=self.token, **kw)
        return url_for(prefix + name, token=self.token, **kw)


@table_bp.get("/t/<token>")
def table(token: str):
    return _table(token, True)


@table_bp.get("/s/<token>")
def spectator(token: str):
    return _table(token, False)


def _table(token: str, write: bool):
    """The table page, or the fragment its script fetches: as this host keeps it at the
    match's version when it can (no replay, no render), else replayed and rendered."""
    row = services.state.match_row(token, write=write)
    if row is None:
        abort(404, _("There is no table at this link."))
    if wants_fragment() and not request.args.get("tile"):
        html = fragment.kept(row, write)
        if html is not None:
            return _fragment(html, 200)
    return _render_table(services.state.state(row), Links(write, token))


def _fragment(html: str, status: int):
    response = current_app.make_response((html, status))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Table-Fragment"] = "1"
    return response


def wants_fragment() -> bool:
    """Whether the table's script asks for the table alone (to swap it in), not a page:
    `?fragment=1` on a GET, the `X-Requested-With: fetch` header on a POST."""
    return request.args.get("fragment") == "1" or request.headers.get("X-Requested-With") == "fetch"


def _render_table(
    t: services.Table,
    links: Links,
    refused: Refused | None = None,
    status=200,
    message: str | None = None,
):
    hand = t.hand
    chosen = None
    tile_text = request.args.get("tile", "").strip() if links.write else ""
    if tile_text and hand is not None and refused is None:
        try:
            chosen = choice.chosen(t, tile_text, request.args)
        except Refused as e:
            refused, status = e, e.status
    said = [message] if message else get_flashed_messages()

    def render(template: str) -> str:
        return render_template(template, **_table_context(t, links, chosen, refused, said))

    if refused is None and chosen is None:  # the table as every phone sees it
        html = fragment.shared(t, links.write, lambda: render("_table.html"), said)
    else:
        html = render("_table.html")
    if wants_fragment():
        return _fragment(html, status)
    sprite = Markup(sprite_svg(hand.max_pip)) if hand is not None else ""
    page = render_template(
        "table.html", t=t, variant=t.variant, links=links, sprite=sprite, table_html=Markup(html)
    )
    return page, status


def _table_context(t: services.Table, links: Links, chosen, refused, said) -> dict:
    """What the table's templates show."""
    hand = t.hand
    acts = services.actions(t) if links.write else services.Actions()
    highlight = chosen["places"] if chosen else ()
    picture = ""
    if hand is not None:
        title = _("The layout, hand %(number)s", number=len(t.match.hands))
        picture = Markup(
            services.state.drawn(
                t,
                ("table", repr(highlight), title, str(get_locale())),
                lambda: layout_svg(hand, highlight=highlight, title=title, sprite=True),
            )
        )
    return {
        "t": t,
        "hand": hand,
        "variant": t.variant,
        "links": links,
        "acts": acts,
        "chosen": chosen,
        "picture": picture,
        "offered": services.picker(hand) if hand is not None and links.write else [],
        "events": services.history(hand, last=12) if hand is not None else [],
        "moves": len(hand.moves) if hand is not None else 0,
        "opening": services.opening_line(t),
        "summary": services.hand_summary(t, len(t.match.hands) - 1) if t.match.hands else None,
        "outcome": services.outcome(t),
        "time_called": services.time_called(t),
        "tie": services.tie(t),
        "undo": services.undo_target(t) if links.write and not locked_because(t) else None,
        "position": t.position,
        "version": t.version,
        "refused": refused,
        "penalty": services.penalty_points(t),
        "said": said,
        "settled": settled.last_settled(t),
        "mine": _players_card(t, links) if links.write else None,
    }


def _players_card(t: services.Table, links: Links) -> dict:
    """What only the players' screen shows: the table code."""
    from .matches.service import show_code

    return {"code": show_code(t.row.code)}


def _position(form) -> tuple[int, int]:
    if not form.validate():
        errors = "; ".join(f"{k}: {', '.join(v)}" for k, v in form.errors.items())
        raise Refused(400, _("The form is incomplete (%(errors)s).", errors=errors))
    return form.hand.data, form.after.data


def _write(token: str, do):
    """Run a write service; on success redirect to the table, on refusal re-render it."""
    try:
        message = do()
    except Refused as e:
        if e.status == 404:
            abort(404, e.message)
        current = _load(token, write=True)
        return _render_table(current, Links(True, token), refused=e, status=e.status)
    if wants_fragment():  # the table's script: the new table at once, no redirect
        return _render_table(_load(token, write=True), Links(True, token), message=message)
    flash(say(message))
    return redirect(url_for("table.table", token=token))


def _version(token: str, write: bool):
    v = services.version(token, write=write)
    if v is None:
        abort(404, _("There is no table at this link."))
    response = current_app.response_class(v, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response


@table_bp.get("/t/<token>/version")
def version(token: str):
    """The table's position and last write, polled by its phones (static/js/table.js)."""
    return _version(token, True)


@table_bp.get("/s/<token>/version")
def spectator_version(token: str):
    return _version(token, False)


@table_bp.post("/t/<token>/play")
def play(token: str):
    form = PlayForm()

    def do():
        hand, after = _position(form)
        return services.play(token, hand, after, form.seat.data, form.tile.data, form.on.data)

    return _write(token, do)


@table_bp.post("/t/<token>/draw")
def draw(token: str):
    form = DrawForm()

    def do():
        hand, after = _position(form)
        return services.draw(token, hand, after, form.seat.data, form.count.data)

    return _write(token, do)


@table_bp.post("/t/<token>/pass")
def pass_(token: str):
    form = PassForm()

    def do():
        hand, after = _position(form)
        return services.pass_(token, hand, after, form.seat.data)

    return _write(token, do)


@table_bp.post("/t/<token>/lot")
def lot(token: str):
    form = LotForm()

    def do():
        hand, after = _position(form)
        return services.lot(
            token, hand, after, current_app.extensions["referee_rng"], form.seat.data
        )

    return _write(token, do)


@table_bp.route("/t/<token>/undo", methods=["GET", "POST"])
def undo(token: str):
    if request.method == "GET":
        t = _load(token, write=True)
        shut = locked_because(t)
        return render_template(
            "undo.html",
            t=t,
            variant=t.variant,
            links=Links(True, token),
            what=None if shut else services.undo_target(t),
            why=shut or services.undo_refusal(t),
            position=t.position,
            form=UndoForm(formdata=None),
        )
    form = UndoForm()

    def do():
        hand, after = _position(form)
        return services.undo(token, hand, after, bool(form.settled.data))

    return _write(token, do)


@table_bp.route("/t/<token>/end", methods=["GET", "POST"])
def end(token: str):
    if request.method == "GET":
        t = _load(token, write=True)
        if t.hand is None or not t.hand.ended or t.hand.settlement is not None:
            return redirect(url_for("table.table", token=token))
        return _render_end(t, token, {})
    form = EndForm()
    texts = {}
    try:
        hand_no, after = _position(form)
        t = _load(token, write=True)
        if t.hand is not None:
            texts = {s: request.form.getlist(f"left-{s}") for s in range(len(t.hand.players))}
        services.settle(token, hand_no, after, texts)
    except Refused as e:
        if e.status == 404:
            abort(404, e.message)
        t = _load(token, write=True)
        if t.hand is None or not t.hand.ended or t.hand.settlement is not None:
            return _render_table(t, Links(True, token), refused=e, status=e.status)
        return _render_end(t, token, texts, e)
    flash(_("Hand %(hand)s is settled.", hand=hand_no))
    return redirect(url_for("table.hand", token=token, number=hand_no))


def _render_end(t: services.Table, token: str, texts: dict, refused: Refused | None = None):
    hand = t.hand
    chosen = {
        s: {w for text in texts.get(s, []) for w in text.replace(",", " ").split()}
        for s in range(len(hand.players))
    }
    offered = [tile for tile, _ in services.tiles_offered(hand)]
    pips = {tile: pip_count([tile]) for tile in offered}  # for the page's live subtotal
    players = [
        {
            "seat": s,
            "name": hand.players[s],
            "holds": hand.sizes[s],
            "chosen": chosen[s],
            "typed": " ".join(w for w in chosen[s] if not _is_offered(w, offered)),
        }
        for s in range(len(hand.players))
    ]
    return render_template(
        "end.html",
        t=t,
        hand=hand,
        variant=t.variant,
        links=Links(True, token),
        players=players,
        offered=offered,
        pips=pips,
        form=EndForm(formdata=None),
        position=t.position,
        refused=refused,
        picture=Markup(layout_svg(hand, sprite=True)),
        sprite=Markup(sprite_svg(hand.max_pip)),
    ), (refused.status if refused else 200)


def _is_offered(word: str, offered: list[Tile]) -> bool:
    return word in {str(t) for t in offered}


def _hand_page(token: str, number: int, write: bool):
    t = _load(token, write=write)
    if not 1 <= number <= len(t.match.hands):
        abort(404, _("There is no hand %(number)s in this match.", number=number))
    hand = t.match.hands[number - 1]
    return render_template(
        "hand.html",
        t=t,
        hand=hand,
        variant=t.variant,
        links=Links(write, token),
        summary=services.hand_summary(t, number - 1),
        events=services.history(hand),
        outcome=services.outcome(t),
        tie=services.tie(t),
        picture=Markup(layout_svg(hand, title=_("Hand %(number)s", number=number), sprite=True)),
        sprite=Markup(sprite_svg(hand.max_pip)),
        penalty=services.penalty_points(t),
        last=number == len(t.match.hands),
    )


@table_bp.get("/t/<token>/hand/<int:number>")
def hand(token: str, number: int):
    return _hand_page(token, number, True)


@table_bp.get("/s/<token>/hand/<int:number>")
def spectator_hand(token: str, number: int):
    return _hand_page(token, number, False)


def _match_page(token: str, write: bool):
    t = _load(token, write=write)
    chart = totals_chart(
        list(t.match.side_names),
        services.settled_points(t),
        t.match.options["target"],
        penalty=services.penalty_points(t),
        title=_("%(variant)s: running totals after each hand", variant=t.variant.title),
    )
    return render_template(
        "match.html",
        t=t,
        variant=t.variant,
        links=Links(write, token),
        hands=services.hand_summaries(t),
        totals=list(zip(t.match.side_names, t.match.totals(), strict=True)),
        chart=Markup(chart),
        outcome=services.outcome(t),
        tie=services.tie(t),
        penalty=services.penalty_points(t),
    )


@table_bp.get("/t/<token>/match")
def match(token: str):
    return _match_page(token, True)


@table_bp.get("/s/<token>/match")
def spectator_match(token: str):
    return _match_page(token, False)


def _record(token: str, write: bool):
    t = _load(token, write=write)
    body = json.dumps(services.export(t), indent=1, ensure_ascii=False) + "\n"
    name = f"{t.variant.name}-{'-'.join(t.players)}.json"
    return downloads.send(body, name, downloads.JSON)


@table_bp.get("/t/<token>/record.json")
def record(token: str):
    return _record(token, True)


@table_bp.get("/s/<token>/record.json")
def spectator_record(token: str):
    return _record(token, False)


# -- errors and template helpers ----------------------------------------------------------
def _error(status: int, title: str, message: str):
    return render_template("error.html", status=status, title=title, message=message), status


def register_views(app: Flask) -> None:
    from .matches.views import bp as matches_bp

    app.register_blueprint(main)
    app.register_blueprint(table_bp)
    app.register_blueprint(matches_bp)

    @app.errorhandler(CSRFError)
    def csrf_error(e):
        return _error(
            400,
            _("This page is out of date"),
            _(
                "The form was sent without its security token, or with an old one "
                "(%(reason)s). Go back, reload the page and try again.",
                reason=e.description,
            ),
        )

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        titles = {404: _("Not found"), 405: _("Not allowed here"), 413: _("Too large")}
        return _error(e.code or 500, titles.get(e.code, e.name), e.description or e.name)

    digests: dict[str, tuple[float, str]] = {}

    @app.template_global()
    def static_url(filename: str) -> str:
        """The URL of a static file with a digest of its content, so that phones may keep it
        for a year (see `cache_static`) and still get a new version at once."""
        path = Path(app.static_folder) / filename
        mtime = path.stat().st_mtime
        known = digests.get(filename)
        if known is None or known[0] != mtime:
            known = digests[filename] = (mtime, hashlib.sha256(path.read_bytes()).hexdigest()[:10])
        return url_for("static", filename=filename, v=known[1])

    @app.after_request
    def cache_static(response):
        """Static files under a digest URL are kept for a year. They are read into memory
        (they are small), so that Flask-Compress gzips them like pages (it leaves streamed
        files to brotli, zstd and deflate, which Chrome only asks for over HTTPS); the app's
        own scripts and stylesheets go minified (`assets`)."""
        if request.endpoint != "static":
            return response
        if request.args.get("v") and response.status_code in (200, 304):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        filename = (request.view_args or {}).get("filename", "")
        if response.status_code == 200 and assets.minifiable(filename):
            body = assets.minified(app.static_folder, filename)
            response.direct_passthrough = False
            response.set_data(body)
            response.set_etag(hashlib.sha256(body).hexdigest()[:16])
        elif response.status_code == 200 and response.is_streamed:
            response.direct_passthrough = False
            response.make_sequence()
        return response

    @app.template_filter("rule_url")
    def rule_url(rule: str, variant) -> str:
        name = variant if isinstance(variant, str) else variant.name
        return url_for("main.rules", variant=name, _anchor=rule)

    @app.template_global()
    def rule_link(rule: str | None, variant) -> Markup:
        """A rule id as a link to its rules page."""
        if not rule:
            return Markup("")
        try:
            title = rulebook.rule(rule, str(get_locale())).title
        except KeyError:
            return Markup(f'<span class="rule">{escape(rule)}</span>')
        return Markup(
            f'<a class="rule" href="{escape(rule_url(rule, variant))}" '
            f'title="{escape(title)}">{escape(rule)}</a>'
        )

    @app.template_global()
    def tile_picture(tile, size: int = 40, title: str | None = None) -> Markup:
        return Markup(tile_svg(tile, size=size, title=title))

    app.add_template_global(picker_items)

    @app.template_global("tile_use")
    def tile_light(tile) -> Markup:
        """A tile drawn with the page's sprite (the page must hold `sprite`)."""
        return Markup(tile_use(tile))

    @app.template_filter("paragraphs")
    def paragraphs(text: str) -> Markup:
        """A rule's text (paragraphs and "- " lists) as HTML."""
        out = []
        for block in text.split("\n\n"):
            lines = block.split("\n")
            items = [ln[2:] for ln in lines if ln.startswith("- ")]
            head = [ln for ln in lines if not ln.startswith("- ")]
            if head:
                out.append(f"<p>{escape(' '.join(head))}</p>")
            if items:
                out.append("<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>")
        return Markup("\n".join(out))

    @app.context_processor
    def flashed():
        return {"messages": get_flashed_messages(), "EmptyForm": EmptyForm}
