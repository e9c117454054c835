"""A season's table, computed (pure: stdlib only) from its events' standings.

A season groups a club's events (its *nights*). Each night gives each of its players
season points: by place (`PLACES`, e.g. 10-8-6-5-4-3-2-1; players level in a night share
the points of the places they span), or the night's own score (its standings' match or
placement points). A player's total is the sum of their best `best` nights (all of them
when `best` is None); attendance is how many nights they played. Level totals share a
place. Nothing here is stored: the table is what the events' standings give now.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

PLACES = (10, 8, 6, 5, 4, 3, 2, 1)
OWN = "own"  # the night's own score instead of points by place


@dataclass(frozen=True)
class Placing:
    """A player's line in one night's standings: who (a key: a member, or a plain name),
    their place (1 first; level players share it) and the night's own score."""

    who: Hashable
    rank: int
    score: Fraction = Fraction(0)


@dataclass(frozen=True)
class Settings:
    """How a season counts: `places` (points by place) or None for the night's own
    score; `best`: how many nights count for each player (None: every night)."""

    places: tuple[int, ...] | None = PLACES
    best: int | None = None


@dataclass
class SeasonRow:
    """A player's line of the season's table: the points of each night (None where they
    did not play), which nights count (the best ones), the total and the attendance."""

    who: Hashable
    nights: list[Fraction | None]
    counted: list[bool] = field(default_factory=list)
    total: Fraction = Fraction(0)
    attended: int = 0
    rank: int = 0


def place_points(places: Sequence[int], rank: int, level: int) -> Fraction:
    """What place `rank` is worth when `level` players share it: the average of the
    points of the places they span (two level second in 10-8-6: (8 + 6) / 2 = 7)."""
    spanned = [places[i] if i < len(places) else 0 for i in range(rank - 1, rank - 1 + level)]
    return Fraction(sum(spanned), level)


def night_points(settings: Settings, placings: Sequence[Placing]) -> dict[Hashable, Fraction]:
    """The season points of each player of one night."""
    if settings.places is None:
        return {p.who: Fraction(p.score) for p in placings}
    level: dict[int, int] = {}
    for p in placings:
        level[p.rank] = level.get(p.rank, 0) + 1
    return {p.who: place_points(settings.places, p.rank, level[p.rank]) for p in placings}


def table(settings: Settings, nights: Sequence[Iterable[Placing]]) -> list[SeasonRow]:
    """The season's table from its nights (in order), best total first; level totals share
    a place (then by attendance, more first, and the order players first appeared)."""
    rows: dict[Hashable, SeasonRow] = {}
    for i, placings in enumerate(nights):
        for who, points in night_points(settings, list(placings)).items():
            row = rows.setdefault(who, SeasonRow(who, [None] * len(nights)))
            row.nights[i] = points
    for row in rows.values():
        played = [(p, i) for i, p in enumerate(row.nights) if p is not None]
        row.attended = len(played)
        # the best nights, the earlier first among equal points
        best = sorted(played, key=lambda pi: (-pi[0], pi[1]))
        if settings.best is not None:
            best = best[: settings.best]
        chosen = {i for _, i in best}
        row.counted = [i in chosen for i in range(len(row.nights))]
        row.total = sum((p for p, _ in best), Fraction(0))
    out = sorted(rows.values(), key=lambda r: (-r.total, -r.attended))
    for n, row in enumerate(out, 1):
        row.rank = out[n - 2].rank if n > 1 and out[n - 2].total == row.total else n
    return out
