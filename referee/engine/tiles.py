"""Tiles, sets and tile notation."""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from .errors import NotationError
from .messages import N_, Message
from .names import show

SET_SIZES = {6: 28, 9: 55, 12: 91}


class Tile(NamedTuple):
    """A domino, normalised so that `high >= low`. Written "H-L"."""

    high: int
    low: int

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def pips(self) -> int:
        return self.high + self.low

    def other(self, pip: int) -> int:
        """The half opposite the half showing `pip`."""
        return self.low if pip == self.high else self.high

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self})"


def pip_count(tiles) -> int:
    """The pips on some tiles, added up."""
    return sum(map(sum, tiles))


_TILES = {(a, b): Tile(max(a, b), min(a, b)) for a in range(13) for b in range(13)}


def tile(a: int, b: int) -> Tile:
    """The (interned) tile with halves a and b, in either order."""
    try:
        return _TILES[a, b]
    except KeyError:
        raise NotationError(
            Message(N_("{a}-{b} is not a domino tile (halves run from 0 to 12)"), a=a, b=b)
        ) from None


@cache
def tile_set(max_pip: int) -> tuple[Tile, ...]:
    """Every tile of the double-`max_pip` set, highest first."""
    return tuple(_TILES[h, lo] for h in range(max_pip, -1, -1) for lo in range(h, -1, -1))


@cache
def tile_frozenset(max_pip: int) -> frozenset[Tile]:
    """The double-`max_pip` set, for membership tests."""
    return frozenset(tile_set(max_pip))


_FORMS = (
    re.compile(r"^\s*(\d{1,2})\s*[-|]\s*(\d{1,2})\s*$"),
    re.compile(r"^\s*\[\s*(\d{1,2})\s*\|\s*(\d{1,2})\s*\]\s*$"),
    re.compile(r"^\s*(\d)(\d)\s*$"),
)


WRITTEN = {f"{a}-{b}": t for (a, b), t in _TILES.items()}
"""Each tile by its usual written form ("6-4"), looked up fast."""


def parse_tile(text: object) -> Tile:
    """Read "6-4", "4-6", "[6|4]", "6|4" or (up to double-nine) "64"."""
    if isinstance(text, Tile):
        return text
    if isinstance(text, str):
        t = WRITTEN.get(text)
        if t is not None:
            return t
        for form in _FORMS:
            m = form.match(text)
            if m:
                return tile(int(m.group(1)), int(m.group(2)))
    raise NotationError(Message(N_('{text} is not a tile (write it like "6-4")'), text=show(text)))


WITH_PIP = tuple(frozenset(t for t in tile_set(12) if p in t) for p in range(13))
"""The tiles (of any set) showing a number, by the number: what an open end showing it
takes (a tuple, indexed faster than a dictionary)."""
DOUBLE_OF = tuple(frozenset({_TILES[p, p]}) for p in range(13))
"""The double of a number, alone, by the number: what a locked arm showing it takes
(FC-LOCK)."""
NOTHING: frozenset[Tile] = frozenset()
