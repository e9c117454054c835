"""What the start form asks beyond the players and options: the engine (who opens) and the
roster (the names offered, the members linked)."""

from __future__ import annotations

from referee.engine import get_variant
from referee.engine.variants import Opening


def first_opening(variant: str, players: int, options: dict | None = None) -> Opening:
    """Who opens a match's first hand, and with what (the variant's opening rule), under
    these options (none: the defaults)."""
    v = get_variant(variant)
    names = [f"Player {i + 1}" for i in range(players)]
    return v.opening(names, None, v.options(options or {}))


def roster_names() -> list[str]:
    """The active members' names, offered as the players' names (typed text works too)."""
    from ..members.service import roster

    return [m.name for m in roster(active_only=True)]


def link_members(match_id: int, names: list[str]) -> None:
    """A match started by hand: each name that is a member's is linked to that member; the
    other names stay plain names."""
    from ..members.service import link_seats, resolve

    found: dict[int, int] = {}
    for seat, m in enumerate(resolve(names)):
        if m is not None and m.id not in found.values():  # a name and a short name: once
            found[seat] = m.id
    if found:
        link_seats(match_id, found)
