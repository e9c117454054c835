"""What the members' pages show, from the club's games and ladders (`results.club`): the
ladder of a variant, a member's ratings, matches, results, events, chart and what waits
for their signature, and each side's chance to win."""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext as _
from sqlalchemy import select

from referee import ratings
from referee.engine import get_variant
from referee.engine.variants import VARIANTS

from ..audit.log import confirmations, locked
from ..audit.models import Change
from ..drawing import rating_chart
from ..events.models import Event, EventGame, EventTable, Round
from ..pages.rules import variant_title
from ..store import db
from .models import Member
from .results import Club, Game
from .service import roster


def figure(value: float) -> str:
    """A rating as shown: one decimal."""
    return f"{value:.1f}"


def ladder_rows(c: Club, variant: str, members: dict[int, Member] | None = None) -> list[dict]:
    """The active members who have played a rated match of the variant, best first: place,
    name, the conservative rating, mu and sigma, matches played, provisional (`members`:
    the roster by id, when the caller has read it)."""
    if members is None:
        members = {m.id: m for m in roster()}
    rows = []
    for member_id, r in c.ladder(variant).table():
        m = members.get(member_id)
        if m is None or not m.active:
            continue
        rows.append(
            {
                "place": len(rows) + 1,
                "member_id": m.id,
                "member": m.name,
                "short": m.short,
                "rating": round(r.shown, 2),
                "mu": round(r.mu, 2),
                "sigma": round(r.sigma, 2),
                "matches": r.played,
                "provisional": r.provisional,
            }
        )
    return rows


EXPORT_FIELDS = ["place", "member", "rating", "mu", "sigma", "matches", "provisional"]


def export_rows(c: Club, variant: str) -> list[dict]:
    return [{k: row[k] for k in EXPORT_FIELDS} for row in ladder_rows(c, variant)]


def chances(c: Club, variant: str, teams: list[tuple[int, ...]]) -> list[float]:
    """Each side's chance to win (openskill's predict_win), from the ratings now."""
    return c.ladder(variant).predict(teams)


def chart_of(c: Club, variant: str, member_id: int, ident: str) -> str | None:
    """The member's rating history in the variant as SVG (None: no rated match)."""
    history = c.ladder(variant).history(member_id)
    if not history:
        return None
    first = history[0][1]
    points = [(first.shown, first.mu, first.sigma)]
    points += [(after.shown, after.mu, after.sigma) for _r, _b, after in history]
    title = _(
        "%(variant)s: rating after each rated match", variant=variant_title(get_variant(variant))
    )
    return rating_chart(points, title, ident)


def ratings_of(c: Club, member_id: int, members: dict[int, Member]) -> list[dict]:
    """The member's rating in each variant they have a rated match of."""
    out = []
    for name in VARIANTS:
        ladder = c.ladder(name)
        if member_id not in ladder.ratings:
            continue
        r = ladder.rating(member_id)
        rows = ladder_rows(c, name, members)
        place = next((row["place"] for row in rows if row["member_id"] == member_id), None)
        out.append(
            {
                "variant": get_variant(name),
                "rating": r,
                "place": place,
                "of": len(rows),
                "chart": chart_of(c, name, member_id, f"chart-{name}"),
            }
        )
    return out


def _names(c: Club, g: Game, members: dict[int, Member]) -> list[str]:
    return [
        members[g.seats[s]].name if s in g.seats and g.seats[s] in members else p
        for s, p in enumerate(g.players)
    ]


def _result_text(g: Game, side: int | None) -> str:
    if not g.decided:
        return _("in play")
    ranks = g.result["ranks"]
    if side is None:
        return _("decided")
    place = ranks[side]
    level = ranks.count(place) > 1
    if len(ranks) == 2:
        if level:
            return _("level")
        return _("won") if place == 0 else _("lost")
    if level:
        return _("shared place %(place)s of %(n)s", place=place + 1, n=len(ranks))
    return _("place %(place)s of %(n)s", place=place + 1, n=len(ranks))


def _sign_state(match_ids: list[int]) -> dict[int, list]:
    """Each match's sign log (overrides, and the changes that lapse confirmations), in
    one query."""
    out: dict[int, list] = {}
    for start in range(0, len(match_ids), 500):
        for c in db.session.execute(
            select(Change.id, Change.match_id, Change.kind, Change.side, Change.new)
            .where(Change.match_id.in_(match_ids[start : start + 500]))
            .order_by(Change.id)
        ):
            out.setdefault(c.match_id, []).append(c)
    return out


def _events(match_ids: list[int]) -> dict[int, Event]:
    out: dict[int, Event] = {}
    for start in range(0, len(match_ids), 500):
        for mid, event in db.session.execute(
            select(EventGame.match_id, Event)
            .join(EventTable, EventTable.id == EventGame.table_id)
            .join(Round, Round.id == EventTable.round_id)
            .join(Event, Event.id == Round.event_id)
            .where(EventGame.match_id.in_(match_ids[start : start + 500]))
        ):
            out[mid] = event
    return out


WAITS = 20  # matches listed as waiting for the member's signature (the newest)


def member_page(c: Club, m: Member, limit: int = 100) -> dict:
    """Everything the member's page shows: ratings with charts, matches (newest first,
    with links to each hand's positions), results, events, in-play chances, and what
    waits for their signature."""
    members = {x.id: x for x in roster()}
    games = c.games_of(m.id)
    shown = games[:limit]
    ids = [g.id for g in games]
    logs = _sign_state([g.id for g in games if g.decided])
    events = _events(ids)
    history = {}
    for name in VARIANTS:
        for result, before, after in c.ladder(name).history(m.id):
            history[result.key] = (before, after)

    def row_of(g: Game) -> dict:
        side = g.side_of(m.id)
        names = _names(c, g, members)
        hands = g.result.get("hands") or []
        row = {
            "game": g,
            "variant": get_variant(g.variant),
            "names": names,
            "side": side,
            "result": _result_text(g, side),
            "totals": g.result.get("totals"),
            "event": events.get(g.id),
            "change": None,
            "chances": None,
            "match_url": url_for("spectator.match", token=g.read_token),
            "positions": [
                (n, url_for("audit.spectator_replay", token=g.read_token, number=n, k=moves))
                for n, moves in enumerate(hands, 1)
            ],
        }
        if g.id in history:
            before, after = history[g.id]
            row["change"] = after.shown - before.shown
        if not g.decided and len(g.seats) == len(g.players):
            sides = get_variant(g.variant).sides(len(g.players))
            teams = [tuple(g.seats[s] for s in sd) for sd in sides]
            row["chances"] = list(
                zip(
                    [" + ".join(names[s] for s in sd) for sd in sides],
                    chances(c, g.variant, teams),
                    strict=True,
                )
            )
        return row

    rows = [row_of(g) for g in shown]
    waits, more_waits = [], 0
    for g in games:  # the newest first; the WAITS newest are listed
        side = g.side_of(m.id) if g.decided else None
        if side is None:
            continue
        log = logs.get(g.id, [])
        if not locked(log, len(g.result["sides"])) and side not in {
            x.side for x in confirmations(log)
        }:
            if len(waits) < WAITS:
                waits.append(row_of(g))
            else:
                more_waits += 1
    seen = {}
    for g in games:
        e = events.get(g.id)
        if e is not None:
            seen.setdefault(e.id, e)
    return {
        "ratings": ratings_of(c, m.id, members),
        "games": rows,
        "more": max(0, len(games) - len(shown)),
        "waits": waits,
        "more_waits": more_waits,
        "events": list(seen.values()),
        "provisional": ratings.PROVISIONAL,
    }


def score_of(g: Game) -> str:
    """The totals as a side signs them ("61–48": `audit.service.score_text`)."""
    return "–".join(str(t) for t in g.result.get("totals") or [])


def match_chances(t) -> list[tuple[str, float]] | None:
    """Each side's chance to win a members' match still in play (a table `t` of the
    table service): (the side's names, its chance), from the ratings now; None when the
    match is decided or a seat is not a member."""
    from .results import club
    from .service import seated

    over, _winner = t.match.result()
    if over or t.row.abandoned:
        return None
    seats = seated(t.row.id)
    if len(seats) != len(t.match.players):
        return None
    teams = [tuple(seats[s].id for s in side) for side in t.match.sides]
    odds = chances(club(), t.row.variant, teams)
    return list(zip(t.match.side_names, odds, strict=True))
