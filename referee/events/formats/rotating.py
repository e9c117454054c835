"""Rotating partners: individuals at tables of four, seats 1 and 3 partners against 2 and
4 (a new partner every round). With 4k or 4k+1 active players, the complete schedule of
the circle method (everyone partners everyone exactly once; with 4k+1 everyone sits out
once), the first of its rounds from ``round_no`` on that repeats no partnership and gives
the bye fairly. Otherwise (or when the field changed) fair byes for the remainder of 4,
then a max-weight matching of partners (fewest repeated partnerships, then closeness in
standing). The partnerships are then matched into tables: fewest repeated opponents,
then partnerships of similar standing together."""

from __future__ import annotations

from itertools import combinations

from referee.engine.messages import N_

from .base import (
    BAND,
    Format,
    berger_rounds,
    eligible_for_bye,
    match,
    pair_key,
    pick_byes,
    ranked,
)


class Rotating(Format):
    id = "rotating-partners"
    label = N_("Rotating partners")
    min_entrants = 4
    too_few = N_("Rotating partners needs at least four players.")
    hint = N_(
        "Rotating partners: enter each player alone. They sit two against two at tables "
        "of four, with a new partner every round."
    )
    hint_id = "rotating-hint"

    def playable(self, variant):
        return 4 in variant.player_counts and len(variant.sides(4)) == 2

    def seats(self, variant, players):
        return players == 4

    def opponents(self, table):
        if len(table) == 4:
            a1, b1, a2, b2 = table
            return [(a1, b1), (a1, b2), (a2, b1), (a2, b2)], [(a1, a2), (b1, b2)]
        return super().opponents(table)

    def pair(self, entrants, past, round_no, *, variant, table_size, rng):
        return _rotating(ranked(entrants, rng), past, round_no)


def _rotating(ranked, past, round_no):
    if not ranked:
        return [], []
    if len(ranked) - len(ranked) % 4 <= SMALL_ROTATING:
        found = _rotating_small(ranked, past)
        if found is not None:
            return found
    candidates = _schedule_rounds(ranked, past, round_no)
    if not candidates:
        byes = pick_byes(ranked, len(ranked) % 4, past)
        seated = [e.id for e in ranked if e.id not in byes]

        def value(a, b):
            times = past.partnered[pair_key(a, b)]
            return int(times == 0), times

        partnerships, _ = match(seated, value, lambda i, j: (j - i) ** 2, BAND)
        candidates = [(partnerships, byes)]
    best = None
    for partnerships, byes in candidates:
        tables = _tables_of_partnerships(partnerships, ranked, past)
        cost = _opponent_cost(tables, past)
        if best is None or cost < best[0]:
            best = (cost, tables, byes)
    return best[1], sorted(best[2])  # type: ignore[index]  # one candidate at least


SMALL_ROTATING = 8  # rotating partners: up to this many seated, every round is weighed
BYE_CHOICES = 10  # ... with at most this many fair ways to give the byes
COMPLETION_STEPS = 20000  # ... and this much search that the schedule can still finish


def _rotating_small(ranked, past):
    """A small field (at most two tables): every fair choice of byes, every seating with
    fresh partners and every way to sit the partnerships at tables is weighed: the fewest
    repeated opponents (``_opponent_cost``), then byes to the lowest-ranked, then similar
    standing at a table; and for 4k and 4k+1 players the round must leave a way to finish
    the whole schedule with no partner twice. None when no seating has fresh partners."""
    rank = {e.id: i for i, e in enumerate(ranked)}
    options = []

    def fresh(a, b):
        return not past.partnered[pair_key(a, b)]

    for byes in _fair_byes(ranked, len(ranked) % 4, past):
        seated = [e.id for e in ranked if e.id not in byes]
        for partnerships in _perfect_matchings(seated, fresh):
            for pairs in _perfect_matchings(partnerships, lambda p, q: True):
                tables = [[p[0], q[0], p[1], q[1]] for p, q in pairs]
                spread = sum((max(rank[x] for x in t) - min(rank[x] for x in t)) for t in tables)
                cost = (*_opponent_cost(tables, past), -sum(rank[b] for b in byes), spread)
                options.append((cost, tables, byes, partnerships))
    if not options:
        return None
    options.sort(key=lambda o: o[0])
    horizon = _schedule_length(len(ranked))
    for _cost, tables, byes, partnerships in options[:50]:
        if horizon is None or _completes(ranked, past, byes, partnerships, horizon):
            return tables, sorted(byes)
    return options[0][1], sorted(options[0][2])


def _fair_byes(ranked, count, past):
    """The sets of ``count`` byes that keep the byes even: everyone with fewer byes than
    the ``count``-th fewest sits out, the rest are chosen among those level with it (the
    lowest-ranked first; at most ``BYE_CHOICES`` sets)."""
    if count == 0:
        return [set()]
    order = sorted(range(len(ranked)), key=lambda i: (past.byes[ranked[i].id], -i))
    edge = past.byes[ranked[order[count - 1]].id]
    sure = [ranked[i].id for i in order if past.byes[ranked[i].id] < edge]
    level = [ranked[i].id for i in order if past.byes[ranked[i].id] == edge]
    out = []
    for chosen in combinations(level, count - len(sure)):
        out.append({*sure, *chosen})
        if len(out) == BYE_CHOICES:
            break
    return out


def _perfect_matchings(items, allowed):
    """Every way to pair ``items`` (an even list) so that ``allowed(a, b)`` holds."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, other in enumerate(rest):
        if allowed(first, other):
            for tail in _perfect_matchings(rest[:k] + rest[k + 1 :], allowed):
                yield [(first, other), *tail]


def _schedule_length(n):
    """The rounds of a complete rotating-partners schedule of n players (everyone partners
    everyone once): n - 1 for 4k, n for 4k + 1 (each sits out once); None otherwise."""
    if n % 4 == 0:
        return n - 1
    if n % 4 == 1:
        return n
    return None


def _completes(ranked, past, byes, partnerships, horizon):
    """Whether, after this round, the rounds left up to ``horizon`` can be paired with no
    partner twice and one bye each (4k + 1). A search bounded by ``COMPLETION_STEPS``:
    when it runs out, the round is taken (it cannot be proved to block the schedule)."""
    ids = [e.id for e in ranked]
    used = {pair_key(a, b) for a, b in past.partnered if past.partnered[pair_key(a, b)]}
    used |= {pair_key(a, b) for a, b in partnerships}
    sat = {i for i in ids if past.byes[i]} | set(byes)
    played = {len([p for p in used if i in p]) + (i in sat) for i in ids}
    if len(played) != 1:  # the field changed: no complete schedule to keep
        return True
    left = horizon - played.pop()
    steps = [COMPLETION_STEPS]

    def search(used, sat, left):
        if left <= 0:
            return True
        steps[0] -= 1
        if steps[0] < 0:
            return True
        outs = [i for i in ids if i not in sat] if len(ids) % 4 else [None]
        for out in outs[:1] if len(ids) % 4 == 0 else outs:
            seated = [i for i in ids if i != out]
            for m in _perfect_matchings(seated, lambda a, b: pair_key(a, b) not in used):
                if search(used | {pair_key(a, b) for a, b in m}, sat | {out}, left - 1):
                    return True
                if steps[0] < 0:
                    return True
        return False

    return search(used, sat, left)


# Rotating partners: how many rounds of the schedule are weighed for fresh opponents
# (fewer in big fields, where each costs a matching of the partnerships into tables).
SCHEDULE_CHOICES, SCHEDULE_WORK = 12, 480


def _schedule_rounds(ranked, past, round_no):
    """The rounds of the complete 'individual pairs' schedule for this field that repeat
    no partnership and give the byes fairly, from ``round_no`` on (at most
    ``SCHEDULE_CHOICES``, fewer in big fields); none when the field is not 4k or 4k+1."""
    n = len(ranked)
    if n < 4 or n % 4 not in (0, 1):
        return []
    choices = max(2, min(SCHEDULE_CHOICES, SCHEDULE_WORK // n))
    rounds = berger_rounds(sorted(e.id for e in ranked))
    eligible = {ranked[i].id for i in eligible_for_bye(ranked, past)}
    found = []
    for k in range(len(rounds)):
        games = rounds[(round_no - 1 + k) % len(rounds)]
        pairs = [g for g in games if None not in g]
        byes = [a if b is None else b for a, b in games if None in (a, b)]
        if any(past.partnered[pair_key(a, b)] for a, b in pairs):
            continue
        if any(b not in eligible for b in byes):
            continue
        found.append((pairs, set(byes)))
        if len(found) == choices:
            break
    return found


def _opponent_cost(tables, past):
    """How a round's tables weigh, tier by tier: the most times two opponents will have
    met, then how many opponents meet again, then the squared meetings (spread evenly)."""
    most = repeats = squares = 0
    for a1, b1, a2, b2 in tables:
        for x, y in ((a1, b1), (a1, b2), (a2, b1), (a2, b2)):
            m = past.met[pair_key(x, y)]
            most = max(most, m + 1)
            repeats += m > 0
            squares += (m + 1) ** 2
    return most, repeats, squares


def _tables_of_partnerships(partnerships, ranked, past):
    """Match partnerships into tables: fewest repeated opponents, then the fewest
    meetings again (squared, so that nobody meets one opponent over and over), then
    similar standing."""
    rank = {e.id: i for i, e in enumerate(ranked)}
    teams = sorted(partnerships, key=lambda p: rank[p[0]] + rank[p[1]])
    teams = [tuple(sorted(p, key=rank.get)) for p in teams]  # type: ignore[arg-type]
    strength = [rank[a] + rank[b] for a, b in teams]

    def value(p, q):
        met = [past.met[pair_key(x, y)] for x in p for y in q]
        return 4 - sum(1 for m in met if m), sum(m * m for m in met)

    index = {t: i for i, t in enumerate(teams)}
    pairs, _ = match(teams, value, lambda i, j: (strength[j] - strength[i]) ** 2, BAND)
    pairs.sort(key=lambda pq: min(index[pq[0]], index[pq[1]]))
    return [[p[0], q[0], p[1], q[1]] for p, q in pairs]
