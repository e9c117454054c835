"""What the table offers the phone: what the player to move may do besides playing a tile
(draw, pass, the lot, the tiles left), and every tile of the set for the picker, each
with whether it fits somewhere now. The answers are the engine's."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import IllegalMove, Move, RecordError
from referee.engine.hand import Hand as EngineHand
from referee.engine.tiles import Tile, tile_set

from .state import Table


@dataclass
class Actions:
    """What the player to move may do besides playing a tile."""

    seat: int | None = None  # who moves; None: any player may lead
    draw: bool = False
    draw_max: int = 0  # more than 1: the draw takes a count (Five-Up)
    passing: bool = False
    pose_pass: bool = False
    lot: bool = False  # the app may draw the lot for the lead
    end: bool = False  # the hand is over: enter the tiles left
    leaders: list[int] = field(default_factory=list)  # who may lead (turn not known)
    stuck: bool = False  # provably blocked: nobody can lay, only the passes are left
    # who may draw while any player may lead (a hub of trains: nobody holds the engine)
    drawers: list[int] = field(default_factory=list)


def actions(table: Table) -> Actions:
    hand, row = table.hand, table.hand_row
    out = Actions()
    if hand is None or table.match.result()[0] or table.row.abandoned is not None:
        return out
    if hand.ended:
        out.end = hand.settlement is None
        return out
    out.seat = hand.turn
    if hand.turn is None:
        out.leaders = hand.leaders  # anyone, or the pair the opening names
        out.lot = hand.opening.lot and not hand.moves and (row is None or row.lot is None)
        out.drawers = [s for s in out.leaders if _may_draw(hand, s)]
        return out
    most = hand.max_draw()
    out.draw = most > 0
    out.draw_max = most if most > 1 else 0
    passing = hand.may_pass()
    if hand.layout.nodes:
        out.passing = passing
        out.stuck = hand.stuck
    else:
        out.pose_pass = passing
    return out


def _may_draw(hand: EngineHand, seat: int) -> bool:
    """Whether the engine takes a draw of one tile by `seat` now (the one legality check)."""
    try:
        hand.check(Move.draw(seat, 1))
    except (IllegalMove, RecordError):
        return False
    return True


def picker(hand: EngineHand) -> list[tuple[Tile, str]]:
    """Every tile of the set in a fixed order, for the tile picker: "fits" (somewhere
    now), "no" (nowhere now) or "gone" (on the table: an empty slot, so that no tile moves
    under the thumb as others leave)."""
    on_table = hand.layout.by_tile
    return [
        (t, "gone" if t in on_table else "fits" if hand.places_for(t) else "no")
        for t in tile_set(hand.max_pip)
    ]


# -- what the table screen shows ----------------------------------------------------------
def tiles_offered(hand: EngineHand) -> list[tuple[Tile, bool]]:
    """The tiles of the set not on the table, each with whether it fits somewhere now."""
    on_table = hand.layout.by_tile
    return [(t, bool(hand.places_for(t))) for t in tile_set(hand.max_pip) if t not in on_table]
