"""The standings of an event: values in (each table's result, the byes), ranking out.

Pure standard library. A table's result is what the engine's replay of its matches gave
(the sides' totals and games won); this module never reads a score from anywhere else.

- Five-Up: match points (win 2 / draw 1 / loss 0, or the league style 3 / 2 / 1), then
  points for minus points against, then head-to-head (match points between the tied
  entrants), then Buchholz (the sum of the opponents' match points).
- French Connection, Čtyřka penalty: placement points per table (4/2/1/0 for four seats,
  scaled for other sizes, ties share), then total penalty points (fewer is better).
- Čtyřka victory: placement points, then total points (more is better).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

FIVE_UP = "five-up"
WIN_LOSS = (2, 1, 0)  # win, draw, loss
LEAGUE = (3, 2, 1)
PLACEMENT = (4, 2, 1, 0)  # for four seats


@dataclass(frozen=True)
class Config:
    """How an event ranks: the variant, whether fewer points are better (penalty scoring),
    the match points (win, draw, loss), the placement points for four seats, and what a
    bye scores (match points or placement points; None: a win / the top place)."""

    variant: str
    fewest: bool = False
    match_points: tuple[int, int, int] = WIN_LOSS
    placement: tuple[float, ...] = PLACEMENT
    bye: float | None = None

    @property
    def placed(self) -> bool:
        return self.variant != FIVE_UP

    @property
    def bye_points(self) -> Fraction:
        if self.bye is not None:
            return Fraction(self.bye).limit_denominator(1000)
        return Fraction(self.placement[0] if self.placed else self.match_points[0])


@dataclass(frozen=True)
class TableResult:
    """A decided table: the entrants of each side, each side's total over the table's
    games and the games each side won (one match: 1 for the winner, none for a draw)."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    wins: tuple[int, ...]


@dataclass
class Row:
    """One entrant's line in the standings."""

    entrant: int
    rank: int = 0
    played: int = 0
    byes: int = 0
    score: Fraction = Fraction(0)  # match points or placement points
    points_for: int = 0
    points_against: int = 0
    head_to_head: Fraction = Fraction(0)
    buchholz: Fraction = Fraction(0)
    opponents: list[int] = field(default_factory=list)

    @property
    def diff(self) -> int:
        return self.points_for - self.points_against


def placement_points(scheme: tuple[float, ...], seats: int) -> list[Fraction]:
    """The points for each place at a table of `seats`: the scheme for four seats, read
    at evenly spaced places for another size (two seats: first and last; three: first,
    the middle of the second and third, last), so that first and last always get the
    scheme's first and last values."""
    scheme = [Fraction(x).limit_denominator(1000) for x in scheme]
    if seats == 1:
        return [scheme[0]]
    if seats == len(scheme):
        return scheme
    out = []
    for place in range(seats):
        x = Fraction(place * (len(scheme) - 1), seats - 1)
        low = int(x)
        high = min(low + 1, len(scheme) - 1)
        out.append(scheme[low] + (scheme[high] - scheme[low]) * (x - low))
    return out


def _side_order(result: TableResult, fewest: bool) -> list[list[int]]:
    """The sides of a table in groups of equal place: games won, then the total."""
    def key(i):
        return (-result.wins[i], result.totals[i] if fewest else -result.totals[i])

    order = sorted(range(len(result.sides)), key=key)
    groups: list[list[int]] = []
    for i in order:
        if groups and key(groups[-1][0]) == key(i):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def side_scores(config: Config, result: TableResult) -> list[Fraction]:
    """What each side of a table earns: match points (Five-Up) or placement points."""
    if not config.placed:
        win, draw, loss = (Fraction(x) for x in config.match_points)
        best = max(result.wins)
        top = [i for i, w in enumerate(result.wins) if w == best]
        if len(top) == 1:
            return [win if i in top else loss for i in range(len(result.sides))]
        return [draw if i in top else loss for i in range(len(result.sides))]
    points = placement_points(config.placement, len(result.sides))
    out = [Fraction(0)] * len(result.sides)
    place = 0
    for group in _side_order(result, config.fewest):
        share = sum(points[place : place + len(group)]) / len(group)  # ties share
        for i in group:
            out[i] = share
        place += len(group)
    return out


def rule_text(config: Config) -> str:
    """The rule that orders the standings, in words."""
    if not config.placed:
        win, draw, loss = config.match_points
        return (
            f"Match points (win {win}, draw {draw}, loss {loss}), then points for minus "
            "points against, then head-to-head, then Buchholz (the opponents' match points)."
        )
    scheme = "/".join(_num(x) for x in config.placement)
    then = "total penalty points (fewer is better)" if config.fewest else "total points"
    return (
        f"Placement points per table ({scheme} for four seats, scaled for other sizes, "
        f"tied places share), then {then}."
    )


def _num(x) -> str:
    x = Fraction(x).limit_denominator(1000)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def standings(
    config: Config,
    entrants: list[int],
    results: list[TableResult],
    byes: list[int] = (),
) -> list[Row]:
    """The entrants ranked; equal on every key, equal rank."""
    rows = {e: Row(e) for e in entrants}
    for e in byes:
        if e in rows:
            rows[e].byes += 1
            rows[e].score += config.bye_points
    pair_scores: dict[tuple[int, int], Fraction] = {}
    for result in results:
        scores = side_scores(config, result)
        for i, side in enumerate(result.sides):
            against = sum(t for j, t in enumerate(result.totals) if j != i)
            others = [e for j, s in enumerate(result.sides) if j != i for e in s]
            for e in side:
                row = rows.get(e)
                if row is None:
                    continue
                row.played += 1
                row.score += scores[i]
                row.points_for += result.totals[i]
                row.points_against += against
                row.opponents.extend(others)
                for o in others:
                    pair_scores[e, o] = pair_scores.get((e, o), Fraction(0)) + scores[i]
    for row in rows.values():
        row.buchholz = sum((rows[o].score for o in row.opponents if o in rows), Fraction(0))

    if config.placed:
        def key(r: Row):
            return (-r.score, r.points_for if config.fewest else -r.points_for)
        ordered = sorted(rows.values(), key=lambda r: (key(r), r.entrant))
    else:
        def first(r: Row):
            return (-r.score, -r.diff)
        groups: dict[tuple, list[Row]] = {}
        for r in rows.values():
            groups.setdefault(first(r), []).append(r)
        for group in groups.values():
            ids = {r.entrant for r in group}
            for r in group:
                r.head_to_head = sum(
                    (s for (a, b), s in pair_scores.items() if a == r.entrant and b in ids),
                    Fraction(0),
                ) if len(group) > 1 else Fraction(0)

        def key(r: Row):
            return (*first(r), -r.head_to_head, -r.buchholz)
        ordered = sorted(rows.values(), key=lambda r: (key(r), r.entrant))
    rank = 0
    for i, row in enumerate(ordered):
        if i == 0 or key(row) != key(ordered[i - 1]):
            rank = i + 1
        row.rank = rank
    return ordered
