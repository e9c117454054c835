"""Pairing a round of an event in any registered format (`referee.events.formats`: round
robin, Swiss, rotating partners and pods, one module each).

Pure Python (standard library + networkx); randomness comes in as a ``random.Random``.

Interface (agreed with the web side; the extra fields and helpers are additions only)::

    pair_round(fmt, entrants, history, round_no, *, variant, rng, table_size=None) -> Pairing
    formats_for(variant, options) -> list[str]                        # the variant's, that fit
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

import dataclasses
import random

from referee.engine.messages import N_, Message

from .formats import FORMATS
from .formats.base import (
    Entrant,
    Format,
    History,
    Pairing,
    PairingError,
    RoundResult,
    berger_rounds,
    known_variant,
    pair_key,
)
from .formats.pods import Pods, pod_sizes
from .formats.rotating import Rotating
from .formats.round_robin import RoundRobin
from .formats.swiss import Swiss

ROUND_ROBIN, SWISS, ROTATING, PODS = RoundRobin.id, Swiss.id, Rotating.id, Pods.id
_ANY = Format()  # a table read without a format: everybody an opponent of everybody

__all__ = [
    "PODS",
    "ROTATING",
    "ROUND_ROBIN",
    "SWISS",
    "Entrant",
    "Pairing",
    "PairingError",
    "RoundResult",
    "berger_rounds",
    "formats_for",
    "pair_round",
    "pod_sizes",
    "swap",
]


def formats_for(variant: str, options: dict | None = None) -> list[str]:
    """The formats that fit a variant with its options, the usual one first: those the
    variant allows (`Variant.events.formats`) that are registered and playable with it.

    Options, for a variant that offers kinds of table (Five-Up): ``pairs`` (fixed pairs,
    each pair one entrant: the formats that take pairs, round robin or Swiss), ``players``
    (the players of a table, each for themselves: 2 or 3; 4 who change partner every
    round, rotating partners: the formats whose tables seat that many). Without options
    every format the variant allows fits.
    """
    v = known_variant(variant)
    options = options or {}
    fits = [FORMATS[f] for f in v.events.formats if f in FORMATS and FORMATS[f].playable(v)]
    if v.events.tables and options.get("pairs"):
        fits = [f for f in fits if f.takes_pairs]
    elif v.events.tables and options.get("players") in v.player_counts:
        fits = [f for f in fits if f.seats(v, options["players"])]
    return [f.id for f in fits]


def pair_round(
    fmt, entrants, history, round_no, *, variant, rng, table_size=None, draw=None, options=None
) -> Pairing:
    """Pair round ``round_no`` (1-based) of an event in format ``fmt``. A format that plays
    from a draw (`Format.draws`: a bracket, pools) is given the one the event keeps
    (``draw``) and the director's choices (``options``); a new draw it makes is in
    ``Pairing.draw``, for the event to keep."""
    found = FORMATS.get(fmt) if isinstance(fmt, str) else None
    if found is None:
        raise PairingError(
            "format", Message(N_("There is no format called {format}."), format=str(fmt))
        )
    known_variant(variant)
    rng = rng if rng is not None else random.Random(0)
    entrants = list(entrants)
    if len({e.id for e in entrants}) != len(entrants):
        raise PairingError("entrants", Message(N_("An entrant is listed twice.")))
    past = History(history, found, draw, options)
    made = found.draw(entrants, past, round_no, rng=rng) if found.draws else None
    if made is not None:
        past.draw = made
    tables, byes = found.pair(
        entrants, past, round_no, variant=variant, table_size=table_size, rng=rng
    )
    return dataclasses.replace(_finish(tables, byes, past, found), draw=made)


def swap(pairing: Pairing, a: int, b: int, history) -> Pairing:
    """Swap two entrants (two seats of a table, two tables, or a table and a bye)."""
    where: dict[int, tuple[int | None, int]] = {}
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
    fmt = FORMATS.get(pairing.fmt, _ANY)
    past = History(history, fmt)
    return _finish(tables, sorted(byes), past, fmt, keep_order=True)


# --- what every format's round gets ----------------------------------------------------


def _finish(tables, byes, past, fmt, keep_order=False):
    repeats, partner_repeats = [], []
    for table in tables:
        opponents, partners = fmt.opponents(table)
        repeats += [pair_key(a, b) for a, b in opponents if past.met[pair_key(a, b)]]
        partner_repeats += [pair_key(a, b) for a, b in partners if past.partnered[pair_key(a, b)]]
    if not keep_order:
        tables = [_seat(t, past) for t in tables]
    return Pairing(
        tables=[list(t) for t in tables],
        byes=sorted(byes),
        repeats=sorted(set(repeats + partner_repeats)),
        fmt=fmt.id,
        partner_repeats=sorted(set(partner_repeats)),
    )


def _seat(table, past):
    """Seat 1 to whoever has sat there least (a fair share of first leads).

    The table is rotated, which keeps partners opposite each other at a table of four.
    """
    if len(table) < 2:
        return table
    k = min(range(len(table)), key=lambda i: (past.first[table[i]], i))
    return table[k:] + table[:k] if len(table) > 2 else [table[k], table[1 - k]]
