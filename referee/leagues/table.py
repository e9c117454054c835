"""A division's league table and the players' averages, by replaying the fixtures'
results (what each fixture's sheet scored: `sheet.Score`); nothing is stored but the
sheets' entries.

The ordering rule (ORDER, stated on the page): league points; then the difference of the
format's figure for and against (games, or legs where the league counts legs); then that
figure for; then head-to-head among the teams still level (the league points of the
fixtures between them, then their difference there); then the team's name."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from ..collation import name_key
from ..engine.messages import N_
from .sheet import Score

ORDER = N_(
    "Ordered by league points, then the difference of %(figure)s for and against, then "
    "%(figure)s for, then head-to-head among the teams still level (league points in "
    "their fixtures, then the difference there), then name."
)


@dataclass
class Row:
    team: Hashable
    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    scored: int = 0  # games (or legs) for
    conceded: int = 0  # games (or legs) against
    points: int = 0
    place: int = 0
    level: bool = False  # placed by head-to-head or name: level on the first three keys

    @property
    def difference(self) -> int:
        return self.scored - self.conceded


Result = tuple[Hashable, Hashable, Score]  # (home team, away team, the fixture's score)


def table(teams: dict, results: Iterable[Result], counts: str = "games") -> list[Row]:
    """The rows of a division's table, ordered by ORDER. `teams`: {team: name}."""
    rows = {t: Row(t, name) for t, name in teams.items()}
    results = [r for r in results if r[0] in rows and r[1] in rows]
    for home, away, s in results:
        fig = s.figure(counts)
        for side, team in ((0, home), (1, away)):
            row = rows[team]
            row.played += 1
            row.scored += fig[side]
            row.conceded += fig[1 - side]
            row.points += s.points[side]
            if s.winner is None:
                row.drawn += 1
            elif s.winner == side:
                row.won += 1
            else:
                row.lost += 1
    first = sorted(rows.values(), key=lambda r: (-r.points, -r.difference, -r.scored))
    out: list[Row] = []
    i = 0
    while i < len(first):
        key = (first[i].points, first[i].difference, first[i].scored)
        group = [r for r in first[i:] if (r.points, r.difference, r.scored) == key]
        if len(group) > 1:
            group = _head_to_head(group, results, counts)
            for r in group:
                r.level = True
        out += group
        i += len(group)
    for n, r in enumerate(out, 1):
        r.place = n
    return out


def _head_to_head(group: list[Row], results: list[Result], counts: str) -> list[Row]:
    ids = {r.team for r in group}
    pts = dict.fromkeys(ids, 0)
    diff = dict.fromkeys(ids, 0)
    for home, away, s in results:
        if home in ids and away in ids:
            fig = s.figure(counts)
            for side, team in ((0, home), (1, away)):
                pts[team] += s.points[side]
                diff[team] += fig[side] - fig[1 - side]
    return sorted(group, key=lambda r: (-pts[r.team], -diff[r.team], name_key(r.name)))


@dataclass(frozen=True)
class Appearance:
    """A player in one game of a fixture: won it (True), lost (False) or level (None);
    their side's totals per leg and the hands per leg (0: not given)."""

    member: Hashable
    won: bool | None
    totals: tuple[int, ...] = ()
    hands: tuple[int, ...] = ()


@dataclass
class Average:
    member: Hashable
    name: str
    played: int = 0
    won: int = 0
    points: int = 0  # the side's totals added up (the variant's figure's numerator)
    counted: int = 0  # the hands or tables it is divided by
    figures: list = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100 * self.won / self.played if self.played else 0.0

    @property
    def figure(self) -> float | None:
        return self.points / self.counted if self.counted else None


def averages(names: dict, games: Iterable[Appearance], per: str | None = None) -> list[Average]:
    """The players' season averages: games played and won, and the variant's figure: its
    side's points per hand (`per` "hand": only legs whose hands were given count) or per
    table (`per` "match"); None: no figure. Ordered by games won, then the share won."""
    out = {m: Average(m, name) for m, name in names.items()}
    for a in games:
        if a.member not in out:
            continue
        row = out[a.member]
        row.played += 1
        row.won += 1 if a.won else 0
        if per == "hand":
            for total, hands in zip(a.totals, a.hands, strict=False):
                if hands:
                    row.points += total
                    row.counted += hands
        elif per == "match":
            row.points += sum(a.totals)
            row.counted += len(a.totals)
    return sorted(
        (r for r in out.values() if r.played),
        key=lambda r: (-r.won, -r.percent, name_key(str(r.name))),
    )
