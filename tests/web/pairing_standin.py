"""A tiny stand-in for `referee.events.pairing` (written on another branch), with its
agreed interface, used by the event tests only while the real module is not there:
entrants in standing order, seated in tables in turn, the rest on a bye."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations


@dataclass(frozen=True)
class Entrant:
    id: int
    standing_key: tuple = ()
    withdrawn: bool = False
    members: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundResult:
    tables: list[list[int]]
    byes: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Pairing:
    tables: list[list[int]]
    byes: list[int]
    repeats: list[tuple[int, int]]
    fmt: str = ""


def formats_for(variant, options=None):
    options = options or {}
    if variant == "five-up":
        if options.get("pairs"):
            return ["swiss", "round-robin", "rotating-partners"]
        return ["pods"] if options.get("players") == 3 else ["swiss", "round-robin"]
    return ["pods"] if variant == "french-connection" else ["pods", "swiss", "round-robin"]


def _size(fmt, variant, table_size):
    if fmt == "rotating-partners" or variant == "french-connection":
        return 4
    if fmt == "pods":
        return table_size or (3 if variant == "five-up" else 4)
    return 2


def _met(history):
    return {tuple(sorted(p)) for r in history for t in r.tables for p in combinations(t, 2)}


def _repeats(tables, history):
    met = _met(history)
    return sorted({tuple(sorted(p)) for t in tables for p in combinations(t, 2)} & met)


def pair_round(fmt, entrants, history, round_no, *, variant, rng, table_size=None):
    active = sorted((e for e in entrants if not e.withdrawn),
                    key=lambda e: (e.standing_key, -e.id), reverse=True)
    ids = [e.id for e in active]
    if round_no % 2 == 0 and len(ids) > 2:  # a little variety
        ids = ids[1:] + ids[:1]
    size = _size(fmt, variant, table_size)
    n = len(ids) // size * size
    tables = [ids[i : i + size] for i in range(0, n, size)]
    return Pairing(tables, sorted(ids[n:]), _repeats(tables, history), fmt)


def swap(pairing, a, b, history):
    tables = [[b if x == a else a if x == b else x for x in t] for t in pairing.tables]
    byes = sorted(b if x == a else a if x == b else x for x in pairing.byes)
    return Pairing(tables, byes, _repeats(tables, history), pairing.fmt)
