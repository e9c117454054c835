"""What the start form asks the engine beyond the players and options."""

from __future__ import annotations

from referee.engine import get_variant
from referee.engine.variants import Opening


def first_opening(variant: str, players: int) -> Opening:
    """Who opens a match's first hand, and with what (the variant's opening rule)."""
    return get_variant(variant).opening(tuple(f"Player {i + 1}" for i in range(players)), None)
