"""The variants, as a registry by name."""

from .base import Line, Opening, Settlement, Variant
from .ctyrka import Ctyrka
from .five_up import FiveUp
from .french_connection import FrenchConnection

VARIANTS: dict[str, Variant] = {v.name: v for v in (FiveUp(), FrenchConnection(), Ctyrka())}


def get_variant(name: str) -> Variant:
    """The variant called `name` ("five-up", "french-connection", "ctyrka"); KeyError if none."""
    return VARIANTS[name]


__all__ = [
    "VARIANTS",
    "Line",
    "Opening",
    "Settlement",
    "Variant",
    "get_variant",
]
