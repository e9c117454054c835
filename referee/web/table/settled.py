"""The last settled hand of a table, for what the table screen shows of its settlement
once the next hand is dealt: the evidence the settlement proved (a false pass shown by the
tiles left, C-RENEGE) stays in view for every phone and the spectators."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.hand import Hand as EngineHand

from .state import Table


@dataclass
class Settled:
    number: int
    hand: EngineHand


def last_settled(table: Table) -> Settled | None:
    """The match's last settled hand (the current one once the match is over)."""
    for number in range(len(table.match.hands), 0, -1):
        hand = table.match.hands[number - 1]
        if hand.settlement is not None:
            return Settled(number, hand)
    return None
