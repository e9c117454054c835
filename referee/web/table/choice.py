"""The tile a phone chooses on the table screen, judged at the position its screen showed.

Choosing a tile (`?tile=6-4`) shows its places and the buttons that record it. The picker
sends the position the screen showed (`hand`, `after`) with the tile: a screen one move
behind ("Bartek to play" while the table is at Celina) is refused (409, "already recorded:
…") and shown the table as it is, rather than handed buttons that would record the tile as
the next player's move. A choice without a position (a typed address) is made on the table
as it stands.
"""

from __future__ import annotations

from referee.engine import IllegalMove, NotationError, parse_tile
from referee.engine.hand import Hand as EngineHand
from referee.engine.messages import N_, Message

from ..errors import Refused
from .presenters import what_changed
from .state import Table


def choose(hand: EngineHand, text: str):
    """The tile a player picked, with its places or the reason it fits nowhere.
    Refused(400) for an unreadable tile."""
    try:
        t = parse_tile(text)
    except NotationError as e:
        raise Refused(400, e.args[0], field="tile") from None
    places = hand.places_for(t) if not hand.ended else []
    why = None if places else hand.why_not(t)
    if why is None and not places:
        why = IllegalMove(
            "C-DOMINO" if hand.ended == "domino" else "C-BLOCK",
            Message(N_("{tile} cannot be played: the hand is over."), tile=t),
        )
    return t, places, why


def _number(text: str | None) -> int | None:
    try:
        return int(text) if text not in (None, "") else None
    except ValueError:
        return None


def chosen(t: Table, tile_text: str, args) -> dict | None:
    """The tile chosen with its places (or why it fits nowhere). Refused(409) when the
    screen it was chosen on showed another position; Refused(400) for an unreadable tile."""
    hand_no, after = _number(args.get("hand")), _number(args.get("after"))
    if (hand_no, after) != (None, None) and (hand_no, after, False) != t.position:
        raise Refused(409, what_changed(t, hand_no or 0, after or 0))
    tile, places, why = choose(t.hand, tile_text)
    return {"tile": tile, "places": places, "why": why}
