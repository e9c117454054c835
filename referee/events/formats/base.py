"""What every pairing format shares: the values of the pairing interface, the history
of an event's rounds, ranking and byes, and the tiered max-weight matching (networkx)
that Swiss, rotating partners and the tables of partnerships use.

A format is a `Format` subclass, one module per format, registered in
`referee.events.formats`: it says what it needs of a variant (two sides at a table, fixed
pairs, partnerships of four, pods of several) and pairs a round.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from referee.engine.messages import N_, Message
from referee.engine.variants import Variant, get_variant

BAND = 10  # matchings join entrants this many ranks apart first (then 4x, then all)


class PairingError(ValueError):
    """A request the pairing cannot meet: ``code`` says which (for programs and tests),
    ``message`` is a ``Message`` the web side says in the reader's language."""

    def __init__(self, code: str, message: Message):
        super().__init__(message)
        self.code, self.message = code, message


def unknown_variant(variant) -> PairingError:
    return PairingError(
        "variant", Message(N_("There is no variant called {variant}."), variant=str(variant))
    )


def known_variant(variant: str | Variant) -> Variant:
    """The registered variant of this name; PairingError ("variant") if there is none."""
    if isinstance(variant, Variant):
        return variant
    try:
        return get_variant(variant)
    except (KeyError, TypeError):
        raise unknown_variant(variant) from None


@dataclass(frozen=True)
class Entrant:
    """A player or a fixed pair; ``standing_key`` sorts higher = better."""

    id: int
    standing_key: tuple = ()
    withdrawn: bool = False
    members: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundResult:
    """A round already paired: tables of entrant ids (seats in order) and the byes; where
    the format needs them (a bracket: `Format.draws`), each table's number and winner
    (an entrant id, None while undecided), in the order of ``tables``."""

    tables: list[list[int]]
    byes: list[int] = field(default_factory=list)
    winners: list[int | None] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    number: int = 0  # the round's number (0: its place in the history)

    def won(self) -> dict[int, int]:
        """Table number -> its winner, for the tables decided."""
        numbers = self.numbers or list(range(1, len(self.tables) + 1))
        return {n: w for n, w in zip(numbers, self.winners, strict=False) if w is not None}


@dataclass(frozen=True)
class Pairing:
    """A proposed round: tables (best first), byes, and the pairs who met before."""

    tables: list[list[int]]
    byes: list[int]
    repeats: list[tuple[int, int]]
    fmt: str = ""
    partner_repeats: list[tuple[int, int]] = field(default_factory=list)
    draw: dict | None = None  # a draw made for this round, for the event to keep


class Format:
    """A pairing format: its id and label, what it needs of a variant and of the table
    the director chose, and how it pairs a round. Subclasses set the data and `pair`."""

    id = ""
    label = ""  # msgid: its name on the event pages
    takes_pairs = False  # its entrants may be fixed pairs (a table of two pairs)
    min_entrants = 2
    too_few = N_("An event needs at least two entrants.")  # msgid, below `min_entrants`
    hint: str | None = None  # msgid: what the entrants field says when it is offered
    hint_id = ""  # the HTML id of that hint

    def playable(self, variant: Variant) -> bool:
        """Whether an event of `variant` can be paired in this format at all."""
        return True

    def seats(self, variant: Variant, players: int) -> bool:
        """Whether its tables are tables of `players` individuals (the director's choice
        of table, where the variant offers one)."""
        return False

    def opponents(self, table) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """(opponents, partners) at a table: everybody is an opponent of everybody."""
        return list(combinations(table, 2)), []

    def pair(self, entrants, past, round_no, *, variant, table_size, rng):
        """(tables, byes) of round `round_no` (from 1): tables of entrant ids, seats in order."""
        raise NotImplementedError

    # A format that plays from a draw the event keeps (a bracket, pools) sets `draws`:
    # `draw` makes it when a round needs it (the event keeps what it returns, and gives it
    # back as ``past.draw``, with the director's choices as ``past.options``); it may open
    # some rounds' tables itself as results come in (`opens`, `ready`) and rank by how
    # far each entrant went (`places`).
    draws = False

    def draw(self, entrants, past, round_no, *, rng) -> dict | None:
        """The draw to keep from this round on (None: the one kept, ``past.draw``)."""
        return None

    def opens(self, past, round_no: int) -> bool:
        """Whether round `round_no`'s tables open by themselves as their entrants are known
        (`ready`), instead of the director pairing the round."""
        return False

    def ready(self, past) -> list[tuple[int, int, list[int]]]:
        """The tables to open now: (round, table number, entrants in seat order)."""
        return []

    def bracket(self, past):
        """The bracket as it stands (`referee.events.bracket.Bracket`, its ties' rounds the
        event's), for the picture; None: no bracket (yet)."""
        return None

    def places(self, entrants, past) -> list[tuple[int, int, int]] | None:
        """(entrant, place, last place shared) for every entrant, best first; None: the
        standings rank them."""
        return None


class TwoAtATable(Format):
    """A format whose tables seat two entrants: two players, or two fixed pairs (round
    robin, Swiss)."""

    takes_pairs = True

    def playable(self, variant: Variant) -> bool:
        return 2 in variant.player_counts or variant.events.pairs

    def seats(self, variant: Variant, players: int) -> bool:
        return players == 2


def pair_key(a, b):
    return (a, b) if a < b else (b, a)


class History:
    """Who met whom (as opponents, as partners), byes and first seats so far."""

    def __init__(self, history, fmt: Format, draw=None, options=None):
        self.rounds: list[RoundResult] = list(history or ())
        self.draw: dict | None = draw  # what the event keeps for its format (`Format.draw`)
        self.options: dict = dict(options or {})  # the director's choices (third place...)
        self.met: Counter[tuple[int, int]] = Counter()
        self.partnered: Counter[tuple[int, int]] = Counter()
        self.byes: Counter[int] = Counter()
        self.first: Counter[int] = Counter()
        for rnd in history or ():
            for table in rnd.tables:
                opponents, partners = fmt.opponents(table)
                self.met.update(pair_key(a, b) for a, b in opponents)
                self.partnered.update(pair_key(a, b) for a, b in partners)
                if table:
                    self.first[table[0]] += 1
            self.byes.update(rnd.byes)


def ranked(entrants, rng):
    """Active entrants best first; equal standings in random order."""
    active = [e for e in entrants if not e.withdrawn]
    rng.shuffle(active)
    active.sort(key=lambda e: e.standing_key, reverse=True)
    return active


def pick_byes(ranked, count, past):
    """The ``count`` fair byes: fewest byes so far, then the lowest-ranked."""
    order = sorted(range(len(ranked)), key=lambda i: (past.byes[ranked[i].id], -i))
    return {ranked[i].id for i in order[:count]}


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


def match(nodes, pair_value, closeness, band, bye_nodes=()):
    """A perfect matching of ``nodes`` (ranked best first) by tiers of integer weights.

    ``pair_value(a, b)`` gives (is_fresh, times_met) for two nodes; ``closeness(i, j)``
    a cost for rank positions i < j. One of ``bye_nodes`` (by position) is matched to the
    bye when the count is odd, preferring the lowest-ranked. Returns (pairs, bye).
    """
    import networkx as nx  # here: the registry of formats is read by every event page

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
        g: nx.Graph[int] = nx.Graph()
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


def eligible_for_bye(ranked, past):
    fewest = min(past.byes[e.id] for e in ranked)
    return [i for i, e in enumerate(ranked) if past.byes[e.id] == fewest]
