"""Ratings of the club's members: values in (the decided results, in order), ratings out.

Pure: no Flask, no database. A rating is always what replaying every decided result in
order gives, as a match's scores are what replaying its moves gives. The web side
(`referee/web/members/results.py`) asks the engine for each match's result and feeds the
ordered list here; `Ladder.update` replays only from the first result that differs from
what it replayed before (a new result at the end extends the replay; a correction of an
older result, or an unlock that changed it, replays from there).

The model is openskill's Plackett-Luce (Weng-Lin): it rates any number of sides of any
size from their ranks (ties allowed) in one update linear in the number of sides, so a
Čtyřka table of 13 players costs little more than a two-player Five-Up match; it is
openskill's default and the model its authors recommend for free-for-alls. A French
Connection or Čtyřka table is a free-for-all (one player a side), a Five-Up pairs match two
teams of two, a two- or three-player Five-Up match a free-for-all; level results are ties.

A rating is shown as its conservative figure, mu - 3 sigma (openskill's `ordinal`: the
member is better than that with 99.7 % certainty); it starts at 0 (25 - 3 × 25/3) and is
provisional until the member has played `PROVISIONAL` rated matches.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from openskill.models import PlackettLuce

PROVISIONAL = 10  # rated matches before a rating stops being provisional
MODEL = PlackettLuce()


class Result(NamedTuple):
    """One decided match: `key` orders the results (and names the match), `teams` the
    members of each side, `ranks` each side's place (0 the best; equal places are ties)."""

    key: object
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


class Rating(NamedTuple):
    mu: float
    sigma: float
    played: int = 0

    @property
    def shown(self) -> float:
        """The conservative figure: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.played < PROVISIONAL


START = Rating(MODEL.mu, MODEL.sigma, 0)


class Step(NamedTuple):
    """What one result did: each member's rating before and after it."""

    result: Result
    before: tuple[tuple[int, Rating], ...]
    after: tuple[tuple[int, Rating], ...]


def ranks_of(scores: list[int] | tuple[int, ...], fewest_win: bool) -> tuple[int, ...]:
    """Places from the sides' scores (0 the best; level scores share a place)."""
    keys = [s if fewest_win else -s for s in scores]
    order = sorted(set(keys))
    return tuple(order.index(k) for k in keys)


def rate(ratings: dict[int, Rating], result: Result, models: dict | None = None) -> Step:
    """Apply one result to `ratings` (changed in place); what it did. `models`: openskill's
    rating objects by member, kept between calls (made from `ratings` where missing)."""
    models = {} if models is None else models
    teams = [[ratings.get(m, START) for m in team] for team in result.teams]
    model_teams = [
        [models.get(m) or MODEL.rating(r.mu, r.sigma) for m, r in zip(team, old, strict=True)]
        for team, old in zip(result.teams, teams, strict=True)
    ]
    rated = MODEL.rate(model_teams, ranks=list(result.ranks))
    before, after = [], []
    for members, old, new in zip(result.teams, teams, rated, strict=True):
        for m, o, n in zip(members, old, new, strict=True):
            before.append((m, o))
            r = Rating(n.mu, n.sigma, o.played + 1)
            after.append((m, r))
            ratings[m] = r
            models[m] = n
    return Step(result, tuple(before), tuple(after))


def predict(ratings: dict[int, Rating], teams: list[tuple[int, ...]]) -> list[float]:
    """Each side's chance to win (openskill's predict_win), from the ratings now."""
    model_teams = [
        [MODEL.rating(*ratings.get(m, START)[:2]) for m in team] for team in teams if team
    ]
    if len(model_teams) < 2:
        return [1.0] * len(model_teams)
    return list(MODEL.predict_win(model_teams))


class Ladder:
    """The ratings of one pool (a variant) after replaying its results in order, with every
    step kept: a member's history, and a replay from any result on."""

    def __init__(self, results: Iterable[Result] = ()):
        self.ratings: dict[int, Rating] = {}
        self.steps: list[Step] = []
        self.by_member: dict[int, list[int]] = {}  # member -> indexes of their steps
        self._models: dict = {}  # member -> openskill's rating object for `ratings`
        self.update(list(results))

    @property
    def results(self) -> list[Result]:
        return [s.result for s in self.steps]

    def update(self, results: list[Result]) -> int:
        """Make the ladder what replaying `results` (in order) gives, replaying only from
        the first one that differs from those replayed before; that index is returned
        (len(results): nothing was replayed)."""
        start = 0
        for old, new in zip(self.steps, results, strict=False):
            if old.result != new:
                break
            start += 1
        self._undo_to(start)
        for result in results[start:]:
            self._apply(result)
        return start

    def _apply(self, result: Result) -> None:
        step = rate(self.ratings, result, self._models)
        index = len(self.steps)
        self.steps.append(step)
        for m, _r in step.after:
            self.by_member.setdefault(m, []).append(index)

    def _undo_to(self, start: int) -> None:
        """Take back the steps from `start` on (latest first): each member's rating is
        again what it was before them."""
        while len(self.steps) > start:
            step = self.steps.pop()
            for m, old in step.before:
                self._models.pop(m, None)  # made again from the rating when needed
                if old.played == 0:
                    self.ratings.pop(m, None)
                else:
                    self.ratings[m] = old
                indexes = self.by_member.get(m)
                if indexes:
                    indexes.pop()
                    if not indexes:
                        del self.by_member[m]

    def rating(self, member: int) -> Rating:
        return self.ratings.get(member, START)

    def history(self, member: int) -> list[tuple[Result, Rating, Rating]]:
        """The member's rated results in order, each with their rating before and after."""
        out = []
        for i in self.by_member.get(member, ()):
            step = self.steps[i]
            before = dict(step.before)[member]
            after = dict(step.after)[member]
            out.append((step.result, before, after))
        return out

    def table(self) -> list[tuple[int, Rating]]:
        """The members by conservative rating, best first (then by more matches, then by
        member id, so that the order is fixed)."""
        return sorted(self.ratings.items(), key=lambda kv: (-kv[1].shown, -kv[1].played, kv[0]))

    def predict(self, teams: list[tuple[int, ...]]) -> list[float]:
        return predict(self.ratings, teams)
