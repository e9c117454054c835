"""Pairing a round of an event: round robin, Swiss, rotating partners and pods.

Pure Python (standard library + networkx); randomness comes in as a ``random.Random``.

Interface (agreed with the web side; the extra fields and helpers are additions only)::

    pair_round(fmt, entrants, history, round_no, *, variant, rng, table_size=None) -> Pairing
    formats_for(variant, options) -> list[str]
    swap(pairing, a, b, history) -> Pairing
    pod_sizes(players, variant, table_size=None) -> (sizes, byes)     # added

``history`` is the list of earlier rounds (``RoundResult``), oldest first. A table lists
entrant ids, seats in order. For ``rotating-partners`` a table is four individuals
``[a1, b1, a2, b2]``: seats 1 and 3 are partners against seats 2 and 4 (FU-PLAYERS); in
every other format everybody at a table is an opponent of everybody else there (a Five-Up
pairs match between two fixed pairs is a table of two pair-entrants).

Additions to the agreed interface: ``Pairing.fmt`` (the format, so that ``swap`` knows
how to read a table) and ``Pairing.partner_repeats`` (rotating partners: the repeated
partnerships alone; ``repeats`` holds them and the repeated opponents).

The rules chosen (docs/events-pairing.md says the same):

- Withdrawn entrants are never paired. Ties in standing are broken by ``rng``.
- Fair byes: a bye goes to someone with the fewest byes so far (nobody gets a second bye
  while an active entrant has none), the lowest-ranked such entrant first.
- Round robin: circle method (Berger) over every entrant, withdrawn ones included so the
  schedule never moves; a game against a withdrawn entrant (or the dummy of an odd field)
  is a bye.
- Swiss: ``networkx.max_weight_matching`` on integer weights in tiers, each tier
  outweighing all below: (1) fewest pairs who met before, (2) fewest earlier meetings
  among them, (3) the bye to the lowest-ranked entrant with fewest byes, (4) closeness
  in standing (squared rank distance). Only entrants within ``BAND`` ranks are joined
  first; if that leaves a repeat the full graph is solved, so repeats stay minimal.
- Rotating partners: with 4k or 4k+1 active players, the complete schedule of the circle
  method (everyone partners everyone exactly once; with 4k+1 everyone sits out once), the
  first of its rounds from ``round_no`` on that repeats no partnership and gives the bye
  fairly. Otherwise (or when the field changed) fair byes for the remainder of 4, then a
  max-weight matching of partners (fewest repeated partnerships, then closeness in
  standing). The partnerships are then matched into tables: fewest repeated opponents,
  then partnerships of similar standing together.
- Pods: table sizes as even as the variant allows (``pod_sizes``); the byes as above;
  players grouped by standing, then repeated opponents removed by swapping players
  between tables (steepest descent). Fields with few enough groupings are solved
  exactly by enumeration; larger ones by local search with random restarts (a heuristic).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

import networkx as nx

from referee.engine.messages import N_, NP_, Message

ROUND_ROBIN = "round-robin"
SWISS = "swiss"
ROTATING = "rotating-partners"
PODS = "pods"
FORMATS = (ROUND_ROBIN, SWISS, ROTATING, PODS)

VARIANTS = ("five-up", "french-connection", "ctyrka")

# Pod table sizes per variant: (smallest, largest, preferred).
POD_SIZES = {"five-up": (2, 3, 3), "french-connection": (4, 4, 4), "ctyrka": (2, 13, 4)}


class PairingError(ValueError):
    """A request the pairing cannot meet: ``code`` says which (for programs and tests),
    ``message`` is a ``Message`` the web side says in the reader's language."""

    def __init__(self, code: str, message: Message):
        super().__init__(message)
        self.code, self.message = code, message


def _unknown_variant(variant) -> PairingError:
    return PairingError(
        "variant", Message(N_("There is no variant called {variant}."), variant=str(variant))
    )


BAND = 10  # matchings join entrants this many ranks apart first (then 4x, then all)
WINDOW = 12  # pods: how far down the standings a table looks for fresh opponents
EXACT_PODS = 2000  # enumerate every grouping of a pod round up to this many
RESTART_BUDGET = 400  # pods: 400 / players more local searches while a repeat is left


@dataclass(frozen=True)
class Entrant:
    """A player or a fixed pair; ``standing_key`` sorts higher = better."""

    id: int
    standing_key: tuple = ()
    withdrawn: bool = False
    members: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """A round already paired: tables of entrant ids (seats in order) and the byes."""

    tables: list[list[int]]
    byes: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Pairing:
    """A proposed round: tables (best first), byes, and the pairs who met before."""

    tables: list[list[int]]
    byes: list[int]
    repeats: list[tuple[int, int]]
    fmt: str = ""
    partner_repeats: list[tuple[int, int]] = field(default_factory=list)


def formats_for(variant: str, options: dict | None = None) -> list[str]:
    """The formats that fit a variant with its options, the usual one first.

    Five-Up options: ``pairs`` (fixed pairs, each pair one entrant: round robin or Swiss),
    ``players`` (2 or 3, each player for themselves; 4: individuals at tables of four who
    change partner every round, rotating partners). Without options every format fits.
    """
    options = options or {}
    if variant == "five-up":
        if options.get("pairs"):
            return [SWISS, ROUND_ROBIN]
        if options.get("players") == 4:
            return [ROTATING]
        if options.get("players") == 3:
            return [PODS]
        if options.get("players") == 2:
            return [SWISS, ROUND_ROBIN]
        return [SWISS, ROUND_ROBIN, PODS, ROTATING]
    if variant == "french-connection":
        return [PODS]
    if variant == "ctyrka":
        return [PODS, SWISS, ROUND_ROBIN]
    raise _unknown_variant(variant)


def pod_sizes(players: int, variant: str, table_size: int | None = None):
    """Table sizes for ``players`` in pods, and how many byes are left over.

    The number of tables is ``players / preferred`` rounded, kept within what the
    variant allows; sizes then differ by at most one, bigger tables first. French
    Connection seats exactly 4 (byes for the rest); Five-Up 3 (a table of 2 rather than
    a bye); Čtyřka 2 to 13, preferred 4 unless ``table_size`` says otherwise.
    """
    if variant not in POD_SIZES:
        raise _unknown_variant(variant)
    lo, hi, preferred = POD_SIZES[variant]
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


def pair_round(fmt, entrants, history, round_no, *, variant, rng, table_size=None) -> Pairing:
    """Pair round ``round_no`` (1-based) of an event in format ``fmt``."""
    if fmt not in FORMATS:
        raise PairingError(
            "format", Message(N_("There is no format called {format}."), format=str(fmt))
        )
    if variant not in VARIANTS:
        raise _unknown_variant(variant)
    rng = rng if rng is not None else random.Random(0)
    entrants = list(entrants)
    if len({e.id for e in entrants}) != len(entrants):
        raise PairingError("entrants", Message(N_("An entrant is listed twice.")))
    past = _History(history, fmt)
    if fmt == ROUND_ROBIN:
        tables, byes = _round_robin(entrants, round_no)
    else:
        ranked = _ranked(entrants, rng)
        if fmt == SWISS:
            tables, byes = _swiss(ranked, past)
        elif fmt == ROTATING:
            tables, byes = _rotating(ranked, past, round_no)
        else:
            tables, byes = _pods(ranked, past, variant, table_size, rng)
    return _finish(tables, byes, past, fmt)


def swap(pairing: Pairing, a: int, b: int, history) -> Pairing:
    """Swap two entrants (two seats of a table, two tables, or a table and a bye)."""
    where = {}
    for t, table in enumerate(pairing.tables):
        for s, who in enumerate(table):
            where[who] = (t, s)
    for s, who in enumerate(pairing.byes):
        where[who] = (None, s)
    for who in (a, b):
        if who not in where:
            raise PairingError(
                "not-in-round", Message(N_("Entrant {entrant} is not in this round."), entrant=who)
            )
    tables = [list(t) for t in pairing.tables]
    byes = list(pairing.byes)

    def put(place, who):
        t, s = place
        (byes if t is None else tables[t])[s] = who

    pa, pb = where[a], where[b]
    put(pa, b)
    put(pb, a)
    past = _History(history, pairing.fmt)
    return _finish(tables, sorted(byes), past, pairing.fmt, keep_order=True)


# --- history and ranking -------------------------------------------------------------


def _pair(a, b):
    return (a, b) if a < b else (b, a)


def _opponents(table, fmt):
    if fmt == ROTATING and len(table) == 4:
        a1, b1, a2, b2 = table
        return [(a1, b1), (a1, b2), (a2, b1), (a2, b2)], [(a1, a2), (b1, b2)]
    return list(combinations(table, 2)), []


class _History:
    """Who met whom (as opponents, as partners), byes and first seats so far."""

    def __init__(self, history, fmt):
        self.met = Counter()
        self.partnered = Counter()
        self.byes = Counter()
        self.first = Counter()
        for rnd in history or ():
            for table in rnd.tables:
                opponents, partners = _opponents(table, fmt)
                self.met.update(_pair(a, b) for a, b in opponents)
                self.partnered.update(_pair(a, b) for a, b in partners)
                if table:
                    self.first[table[0]] += 1
            self.byes.update(rnd.byes)


def _ranked(entrants, rng):
    """Active entrants best first; equal standings in random order."""
    active = [e for e in entrants if not e.withdrawn]
    rng.shuffle(active)
    active.sort(key=lambda e: e.standing_key, reverse=True)
    return active


def _pick_byes(ranked, count, past):
    """The ``count`` fair byes: fewest byes so far, then the lowest-ranked."""
    order = sorted(range(len(ranked)), key=lambda i: (past.byes[ranked[i].id], -i))
    return {ranked[i].id for i in order[:count]}


def _finish(tables, byes, past, fmt, keep_order=False):
    repeats, partner_repeats = [], []
    for table in tables:
        opponents, partners = _opponents(table, fmt)
        repeats += [_pair(a, b) for a, b in opponents if past.met[_pair(a, b)]]
        partner_repeats += [_pair(a, b) for a, b in partners if past.partnered[_pair(a, b)]]
    if not keep_order:
        tables = [_seat(t, past, fmt) for t in tables]
    return Pairing(
        tables=[list(t) for t in tables],
        byes=sorted(byes),
        repeats=sorted(set(repeats + partner_repeats)),
        fmt=fmt,
        partner_repeats=sorted(set(partner_repeats)),
    )


def _seat(table, past, fmt):
    """Seat 1 to whoever has sat there least (a fair share of first leads).

    The table is rotated, which keeps partners opposite each other at a table of four.
    """
    if len(table) < 2:
        return table
    k = min(range(len(table)), key=lambda i: (past.first[table[i]], i))
    return table[k:] + table[:k] if len(table) > 2 else [table[k], table[1 - k]]


# --- round robin ---------------------------------------------------------------------


def berger_rounds(ids):
    """Every round of a round robin by the circle method; ``None`` is the bye."""
    ids = list(ids)
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    fixed, ring = ids[-1], ids[:-1]
    rounds = []
    for r in range(n - 1):
        games = [(ring[0], fixed) if r % 2 == 0 else (fixed, ring[0])]
        for i in range(1, n // 2):
            a, b = ring[i], ring[-i]
            games.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(games)
        ring = ring[-1:] + ring[:-1]
    return rounds


def _round_robin(entrants, round_no):
    everyone = sorted(entrants, key=lambda e: e.id)
    active = {e.id for e in everyone if not e.withdrawn}
    rounds = berger_rounds(e.id for e in everyone)
    if not 1 <= round_no <= len(rounds):
        raise PairingError(
            "round-robin-over",
            Message(
                NP_(
                    "A round robin of {n} entrant has no round {round}.",
                    "A round robin of {n} entrants has no round {round}.",
                ),
                n=len(everyone),
                round=round_no,
            ),
        )
    tables, byes = [], []
    for a, b in rounds[round_no - 1]:
        if a in active and b in active:
            tables.append([a, b])
        else:
            byes += [x for x in (a, b) if x in active]
    return tables, byes


# --- two-sided matching (Swiss, partners, tables of partnerships) --------------------


def _match(nodes, pair_value, closeness, band, bye_nodes=()):
    """A perfect matching of ``nodes`` (ranked best first) by tiers of integer weights.

    ``pair_value(a, b)`` gives (is_fresh, times_met) for two nodes; ``closeness(i, j)``
    a cost for rank positions i < j. One of ``bye_nodes`` (by position) is matched to the
    bye when the count is odd, preferring the lowest-ranked. Returns (pairs, bye).
    """
    n = len(nodes)
    need_bye = n % 2 == 1
    if n == 0:
        return [], None

    def solve(width):
        edges = []
        for i in range(n):
            for j in range(i + 1, min(n, i + width + 1)):
                fresh, times = pair_value(nodes[i], nodes[j])
                edges.append((i, j, fresh, times, closeness(i, j)))
        top_times = max((e[3] for e in edges), default=0) + 1
        top_close = max((e[4] for e in edges), default=0) + 1
        # Tiers, each larger than any sum of the ones below over a whole matching.
        half = n // 2 + 2
        t_close = top_close
        t_bye = t_close * half + 1
        t_times = t_bye * (n + 1) + 1
        t_fresh = t_times * top_times * half + 1
        g = nx.Graph()
        for i, j, fresh, times, cost in edges:
            w = t_fresh * fresh + t_times * (top_times - times) + (t_close - cost)
            g.add_edge(i, j, weight=w)
        if need_bye:
            for i in bye_nodes:
                w = t_fresh + t_times * top_times + t_bye * (i + 1) + t_close
                g.add_edge(i, n, weight=w)
        matching = nx.max_weight_matching(g, maxcardinality=True)
        pairs, bye = [], None
        for i, j in matching:
            i, j = min(i, j), max(i, j)
            if j == n:
                bye = nodes[i]
            else:
                pairs.append((i, j))
        if len(pairs) * 2 + need_bye != n:  # pragma: no cover - graphs are complete enough
            return None
        return sorted(pairs), bye

    for width in (band, 4 * band, n - 1):
        width = min(width, n - 1)
        result = solve(width)
        if result is None:
            continue
        if width == n - 1 or all(pair_value(nodes[i], nodes[j])[0] for i, j in result[0]):
            break
    pairs, bye = result
    return [(nodes[i], nodes[j]) for i, j in pairs], bye


def _eligible_for_bye(ranked, past):
    fewest = min(past.byes[e.id] for e in ranked)
    return [i for i, e in enumerate(ranked) if past.byes[e.id] == fewest]


def _swiss(ranked, past):
    if not ranked:
        return [], []
    ids = [e.id for e in ranked]

    def value(a, b):
        times = past.met[_pair(a, b)]
        return int(times == 0), times

    pairs, bye = _match(
        ids, value, lambda i, j: (j - i) ** 2, BAND, _eligible_for_bye(ranked, past)
    )
    return [[a, b] for a, b in pairs], [bye] if bye is not None else []


def _rotating(ranked, past, round_no):
    if not ranked:
        return [], []
    if len(ranked) - len(ranked) % 4 <= SMALL_ROTATING:
        found = _rotating_small(ranked, past)
        if found is not None:
            return found
    candidates = _schedule_rounds(ranked, past, round_no)
    if not candidates:
        byes = _pick_byes(ranked, len(ranked) % 4, past)
        seated = [e.id for e in ranked if e.id not in byes]

        def value(a, b):
            times = past.partnered[_pair(a, b)]
            return int(times == 0), times

        partnerships, _ = _match(seated, value, lambda i, j: (j - i) ** 2, BAND)
        candidates = [(partnerships, byes)]
    best = None
    for partnerships, byes in candidates:
        tables = _tables_of_partnerships(partnerships, ranked, past)
        cost = _opponent_cost(tables, past)
        if best is None or cost < best[0]:
            best = (cost, tables, byes)
    return best[1], sorted(best[2])


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
        return not past.partnered[_pair(a, b)]

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
    used = {_pair(a, b) for a, b in past.partnered if past.partnered[_pair(a, b)]}
    used |= {_pair(a, b) for a, b in partnerships}
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
            for m in _perfect_matchings(seated, lambda a, b: _pair(a, b) not in used):
                if search(used | {_pair(a, b) for a, b in m}, sat | {out}, left - 1):
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
    eligible = {ranked[i].id for i in _eligible_for_bye(ranked, past)}
    found = []
    for k in range(len(rounds)):
        games = rounds[(round_no - 1 + k) % len(rounds)]
        pairs = [g for g in games if None not in g]
        byes = [a if b is None else b for a, b in games if None in (a, b)]
        if any(past.partnered[_pair(a, b)] for a, b in pairs):
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
            m = past.met[_pair(x, y)]
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
    teams = [tuple(sorted(p, key=rank.get)) for p in teams]
    strength = [rank[a] + rank[b] for a, b in teams]

    def value(p, q):
        met = [past.met[_pair(x, y)] for x in p for y in q]
        return 4 - sum(1 for m in met if m), sum(m * m for m in met)

    index = {t: i for i, t in enumerate(teams)}
    pairs, _ = _match(teams, value, lambda i, j: (strength[j] - strength[i]) ** 2, BAND)
    pairs.sort(key=lambda pq: min(index[pq[0]], index[pq[1]]))
    return [[p[0], q[0], p[1], q[1]] for p, q in pairs]


# --- pods ----------------------------------------------------------------------------


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
            m = self.met.get(_pair(who, other), 0)
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
    byes = _pick_byes(ranked, bye_count, past)
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
    return [sorted(t, key=cost.rank.get) for t in tables], sorted(byes)


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
            clashes = [sum(1 for q in table if past.met[_pair(p, q)]) for p in window]
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
