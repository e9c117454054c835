"""The fixture list of a division: a double round robin (everyone plays everyone at home
and away), one fixture night a week on the league's weekday from a start date, a bye for
one team a night when the count is odd.

The circle method: the first team stays, the others turn one place a night; home and away
alternate along the pairs and, for the first team, from night to night; the second half is
the first with home and away swapped, so every pair meets once at each ground. With n teams (n
even) there are 2(n-1) nights of n/2 fixtures; with n odd, 2n nights with one bye each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Night(Generic[T]):
    """One fixture night: its number (from 1), its date, the fixtures (home, away), the
    team with a bye (None: none)."""

    number: int
    day: date
    fixtures: tuple[tuple[T, T], ...]
    bye: T | None


def first_night(start: date, weekday: int) -> date:
    """The first `weekday` (0 Monday ... 6 Sunday) on or after `start`."""
    return start + timedelta(days=(weekday - start.weekday()) % 7)


def single(teams: Sequence[T]) -> list[tuple[list[tuple[T, T]], T | None]]:
    """A single round robin: per night, the fixtures and the bye."""
    ring: list[T | None] = list(teams)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    nights = []
    for r in range(n - 1):
        pairs: list[tuple[T, T]] = []
        bye = None
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if (i == 0 and r % 2) or (i and i % 2):
                a, b = b, a
            if a is None or b is None:
                bye = b if a is None else a
                continue
            pairs.append((a, b))
        nights.append((pairs, bye))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return nights


def double(teams: Sequence[T], start: date, weekday: int) -> list[Night[T]]:
    """The double round robin from the first `weekday` on or after `start`, a night a week."""
    if len(teams) < 2:
        return []
    if len(set(teams)) != len(teams):
        raise ValueError("a team is named twice")
    first = single(teams)
    halves = first + [([(b, a) for a, b in pairs], bye) for pairs, bye in first]
    day = first_night(start, weekday)
    return [
        Night(i + 1, day + timedelta(weeks=i), tuple(pairs), bye)
        for i, (pairs, bye) in enumerate(halves)
    ]
