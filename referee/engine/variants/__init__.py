"""THE registry of variants: one module per variant declares everything about it (its id
and names, its set by player count, its options, the event formats and table sizes it
allows, how its standings rank, its glossary and rule texts in `texts/`, and the hooks the
core calls); one entry in `BUILT_IN` (or a `register` call) adds it.

Everything else asks the registry (`VARIANTS`, `get_variant`) and the variant object: no
module or template outside this folder names a variant.

More variants can be added without touching the code: `REFEREE_VARIANTS` names modules
(comma-separated, importable from `sys.path`) that are imported when this registry is,
and each calls `register(TheirVariant())` (tests/extra_variant.py is one).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

from .base import (
    MATCH_POINTS,
    PLACEMENT,
    Choice,
    Events,
    Line,
    Opening,
    Option,
    Preset,
    Settlement,
    Standings,
    TableChoice,
    Variant,
)
from .ctyrka import Ctyrka
from .five_up import FiveUp
from .fives_and_threes import FivesAndThrees
from .french_connection import FrenchConnection
from .line_games import LineGame
from .mexican_train import MexicanTrain
from .partnership import Partnership

if TYPE_CHECKING:
    from ..hand import Hand

ENVIRONMENT = "REFEREE_VARIANTS"  # modules to import that register more variants

VARIANTS: dict[str, Variant[Hand]] = {}  # by id, in the order they were registered
_generation = [0]  # one more at every change of the registry (what caches key on)


def register(variant: Variant[Hand]) -> Variant[Hand]:
    """Add `variant` (an instance) to the registry; registering it again does nothing.
    ValueError for an id already taken by another variant, or a declaration that cannot
    work (no id, no player counts, no rule to refuse a draw where there is no boneyard)."""
    known = VARIANTS.get(variant.name)
    if known is variant:
        return variant
    if known is not None:
        raise ValueError(f"a variant called {variant.name!r} is already registered")
    if not variant.name or not variant.title or not variant.player_counts:
        raise ValueError(f"{type(variant).__name__}: a variant needs a name, title, players")
    if variant.draw_rule is None and not variant.nodraw_rule:
        raise ValueError(f"{variant.name}: no boneyard, so it needs a nodraw_rule")
    VARIANTS[variant.name] = variant
    _generation[0] += 1
    return variant


def unregister(name: str) -> None:
    """Take a variant out of the registry (tests that add one of their own)."""
    if VARIANTS.pop(name, None) is not None:
        _generation[0] += 1


def generation() -> int:
    """A number that changes whenever the registry does."""
    return _generation[0]


def get_variant(name: str) -> Variant[Hand]:
    """The variant with this id ("five-up"...); KeyError if none."""
    return VARIANTS[name]


def league_game(preset: str) -> tuple[Variant[Hand], dict[int, dict]] | None:
    """The variant whose game a league preset plays (`Variant.leagues`), and the options
    of each game size; None where no registered variant says it is that league's game."""
    for variant in VARIANTS.values():
        sizes = variant.leagues.get(preset)
        if sizes is not None:
            by_name = {p.name: p.options for p in variant.presets}
            return variant, {size: dict(by_name[name]) for size, name in sizes.items()}
    return None


# THE list: one entry per variant
BUILT_IN = (
    FiveUp(),
    FrenchConnection(),
    Ctyrka(),
    FivesAndThrees(),
    Partnership(),
    MexicanTrain(),
)
for _variant in BUILT_IN:
    register(_variant)


def load_extra(environ=os.environ) -> None:
    """Import the modules `REFEREE_VARIANTS` names (each registers its variants)."""
    for module in environ.get(ENVIRONMENT, "").split(","):
        if module.strip():
            importlib.import_module(module.strip())


load_extra()

__all__ = [
    "ENVIRONMENT",
    "MATCH_POINTS",
    "PLACEMENT",
    "VARIANTS",
    "Choice",
    "Events",
    "Line",
    "LineGame",
    "Opening",
    "Option",
    "Preset",
    "Settlement",
    "Standings",
    "TableChoice",
    "Variant",
    "generation",
    "get_variant",
    "league_game",
    "register",
    "unregister",
]
