"""The games of one line with no spinner and no boneyard (Fives & Threes, Partnership
Block): `LineGame`, their base, and what the table can know of the hands it does not see.

When every tile is in a hand or on the table, a tile off the table is in somebody's hand,
and a player who passed while it fitted does not hold it (nothing enters a hand after a
pass). With the number of tiles each player holds, that can leave a tile only one place
to be; a pass by the player who must hold a tile that fits is refused at once (C-RENEGE),
where otherwise only a later lay or the tiles left would prove it false.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalMove
from ..messages import N_, Message
from .base import Variant

if TYPE_CHECKING:
    from ..hand import Hand
    from ..tiles import Tile

ROUNDS = 20  # rounds of deduction at most (each takes a tile from somebody's possibles)


def certain(hand: Hand) -> list[set[Tile]]:
    """The tiles each seat must hold, as far as the table knows: from the tiles off the
    table, the passes made (a passer held nothing that fitted), the hands known and the
    number of tiles each holds. Nothing is certain while tiles are asleep or in a
    boneyard, or when the passes contradict each other (one of them was false: C-RENEGE
    proves it later)."""
    n = len(hand.players)
    none: list[set[Tile]] = [set() for _ in range(n)]
    if hand.stock:
        return none
    unseen = hand.tiles.difference(hand.layout.by_tile)
    possible = [set(unseen) if k is None else set(k) for k in hand.known]
    for _, seat, fitted in hand.pass_log:
        if isinstance(fitted, list):  # a pass in play (not a pass of the pose)
            for _, _, takes in fitted:
                possible[seat].difference_update(takes)
    sizes = hand.sizes
    sure: list[set[Tile]] = [set() for _ in range(n)]
    for _ in range(ROUNDS):
        before = sum(map(len, possible))
        for t in unseen:
            holders = [s for s in range(n) if t in possible[s]]
            if not holders:
                return none
            if len(holders) == 1:
                sure[holders[0]].add(t)
        for s in range(n):
            if len(possible[s]) == sizes[s]:
                sure[s] |= possible[s]
        for s in range(n):
            for other in range(n):
                if other != s:
                    possible[other] -= sure[s]
        if any(
            len(possible[s]) < sizes[s] or len(sure[s]) > sizes[s] or not sure[s] <= possible[s]
            for s in range(n)
        ):
            return none
        if sum(map(len, possible)) == before:
            break
    return sure


def refuse_proven_pass(hand: Hand) -> None:
    """Refuse the pass of the player to move (C-RENEGE) when the table can tell that he
    holds a tile that fits now (his tiles unknown: a known hand is checked as it is)."""
    seat = hand.turn
    if seat is None or hand.known[seat] is not None or hand.stock:
        return
    held = certain(hand)[seat]
    fits = sorted(
        (t for t in held if any(t in takes for _, _, takes in hand.open_places())), reverse=True
    )
    if fits:
        raise IllegalMove(
            "C-RENEGE",
            Message(
                N_(
                    "{player} must hold {tile}, which fits: every tile off the table is in a "
                    "hand, and the passes so far and the tiles each player holds leave it "
                    "nowhere else. A player who can lay a tile may not pass."
                ),
                player=hand.players[seat],
                tile=fits[0],
            ),
        )


class LineGame(Variant["Hand"]):
    """A line with no spinner and no boneyard: one line with two ends, a lead double laid
    across it taking a tile on each side, every other double across the line with one free
    side (C-DOUBLE); the tiles not dealt sleep, and a player who cannot lay passes. A pass
    is refused at once only where the table can tell the passer holds a tile that fits
    (every tile dealt: `refuse_proven_pass`); otherwise only his tiles (a full record, or
    the tiles left) prove it false (C-RENEGE)."""

    lead_spins = False
    draw_rule = None

    def check_pass(self, hand: Hand) -> None:
        refuse_proven_pass(hand)
