"""People's names in the order a reader expects: the Unicode Collation Algorithm (DUCET,
by `pyuca`), so that "Łucja" comes after "Lena" and before "Marek", and "Šárka" after
"Sára", not after "Zofia" as code points put them. Every list that sorts names (the
roster, the ladder's pickers, an event's entrants, a team's squad...) sorts by `name_key`.

No language's tailoring: DUCET alone puts each accented letter beside its base letter,
which is what a club's lists need (Czech sorts "Ch" after "H"; no list here depends on it).
"""

from __future__ import annotations

import unicodedata
from functools import cache

from pyuca import Collator  # type: ignore[import-untyped]  # (no type hints)


@cache
def _collator() -> Collator:
    return Collator()  # reads its table once (about 0.3 s), on the first name sorted


def name_key(name: str) -> tuple:
    """The sort key of a person's name: by the collation, then by the name itself (so two
    names that collate alike keep one order)."""
    text = unicodedata.normalize("NFC", name or "")
    return (_collator().sort_key(text), text)


def by_name(items, name=lambda item: item.name) -> list:
    """`items` sorted by their names (`name`: how to read an item's name)."""
    return sorted(items, key=lambda item: name_key(name(item)))
