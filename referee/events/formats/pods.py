"""Pods: table sizes as even as the variant allows (`pod_sizes`); the byes fair (fewest
byes so far, then the lowest-ranked); players grouped by standing, then repeated
opponents removed by swapping players between tables (steepest descent). Fields with few
enough groupings are solved exactly by enumeration; larger ones by local search with
random restarts (a heuristic). Tables of several individuals, each for himself."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

from referee.engine.messages import N_, NP_, Message

from .base import Format, PairingError, known_variant, pair_key, pick_byes, ranked

WINDOW = 12  # pods: how far down the standings a table looks for fresh opponents
EXACT_PODS = 2000  # enumerate every grouping of a pod round up to this many
RESTART_BUDGET = 400  # pods: 400 / players more local searches while a repeat is left


class Pods(Format):
    id = "pods"
    label = N_("Pods (tables of several players, grouped by standing)")
    hint = N_(
        "Pods: enter each player alone. They sit at tables of the size chosen, grouped "
        "by their standing after each round."
    )
    hint_id = "pods-hint"

    def seats(self, variant, players):
        low, high, _ = variant.events.pods
        return players != 2 and low <= players <= high  # two at a table: Swiss, round robin

    def pair(self, entrants, past, round_no, *, variant, table_size, rng):
        return _pods(ranked(entrants, rng), past, variant, table_size, rng)


def pod_sizes(players: int, variant, table_size: int | None = None):
    """Table sizes for ``players`` in pods, and how many byes are left over.

    The variant says how many a pod seats (``events.pods``: fewest, most, preferred;
    ``table_size`` takes the place of the preferred). The number of tables is ``players /
    preferred`` rounded, kept within what the variant allows; sizes then differ by at
    most one, bigger tables first. French Connection seats exactly 4 (byes for the rest);
    Five-Up 3 (a table of 2 rather than a bye); Čtyřka 2 to 13, preferred 4.
    """
    lo, hi, preferred = known_variant(variant).events.pods
    if table_size is not None:
        if not lo <= table_size <= hi:
            raise PairingError(
                "table-size",
                Message(
                    NP_(
                        "A table seats {low} to {n} player here, not {size}.",
                        "A table seats {low} to {n} players here, not {size}.",
                    ),
                    low=lo,
                    n=hi,
                    size=table_size,
                ),
            )
        preferred = table_size
    if players < lo:
        return [], players
    least, most = math.ceil(players / hi), players // lo
    if least > most:  # lo == hi and the field is not a multiple: byes for the rest
        return [hi] * most, players - hi * most
    tables = min(max(round(players / preferred), least, 1), most)
    small, extra = divmod(players, tables)
    return [small + 1] * extra + [small] * (tables - extra), 0


class _PodCost:
    """Cost of a table as (repeated pairs, earlier meetings, spread in standing).

    Tuples compare tier by tier, so one repeat outweighs any spread.
    """

    def __init__(self, ranked, past):
        self.rank = {e.id: i for i, e in enumerate(ranked)}
        self.met = past.met

    def clash(self, who, others):
        """(repeats, meetings) of ``who`` with ``others``."""
        repeats = times = 0
        for other in others:
            m = self.met.get(pair_key(who, other), 0)
            if m:
                repeats += 1
                times += m
        return repeats, times

    def spread(self, total, squares, size):
        return squares - total * total / size

    def table(self, members):
        repeats = times = 0
        for i, who in enumerate(members):
            r, t = self.clash(who, members[i + 1 :])
            repeats += r
            times += t
        ranks = [self.rank[x] for x in members]
        return repeats, times, self.spread(sum(ranks), sum(r * r for r in ranks), len(ranks))

    def total(self, tables):
        costs = [self.table(t) for t in tables]
        return tuple(sum(c[k] for c in costs) for k in range(3))


def _groupings(players, sizes):
    """Every way to split ``players`` into tables of the multiset ``sizes``."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        left = list(sizes)
        left.remove(size)
        for mates in combinations(rest, size - 1):
            chosen = set(mates)
            remaining = [p for p in rest if p not in chosen]
            for tail in _groupings(remaining, left):
                yield [[first, *mates], *tail]


def _grouping_count(n, sizes):
    count = math.factorial(n)
    for s in sizes:
        count //= math.factorial(s)
    for multiplicity in Counter(sizes).values():
        count //= math.factorial(multiplicity)
    return count


def _pods(ranked, past, variant, table_size, rng):
    sizes, bye_count = pod_sizes(len(ranked), variant, table_size)
    byes = pick_byes(ranked, bye_count, past)
    seated = [e.id for e in ranked if e.id not in byes]
    cost = _PodCost(ranked, past)
    if _grouping_count(len(seated), sizes) <= EXACT_PODS:
        tables = min(_groupings(seated, sizes), key=cost.total)
    else:
        tables = _greedy_pods(seated, sizes, past)
        _improve(tables, cost)
        for _ in range(_restarts(len(seated))):
            if cost.total(tables)[0] == 0:
                break
            shuffled = list(seated)
            rng.shuffle(shuffled)
            other = _greedy_pods(shuffled, sizes, past)
            _improve(other, cost)
            if cost.total(other) < cost.total(tables):
                tables = other
    tables.sort(key=lambda t: min(cost.rank[x] for x in t))
    return [sorted(t, key=cost.rank.get) for t in tables], sorted(byes)  # type: ignore[arg-type]


def _restarts(players):
    """How many more local searches, from random groupings, while a repeat is left."""
    return max(1, RESTART_BUDGET // players)


def _greedy_pods(seated, sizes, past):
    """Fill tables best first, each with the next players who have not met its members."""
    remaining = list(seated)
    tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            window = remaining[: max(WINDOW, 3 * size)]
            clashes = [sum(1 for q in table if past.met[pair_key(p, q)]) for p in window]
            table.append(remaining.pop(clashes.index(min(clashes))))
        tables.append(table)
    return tables


def _improve(tables, cost):
    """Swap players between tables while that lowers the cost.

    Only tables with a repeat are worked on; for each, the best single swap with a player
    of any other table is made (costs compared tier by tier, worked out incrementally).
    """
    rank = cost.rank
    costs = [cost.table(t) for t in tables]
    sums = [[sum(rank[x] for x in t), sum(rank[x] ** 2 for x in t)] for t in tables]

    def moved(a, out, into, without):
        """Cost of table ``a`` with ``out`` replaced by ``into``."""
        rep, times, _ = costs[a]
        r_out, t_out = cost.clash(out, without)
        r_in, t_in = cost.clash(into, without)
        total = sums[a][0] - rank[out] + rank[into]
        squares = sums[a][1] - rank[out] ** 2 + rank[into] ** 2
        size = len(tables[a])
        return rep - r_out + r_in, times - t_out + t_in, cost.spread(total, squares, size)

    improved = True
    while improved:
        improved = False
        for a in range(len(tables)):
            if costs[a][0] == 0:
                continue
            best, choice = (0, 0, -1e-9), None
            for i, x in enumerate(tables[a]):
                rest_a = tables[a][:i] + tables[a][i + 1 :]
                for b, other in enumerate(tables):
                    if b == a:
                        continue
                    for j, y in enumerate(other):
                        ca = moved(a, x, y, rest_a)
                        cb = moved(b, y, x, other[:j] + other[j + 1 :])
                        delta = tuple(ca[k] + cb[k] - costs[a][k] - costs[b][k] for k in range(3))
                        if delta < best:
                            best, choice = delta, (i, b, j, ca, cb)
            if choice is not None:
                i, b, j, ca, cb = choice
                x, y = tables[a][i], tables[b][j]
                tables[a][i], tables[b][j] = y, x
                costs[a], costs[b] = ca, cb
                for t, out, into in ((a, x, y), (b, y, x)):
                    sums[t][0] += rank[into] - rank[out]
                    sums[t][1] += rank[into] ** 2 - rank[out] ** 2
                improved = True
