"""The leagues blueprint: the club secretary makes a league (`/club/<key>/leagues`), the
league secretary runs it on its own secret link (`/league/<key>/...`), a captain plays
the fixture nights from their personal link (`/m/<token>/fixture/<id>`), and everyone
reads the tables, results and fixtures (`/leagues/<id>...`, the TV mode, CSV, JSON, ICS)
and the fixtures' sheets, where the captains sign with their PINs."""

from __future__ import annotations

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
from flask_babel import gettext as _

from referee.engine.variants import VARIANTS, league_game
from referee.leagues.formats import PRESETS, games_text

from .. import once
from ..errors import Refused
from ..members import service as members
from ..members.cards import link_of
from ..models import name_key
from . import night as nights
from . import service, tables
from .season_end import apply_next, preview

bp = Blueprint("leagues", __name__)


def _no_store(body, status=200):
    response = make_response(body, status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _gone(e: Refused):
    abort(404, e.message)


def _league_key(key: str):
    lg = service.by_key(key)
    if lg is None:
        abort(404, _("There is no page at this link."))
    return lg


def _captain(token: str):
    m = members.by_link(token)
    if m is None:
        abort(404, _("There is no page at this link."))
    return m


def _night(fixture_id: int, lg=None):
    try:
        fx = nights.fixture(fixture_id)
    except Refused as e:
        _gone(e)
    if lg is not None and fx.league_id != lg.id:
        abort(404, _("There is no such fixture."))
    return nights.load(fx)


# -- the club secretary: making a league -----------------------------------------------------------
def _made(token: str, e: once.Done) -> once.Done:
    """A league found made already: shown on its own made page if it was made from this
    form's once-key (the second request of a double tap), else where the form was."""
    if service.by_key(token) is not None:
        e.then = url_for("leagues.made", key=token)
    return e


@bp.route("/club/<key>/leagues", methods=["GET", "POST"])
@once.answered(lambda key: url_for("leagues.club", key=key))
def club(key: str):
    """The club's leagues; a new one made (its secretary's link made from the form's
    once-key, and shown on the made page: a GET)."""
    if members.secretary(key) is None:
        abort(404, _("There is no page at this link."))
    refused, status = None, 200
    if request.method == "POST":
        f = request.form
        name = " ".join(f.get("name", "").split())
        token = link_of(once.key_of(f, name_key(name), f.get("year", "")), "league")
        try:
            service.make(
                f.get("name", ""),
                f.get("year", ""),
                f.get("starts", ""),
                f.get("preset", ""),
                f.get("variant", ""),
                f.get("games", ""),
                f.get("weekday"),
                f.get("target"),
                f.get("refereed") == "1",
                token=token,
            )
        except once.Done as e:
            raise _made(token, e) from None
        except Refused as e:
            refused, status = e, e.status
        else:
            return redirect(url_for("leagues.made", key=token))
    return _no_store(
        render_template(
            "leagues/club.html",
            key=key,
            leagues=service.leagues(),
            presets=PRESETS,
            games={pid: league_game(pid) for pid in PRESETS},
            variants=VARIANTS.values(),
            refused=refused,
            form=request.form,
            games_text=games_text,
        ),
        status,
    )


# -- the league secretary --------------------------------------------------------------------------
def _secretary_page(lg, key, refused=None, status=200):
    return _no_store(
        render_template(
            "leagues/secretary.html",
            key=key,
            league=lg,
            fmt=service.fmt(lg),
            divisions=service.divisions(lg),
            teams=service.teams(lg),
            squads=nights.squads(lg),
            fixtures=service.fixtures(lg),
            roster=members.roster(active_only=True),
            log=service.acts(lg, 30),
            refused=refused,
            rules=tables.rules_view(lg),
            names={t.id: t.name for t in service.teams(lg)},
        ),
        status,
    )


@bp.get("/league/<key>")
def secretary(key: str):
    return _secretary_page(_league_key(key), key)


@bp.get("/league/<key>/made")
def made(key: str):
    """A league made (or its new link): the league secretary's link, to keep. The page's
    own address holds it, so a reload shows it again."""
    lg = _league_key(key)
    return _no_store(render_template("leagues/made.html", key=None, league=lg, token=key))


def _new_key(key: str):
    """A new league secretary's link, made once from the form's once-key: the old one
    stops working, and the answer is the new link's page (the second request of a double
    tap, whose link no longer works, is sent there too)."""
    token = link_of(once.key_of(request.form), "league")
    if service.by_key(token) is None:
        lg = _league_key(key)
        try:
            service.new_key(lg, key, token)
        except once.Done as e:
            raise _made(token, e) from None
    return redirect(url_for("leagues.made", key=token))


@bp.post("/league/<key>/<what>")
@once.answered(lambda key, **_: url_for("leagues.secretary", key=key))
def secretary_write(key: str, what: str):
    if what == "key":
        return _new_key(key)
    lg = _league_key(key)
    f = request.form
    try:
        if what == "division":
            service.add_division(lg, f.get("name", ""))
        elif what == "team":
            service.add_team(lg, f.get("name", ""), f.get("division"))
        elif what == "squad":
            service.register(lg, service.team(lg, f.get("team")), f.get("member"))
        elif what == "captain":
            service.set_captain(lg, service.team(lg, f.get("team")), f.get("member"))
        elif what == "fixtures":
            n = service.make_fixtures(lg)
            flash(_("The fixture list is made: %(n)s fixtures.", n=n))
        else:
            abort(404)
    except Refused as e:
        if e.status == 404:
            _gone(e)
        return _secretary_page(lg, key, e, e.status)
    return redirect(url_for("leagues.secretary", key=key))


@bp.route("/league/<key>/fixture/<int:fixture_id>", methods=["GET", "POST"])
@once.answered(
    lambda key, fixture_id: url_for("leagues.secretary_fixture", key=key, fixture_id=fixture_id)
)
def secretary_fixture(key: str, fixture_id: int):
    lg = _league_key(key)
    n = _night(fixture_id, lg)
    refused, status = None, 200
    if request.method == "POST":
        f = request.form
        try:
            what = f.get("what")
            if what == "postpone":
                nights.postpone(n, f.get("day", ""))
            elif what == "no_show":
                nights.no_show(n, f.get("side"))
            elif what == "correct":
                nights.correct(n, f)
            else:
                raise Refused(400, _("Say what to change."))
        except Refused as e:
            refused, status = e, e.status
            n = _night(fixture_id, lg)
        else:
            flash(_("Recorded in the fixture's log."))
            return redirect(url_for("leagues.secretary_fixture", key=key, fixture_id=fixture_id))
    return _no_store(
        render_template("leagues/secretary_fixture.html", key=key, n=n, refused=refused), status
    )


@bp.route("/league/<key>/next", methods=["GET", "POST"])
@once.answered(lambda key: url_for("leagues.secretary", key=key))
def season_end(key: str):
    """The season's end previewed; the next season made once (its secretary's link made
    from the form's once-key, shown on the made page: a GET)."""
    lg = _league_key(key)
    up, down = request.values.get("up", "1"), request.values.get("down", "1")
    refused, status, plan = None, 200, None
    try:
        plan = preview(lg, up, down)
        if request.method == "POST":
            token = link_of(once.key_of(request.form), "league")
            try:
                apply_next(lg, up, down, request.form.get("starts", ""), token)
            except once.Done as e:
                raise _made(token, e) from None
            return redirect(url_for("leagues.made", key=token))
    except Refused as e:
        refused, status = e, e.status
    return _no_store(
        render_template(
            "leagues/next.html", key=key, league=lg, plan=plan, up=up, down=down, refused=refused
        ),
        status,
    )


# -- a captain, from their personal link -----------------------------------------------------------
@bp.get("/m/<token>/leagues")
def captain_fixtures(token: str):
    m = _captain(token)
    return _no_store(
        render_template("leagues/captain_list.html", token=token, m=m, teams=nights.captained(m))
    )


def _captain_page(token, m, n, refused=None, status=200):
    side = nights.captain(n, m)
    return _no_store(
        render_template(
            "leagues/captain.html",
            token=token,
            m=m,
            n=n,
            side=side,
            refused=refused,
            names=n.names(),
            posted=request.form if refused else {},
        ),
        status,
    )


@bp.route("/m/<token>/fixture/<int:fixture_id>", methods=["GET", "POST"])
@once.answered(
    lambda token, fixture_id: url_for("leagues.captain", token=token, fixture_id=fixture_id)
)
def captain(token: str, fixture_id: int):
    m = _captain(token)
    n = _night(fixture_id)
    if n.side_of(m) is None:
        abort(404, _("There is no page at this link."))
    if request.method == "GET":
        return _captain_page(token, m, n)
    f = request.form
    try:
        what = f.get("what")
        if what == "lineup":
            nights.lineup(n, m, f)
        elif what == "score":
            nights.enter(n, m, f)
        elif what == "confirm":
            nights.confirm(n, m, f.get("game"))
        elif what == "sign":
            nights.sign_with_link(n, m)
        else:
            raise Refused(400, _("Say what to change."))
    except Refused as e:
        return _captain_page(token, m, _night(fixture_id), e, e.status)
    return redirect(url_for("leagues.captain", token=token, fixture_id=fixture_id))


# -- everyone --------------------------------------------------------------------------------------
def _public_league(league_id: int):
    try:
        return service.league(league_id)
    except Refused as e:
        _gone(e)


@bp.get("/leagues/<int:league_id>")
def league(league_id: int):
    lg = _public_league(league_id)
    return render_template("leagues/public.html", tv=False, **tables.league_view(lg))


@bp.get("/leagues/<int:league_id>/tv")
def tv(league_id: int):
    lg = _public_league(league_id)
    return render_template("leagues/public.html", tv=True, **tables.league_view(lg))


@bp.get("/leagues/<int:league_id>/fixtures")
def fixture_list(league_id: int):
    lg = _public_league(league_id)
    return render_template("leagues/fixtures.html", league=lg, **tables.fixture_list(lg))


@bp.get("/leagues/<int:league_id>/fixtures.ics")
def fixtures_ics(league_id: int):
    lg = _public_league(league_id)
    base = current_app.config.get("PUBLIC_URL") or request.host_url.rstrip("/")
    return tables.ics_file(lg, base.rstrip("/"))


@bp.get("/leagues/<int:league_id>/table.csv")
def table_csv(league_id: int):
    return tables.csv_file(_public_league(league_id))


@bp.get("/leagues/<int:league_id>/table.json")
def table_json(league_id: int):
    return tables.json_file(_public_league(league_id))


def _sheet_page(n, refused=None, status=200):
    return render_template("leagues/sheet.html", n=n, names=n.names(), refused=refused), status


@bp.get("/leagues/fixture/<int:fixture_id>")
def sheet(fixture_id: int):
    return _sheet_page(_night(fixture_id))


@bp.post("/leagues/fixture/<int:fixture_id>/sign")
@once.answered(lambda fixture_id: url_for("leagues.sheet", fixture_id=fixture_id))
def sign(fixture_id: int):
    n = _night(fixture_id)
    try:
        nights.sign_with_pin(
            n, request.form.get("side"), request.form.get("pin", ""), request.remote_addr or ""
        )
    except Refused as e:
        return _sheet_page(_night(fixture_id), e, e.status)
    flash(_("Signed."))
    return redirect(url_for("leagues.sheet", fixture_id=fixture_id))
