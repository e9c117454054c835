"""THE registry of event formats: one module per pairing format (round robin, Swiss,
rotating partners, pods, knockouts), one entry in `BUILT_IN` (or a `register` call) adds one. A
format says what it needs of a variant and of its tables (`Format.playable`, `seats`,
`takes_pairs`); a variant says which formats it allows (`Variant.events.formats`).
`referee.events.pairing` asks this registry; no code elsewhere names a format."""

from __future__ import annotations

from .base import Format
from .double_knockout import DoubleKnockout
from .knockout import Knockout
from .pods import Pods
from .pools_knockout import PoolsKnockout
from .rotating import Rotating
from .round_robin import RoundRobin
from .swiss import Swiss

FORMATS: dict[str, Format] = {}  # by id, in the order they were registered


def register(fmt: Format) -> Format:
    """Add a format (an instance); ValueError for an id already taken by another."""
    known = FORMATS.get(fmt.id)
    if known is not None and known is not fmt:
        raise ValueError(f"a format called {fmt.id!r} is already registered")
    FORMATS[fmt.id] = fmt
    return fmt


def get_format(fmt: str) -> Format:
    """The format with this id; KeyError if none."""
    return FORMATS[fmt]


BUILT_IN = (  # THE list: one entry per format
    RoundRobin(),
    Swiss(),
    Rotating(),
    Pods(),
    Knockout(),
    DoubleKnockout(),
    PoolsKnockout(),
)
for _fmt in BUILT_IN:
    register(_fmt)

__all__ = ["FORMATS", "Format", "get_format", "register"]
