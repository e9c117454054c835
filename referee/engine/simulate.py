"""Random legal games, for the benchmark and the property tests. Randomness is injected."""

from __future__ import annotations

import random

from .hand import Hand
from .match import Match
from .tiles import Tile, tile_set


def endless(variant: str, names: list[str]) -> Match:
    """A match that no side wins (its target lies beyond any a table may set up): for
    playing thousands of hands in measurements and tests."""
    match = Match(variant, names)
    for end in ("target", "hands"):  # what ends a match (a target, so many hands)
        if end in match.options:
            match.options[end] = 10**9
    return match


def deal(match: Match, rng: random.Random) -> tuple[dict[int, list[Tile]], list[Tile]]:
    """Shuffle and deal the next hand: each seat's tiles and the boneyard in draw order.
    A Čtyřka deal in which nobody holds a double is dealt again (CT-LEAD)."""
    n = len(match.players)
    size = match.variant.deal_size(n, match.options)
    tiles = list(tile_set(match.variant.max_pip(n, match.options)))
    redeal = match.opening().highest
    r = rng.random
    while True:
        tiles.sort(key=lambda _: r())  # a shuffle, faster than rng.shuffle
        dealt = {s: tiles[s * size : (s + 1) * size] for s in range(n)}
        if not redeal or any(t.is_double for t in tiles[: n * size]):
            return dealt, tiles[n * size :]


def leader(hand: Hand, rng: random.Random) -> int:
    """Who moves first: the opening's leader, the holder of the tile or highest double it
    asks for, or a seat drawn at random among those that may lead (Five-Up's lot, a pair
    that chooses)."""
    o = hand.opening
    if o.leader is not None:
        return o.leader
    known: list[set[Tile]] = hand.known  # type: ignore[assignment]  # a deal: every hand
    if o.tile is not None:  # its holder; nobody (a boneyard tile): the first seat draws
        return next((s for s, k in enumerate(known) if o.tile in k), 0)
    if o.highest:
        best = max(t for k in known for t in k if t.is_double)
        return next(s for s, k in enumerate(known) if best in k)
    return rng.choice(hand.leaders)


def play_hand(match: Match, rng: random.Random) -> Hand:
    """Deal and play one hand to its end by random legal moves, and settle it."""
    dealt, stock = deal(match, rng)
    hand = match.new_hand(dealt)
    seat = leader(hand, rng)
    while not hand.ended:
        hand.play_random(rng, seat, stock)
    hand.settle()
    return hand


def play_match(
    variant: str, players: int, rng: random.Random, options=None, max_hands: int = 60
) -> Match:
    """A whole match (or `max_hands` of it) of random legal hands."""
    match = Match(variant, [f"P{i + 1}" for i in range(players)], options)
    while len(match.hands) < max_hands and not match.result()[0]:
        play_hand(match, rng)
    return match
