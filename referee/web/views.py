"""Thin views: load, ask a service, then redirect (POST/redirect/GET) or re-render with the
engine's message and a 4xx status."""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import (
    Blueprint,
    Flask,
    abort,
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
from referee.engine.variants import VARIANTS

from . import assets
from .drawing import tile_svg, tile_use
from .errors import Refused
from .forms import (
    EmptyForm,
    ImportForm,
)
from .table import records
from .table.picker import picker_items

main = Blueprint("main", __name__)


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
    return list(VARIANTS.values())


def _variant(name: str):
    v = VARIANTS.get(name)
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
        rec = records.read_record(text)  # the text is parsed here, once
        variant = rec.variant if rec.variant in VARIANTS else None
        if form.carry_on.data:
            row = records.import_record(rec)
            flash(_("The record is stored: carry on playing here."))
            return redirect(url_for("table.table", token=row.write_token))
        result = records.verdict(rec)
    except Refused as e:
        return render_template("import.html", form=form, refused=e, variant=variant), 400
    return render_template(
        "import.html",
        form=form,
        result=result,
        variant=variant,
        record_text=text.decode("utf-8", "replace"),
    ), (200 if result["ok"] else 400)


# -- errors and template helpers ----------------------------------------------------------
def _error(status: int, title: str, message: str):
    return render_template("error.html", status=status, title=title, message=message), status


def register_views(app: Flask) -> None:
    from .matches.views import bp as matches_bp
    from .table.views import register as register_table

    app.register_blueprint(main)
    register_table(app)
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
