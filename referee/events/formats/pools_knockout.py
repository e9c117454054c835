"""Pools, then a knockout: the entrants drawn into pools in seed order (snake: 1 to A, 2 to
B... then back), each pool a round robin (its rounds played side by side); when every
pool's rounds are played, the best of each pool (the director's number) are seeded into a
bracket, pool winners first, so that two of one pool meet as late as can be, and the
knockout is played as `knockout`'s. Tables of two entrants: players, or fixed pairs."""

from __future__ import annotations

from referee.engine.messages import N_

from .. import bracket as br
from .base import berger_rounds, ranked
from .knockout import Knockout, seeded

POOL = 4  # entrants per pool when the director does not say how many pools


class PoolsKnockout(Knockout):
    id = "pools-knockout"
    label = N_("Pools, then a knockout")
    hint = N_(
        "Pools, then a knockout: round-robin pools first; the best of each pool go on "
        "to a seeded knockout."
    )
    hint_id = "pools-knockout-hint"
    min_entrants = 4
    too_few = N_("Pools and a knockout need at least four entrants.")

    def _pools(self, past) -> list[list[int]]:
        return (past.draw or {}).get("pools") or []

    def pool_rounds(self, past) -> int:
        """The rounds of the pools: the largest pool's round robin."""
        most = max((len(p) for p in self._pools(past)), default=0)
        return most - 1 if most % 2 == 0 and most else most

    def offset(self, past) -> int:
        return self.pool_rounds(past)

    def draw(self, entrants, past, round_no, *, rng):
        if round_no == 1 and not self._pools(past):
            order = seeded(entrants, past.options.get("seed"), rng)
            count = int(past.options.get("pools") or 0) or max(1, round(len(order) / POOL))
            count = max(1, min(count, len(order) // 2))
            pools: list[list[int]] = [[] for _ in range(count)]
            for i, who in enumerate(order):
                lap, k = divmod(i, count)
                pools[k if lap % 2 == 0 else count - 1 - k].append(who)
            return {"pools": pools}
        last = self.pool_rounds(past)
        if round_no == last + 1 and not (past.draw or {}).get("lines"):
            best = int(past.options.get("advance") or 2)
            standing = {e.id: i for i, e in enumerate(ranked(entrants, rng))}
            places = [sorted(p, key=standing.__getitem__) for p in self._pools(past)]
            order = [p[k] for k in range(best) for p in places if k < len(p)]
            return {**(past.draw or {}), "lines": br.draw_lines(order)}
        return None

    def pair(self, entrants, past, round_no, *, variant, table_size, rng):
        last = self.pool_rounds(past)
        if round_no > last:
            return super().pair(
                entrants, past, round_no, variant=variant, table_size=table_size, rng=rng
            )
        active = {e.id for e in entrants if not e.withdrawn}
        tables, byes = [], []
        for pool in self._pools(past):
            rounds = berger_rounds(pool)
            if round_no > len(rounds):
                continue
            for a, b in rounds[round_no - 1]:
                if a in active and b in active:
                    tables.append([a, b])
                else:
                    byes += [x for x in (a, b) if x in active]
        return tables, byes

    def opens(self, past, round_no):
        return bool(self._pools(past)) and round_no > self.pool_rounds(past) + 1

    def places(self, entrants, past):
        bracket = self.bracket(past)
        if bracket is None:
            return None
        out = list(br.placings(bracket))
        seen = {e for e, _, _ in out}
        standing = {e.id: i for i, e in enumerate(entrants)}  # given in standings order
        rest = [
            sorted((p for p in pool if p not in seen), key=lambda x: standing.get(x, 0))
            for pool in self._pools(past)
        ]
        k = 0
        while any(k < len(p) for p in rest):
            group = [p[k] for p in rest if k < len(p)]
            first = len(out) + 1
            out += [(e, first, first + len(group) - 1) for e in group]
            k += 1
        return out
