"""Events played from a draw (knockouts, pools then a knockout: `Format.draws`) on the web
side: the history their format reads (each table's number and winner), the placings
that rank their standings (`placed`), and the director's choices the event form sends
(`form_settings`). The tables their results open by themselves are opened by
`opening`."""

from __future__ import annotations

import dataclasses

from flask_babel import gettext as _

from referee.events import standings as st
from referee.events.formats import FORMATS, Format
from referee.events.formats.base import Entrant as Seat
from referee.events.formats.base import History, RoundResult
from referee.events.formats.knockout import SEED_RANDOM

from ..errors import Refused

SIGNED = "signed"  # the event's setting: a winner goes on once every side has signed
MAX_POOLS = 32
MAX_ADVANCE = 8


def drawn(event) -> Format | None:
    """The event's format, if it plays from a draw (else None)."""
    fmt = FORMATS.get(event.format)
    return fmt if fmt is not None and fmt.draws else None


def level(event, wins) -> bool:
    """Whether a table of an event played from a draw is level on games won (a tie needs
    one winner: a deciding game, or the director names him)."""
    top = sorted(wins, reverse=True)
    return drawn(event) is not None and len(top) > 1 and top[0] == top[1]


def winner_of(event, t) -> int | None:
    """The entrant who won a table (its `service.TableState`), once decided; None for a
    table undecided, abandoned or drawn, or (where the event asks for signatures) not yet
    signed by every side."""
    if not t.decided or t.result is None:
        return None
    best = max(t.wins)
    top = [i for i, w in enumerate(t.wins) if w == best]
    if len(top) != 1 or best == 0:
        return None
    if event.settings.get(SIGNED) and not t.row.forfeit:
        from .guards import locked_match

        if locked_match(t) is None:
            return None
    return t.sides[top[0]][0]


def history(event, rounds) -> list[RoundResult]:
    """The rounds started (`service.RoundState`s), with each table's number and winner."""
    return [
        RoundResult(
            [list(t.row.entrants) for t in r.tables],
            list(r.row.byes),
            [winner_of(event, t) for t in r.tables],
            [t.row.number for t in r.tables],
            r.row.number,
        )
        for r in rounds
        if r.row.started is not None
    ]


def past(event, rounds, fmt: Format) -> History:
    """What the format reads of the event: its rounds, the kept draw, the choices."""
    settings = event.settings or {}
    return History(history(event, rounds), fmt, settings.get("draw"), settings)


def placed(event, rounds, rows: list[st.Row]) -> list[st.Row]:
    """The standings of an event played from a draw, ranked by how far each entrant went
    (1, 2, 3-4, 5-8...; `Format.places`); entrants outside the draw after them, as the
    standings rank them. Other events' standings as they are."""
    fmt = drawn(event)
    if fmt is None or not (event.settings or {}).get("draw"):
        return rows
    order = [Seat(row.entrant) for row in rows]
    places = fmt.places(order, past(event, rounds, fmt))
    if not places:
        return rows
    by_entrant = {row.entrant: row for row in rows}
    out = [dataclasses.replace(by_entrant[e], rank=p) for e, p, _ in places if e in by_entrant]
    seen = {e for e, _, _ in places}
    rest = [row for row in rows if row.entrant not in seen]
    return out + [dataclasses.replace(row, rank=len(out) + row.rank) for row in rest]


def place_range(s, entrant: int) -> str:
    """An entrant's place as a knockout gives it: "1", "3–4", "5–8"."""
    fmt = drawn(s.event)
    if fmt is None:
        return ""
    found = _places(s).get(entrant)
    if found is None:
        return ""
    first, last = found
    return str(first) if first == last else f"{first}–{last}"


def _places(s) -> dict[int, tuple[int, int]]:
    fmt = drawn(s.event)
    if fmt is None:
        return {}
    order = [Seat(row.entrant) for row in s.standings]
    places = fmt.places(order, past(s.event, s.rounds, fmt)) or []
    return {e: (p, q) for e, p, q in places}


def opens(event, round_no: int, rounds) -> bool:
    """Whether round `round_no` opens by itself (not paired by the director)."""
    fmt = drawn(event)
    return fmt is not None and fmt.opens(past(event, rounds, fmt), round_no)


def kept_draw(event, made: dict | None, round_no: int) -> None:
    """Keep the draw a pairing of round `round_no` made (`Pairing.draw`) in the event's
    settings, with the one before it (for `undrawn`)."""
    if made is not None:
        before = dict(event.settings.get("draw_before", {}))
        before[str(round_no)] = event.settings.get("draw")
        event.settings = {**event.settings, "draw": made, "draw_before": before}


def undrawn(event, round_no: int) -> None:
    """A proposed round paired again: the draw its pairing made is made again too."""
    before = event.settings.get("draw_before", {})
    if str(round_no) in before:
        event.settings = {**event.settings, "draw": before[str(round_no)]}


def swapped(event, a: int, b: int) -> None:
    """A swap of two entrants in the proposed round swaps them in the kept draw too."""
    kept = (event.settings or {}).get("draw")
    if not kept:
        return

    def swap(value):
        if isinstance(value, list):
            return [swap(v) for v in value]
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        return b if value == a else a if value == b else value

    event.settings = {**event.settings, "draw": swap(kept)}


def form_settings(form) -> dict:
    """The director's choices for an event played from a draw, from the event form: a
    random draw, a third-place tie, signatures before a winner goes on, the pools and how
    many of each go through. Refused (400) for numbers out of bounds."""
    out: dict = {}
    if form.get("draw") == SEED_RANDOM:
        out["seed"] = SEED_RANDOM
    if form.get("third") == "1":
        out["third"] = True
    if form.get(SIGNED) == "1":
        out[SIGNED] = True
    for name, low, high, message in (
        ("pools", 1, MAX_POOLS, _("The number of pools is 1 to %(n)s.", n=MAX_POOLS)),
        ("advance", 1, MAX_ADVANCE, _("From each pool 1 to %(n)s go through.", n=MAX_ADVANCE)),
    ):
        text = (form.get(name) or "").strip()
        if not text:
            continue
        try:
            value = int(text)
        except ValueError:
            raise Refused(400, message, field=name) from None
        if not low <= value <= high:
            raise Refused(400, message, field=name)
        out[name] = value
    return out
