"""Swiss: `networkx.max_weight_matching` on integer weights in tiers, each tier
outweighing all below: (1) fewest pairs who met before, (2) fewest earlier meetings among
them, (3) the bye to the lowest-ranked entrant with fewest byes, (4) closeness in standing
(squared rank distance). Only entrants within ``BAND`` ranks are joined first; if that
leaves a repeat the full graph is solved, so repeats stay minimal. Tables of two
entrants: players, or fixed pairs."""

from __future__ import annotations

from referee.engine.messages import N_

from .base import BAND, TwoAtATable, eligible_for_bye, match, pair_key, ranked


class Swiss(TwoAtATable):
    id = "swiss"
    label = N_("Swiss")
    hint = N_(
        "Swiss: each round pairs entrants with like scores who have not met yet; say how "
        "many rounds, or stop when you like."
    )
    hint_id = "swiss-hint"

    def pair(self, entrants, past, round_no, *, variant, table_size, rng):
        return _swiss(ranked(entrants, rng), past)


def _swiss(order, past):
    if not order:
        return [], []
    ids = [e.id for e in order]

    def value(a, b):
        times = past.met[pair_key(a, b)]
        return int(times == 0), times

    pairs, bye = match(ids, value, lambda i, j: (j - i) ** 2, BAND, eligible_for_bye(order, past))
    return [[a, b] for a, b in pairs], [bye] if bye is not None else []
