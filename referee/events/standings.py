"""The standings of an event: values in (each table's result, the byes), ranking out.

Pure standard library. A table's result is what the engine's replay of its matches gave
(the sides' totals and games won); this module never reads a score from anywhere else.

A variant says which of two rankings its events use (`Variant.standings`):

- match points (Five-Up): win 2 / draw 1 / loss 0, or the league style 3 / 2 / 1, then
  points for minus points against, then head-to-head (match points between the tied
  entrants), then Buchholz (the sum of the opponents' match points).
- placement (French Connection, Čtyřka): placement points per table (4/2/1/0 for four
  seats, scaled for other sizes, ties share), then penalty points (fewer is better) where
  the fewest points win (penalty scoring), else points (more is better).

In the placement variants, entrants who played different numbers of matches (a late
entrant, a bye) are ranked fairly in one of two ways, the event's choice (``Config.fair``):

- ``ROUND_AVERAGE``: placement points, then points per match; a bye scores the round's
  average (the placement points and the points of an average entrant of that round) and
  counts as a match.
- ``PER_MATCH``: placement points per match played, then points per match played; a bye is
  left out.

Events made before the choice existed (``fair=None``) keep the old rule: totals, a bye
scoring the top place (or the director's figure) and no points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from referee.engine.variants import get_variant

WIN_LOSS = (2, 1, 0)  # win, draw, loss
LEAGUE = (3, 2, 1)
PLACEMENT = (4, 2, 1, 0)  # for four seats
ROUND_AVERAGE = "round-average"  # a bye scores the round's average; then points per match
PER_MATCH = "per-match"  # everything per match played; a bye is left out
FAIR = (ROUND_AVERAGE, PER_MATCH)


@dataclass(frozen=True)
class Config:
    """How an event ranks: the variant, whether fewer points are better (penalty scoring),
    the match points (win, draw, loss), the placement points for four seats, what a bye
    scores (match points or placement points; None: a win or the top place, and under
    ``ROUND_AVERAGE`` the round's average), and how a placement event ranks entrants who
    played different numbers of matches (``fair``: ``ROUND_AVERAGE``, ``PER_MATCH``, or
    None: the old totals)."""

    variant: str
    fewest: bool = False
    match_points: tuple[int, int, int] = WIN_LOSS
    placement: tuple[float, ...] = PLACEMENT
    bye: float | None = None
    fair: str | None = None

    @property
    def placed(self) -> bool:
        """Ranked by placement points per table (else by match points): the variant's
        `standings` say which."""
        return get_variant(self.variant).standings.placed

    @property
    def per_match(self) -> bool:
        return self.placed and self.fair == PER_MATCH

    @property
    def round_average(self) -> bool:
        return self.placed and self.fair == ROUND_AVERAGE

    @property
    def bye_points(self) -> Fraction:
        if self.bye is not None:
            return Fraction(self.bye).limit_denominator(1000)
        return Fraction(self.placement[0] if self.placed else self.match_points[0])


@dataclass(frozen=True)
class TableResult:
    """A decided table: the entrants of each side, each side's total over the table's
    games, the games each side won (one match: 1 for the winner, none for a draw), and
    the round it was played in."""

    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    wins: tuple[int, ...]
    round: int = 0


@dataclass(frozen=True)
class Bye:
    """An entrant's bye in a round."""

    entrant: int
    round: int = 0


@dataclass(frozen=True)
class ByeScore:
    """What a bye scored: its round, the match or placement points, and the points it
    counts as a match with (None: it counts as no match)."""

    round: int
    score: Fraction
    points: Fraction | None


@dataclass
class Row:
    """One entrant's line in the standings."""

    entrant: int
    rank: int = 0
    played: int = 0
    byes: int = 0
    score: Fraction = Fraction(0)  # match points or placement points, byes included
    points_for: int = 0  # over the matches played
    points_against: int = 0
    head_to_head: Fraction = Fraction(0)
    buchholz: Fraction = Fraction(0)
    opponents: list[int] = field(default_factory=list)
    bye_scores: list[ByeScore] = field(default_factory=list)

    @property
    def diff(self) -> int:
        return self.points_for - self.points_against

    @property
    def score_per_match(self) -> Fraction:
        """Placement points per match played (byes left out)."""
        return self.score / self.played if self.played else Fraction(0)

    @property
    def points_per_match(self) -> Fraction:
        """Points per match; a bye that scored the round's average counts as a match."""
        counted = [b.points for b in self.bye_scores if b.points is not None]
        matches = self.played + len(counted)
        return (self.points_for + sum(counted, Fraction(0))) / matches if matches else Fraction(0)


def placement_points(scheme: tuple[float, ...], seats: int) -> list[Fraction]:
    """The points for each place at a table of `seats`: the scheme for four seats, read
    at evenly spaced places for another size (two seats: first and last; three: first,
    the middle of the second and third, last), so that first and last always get the
    scheme's first and last values."""
    points = [Fraction(x).limit_denominator(1000) for x in scheme]
    if seats == 1:
        return [points[0]]
    if seats == len(points):
        return points
    out = []
    for place in range(seats):
        x = Fraction(place * (len(points) - 1), seats - 1)
        low = int(x)
        high = min(low + 1, len(points) - 1)
        out.append(points[low] + (points[high] - points[low]) * (x - low))
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
        share = sum(points[place : place + len(group)], Fraction(0)) / len(group)  # ties share
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
    places = f"({scheme} for four seats, scaled for other sizes, tied places share)"
    kind = "penalty points (fewer is better)" if config.fewest else "points"
    if config.per_match:
        return (
            f"Placement points per match played {places}, then {kind} per match "
            "played; a bye is left out."
        )
    if config.round_average:
        return (
            f"Placement points per table {places}, then {kind} per match; a bye scores "
            "the round's average."
        )
    then = "total penalty points (fewer is better)" if config.fewest else "total points"
    return f"Placement points per table {places}, then {then}."


def points(value) -> str:
    """Standings points as a page shows them: whole numbers as they are, shares with up to
    two decimals."""
    if value == int(value):
        return str(int(value))
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _num(x) -> str:
    x = Fraction(x).limit_denominator(1000)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def round_averages(config: Config, results: list[TableResult]) -> dict[int, tuple]:
    """Per round: the (match or placement points, points) of its average seated entrant."""
    sums: dict[int, list] = {}
    for result in results:
        scores = side_scores(config, result)
        acc = sums.setdefault(result.round, [Fraction(0), Fraction(0), 0])
        for i, side in enumerate(result.sides):
            acc[0] += scores[i] * len(side)
            acc[1] += result.totals[i] * len(side)
            acc[2] += len(side)
    return {r: (a / n, b / n) for r, (a, b, n) in sums.items() if n}


def bye_score(config: Config, bye: Bye, averages: dict[int, tuple]) -> ByeScore:
    """What a bye scores under the event's rule (``averages``: ``round_averages``)."""
    if config.per_match:
        return ByeScore(bye.round, Fraction(0), None)
    if config.round_average:
        score, points = averages.get(bye.round, (Fraction(0), Fraction(0)))
        if config.bye is not None:
            score = config.bye_points
        return ByeScore(bye.round, score, points)
    return ByeScore(bye.round, config.bye_points, None)


def standings(
    config: Config,
    entrants: list[int],
    results: list[TableResult],
    byes: Iterable[int | Bye] = (),
) -> list[Row]:
    """The entrants ranked; equal on every key, equal rank. A bye is an entrant's id or a
    ``Bye`` (with its round, which the round's average needs)."""
    rows = {e: Row(e) for e in entrants}
    averages = round_averages(config, results) if config.round_average else {}
    for b in byes:
        b = b if isinstance(b, Bye) else Bye(b)
        row = rows.get(b.entrant)
        if row is None:
            continue
        scored = bye_score(config, b, averages)
        row.byes += 1
        row.bye_scores.append(scored)
        row.score += scored.score
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
        sign = 1 if config.fewest else -1
        if config.per_match:

            def key(r: Row):  # nobody who has not played yet ranks above one who has
                return (r.played == 0, -r.score_per_match, sign * r.points_per_match)
        elif config.round_average:

            def key(r: Row):
                return (-r.score, sign * r.points_per_match)
        else:

            def key(r: Row):
                return (-r.score, sign * r.points_for)

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
                r.head_to_head = (
                    sum(
                        (s for (a, b), s in pair_scores.items() if a == r.entrant and b in ids),
                        Fraction(0),
                    )
                    if len(group) > 1
                    else Fraction(0)
                )

        def key(r: Row):
            return (*first(r), -r.head_to_head, -r.buchholz)

        ordered = sorted(rows.values(), key=lambda r: (key(r), r.entrant))
    rank = 0
    for i, row in enumerate(ordered):
        if i == 0 or key(row) != key(ordered[i - 1]):
            rank = i + 1
        row.rank = rank
    return ordered
