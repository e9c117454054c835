"""The referee: pure Python, standard library only. It never imports the web side."""

from .errors import IllegalMove, NotationError, RecordError, RefereeError, SetupError
from .hand import LEAD, AmbiguousPlay, FalsePass, Hand, Move
from .layout import Layout, Place
from .match import Match, draw_lot
from .tiles import SET_SIZES, Tile, parse_tile, tile, tile_set
from .variants import VARIANTS, Opening, Settlement, Variant, get_variant

__all__ = [
    "LEAD",
    "SET_SIZES",
    "VARIANTS",
    "AmbiguousPlay",
    "FalsePass",
    "Hand",
    "IllegalMove",
    "Layout",
    "Match",
    "Move",
    "NotationError",
    "Opening",
    "Place",
    "RecordError",
    "RefereeError",
    "Settlement",
    "SetupError",
    "Tile",
    "Variant",
    "draw_lot",
    "get_variant",
    "parse_tile",
    "tile",
    "tile_set",
]
