"""The game's words in every language, per variant: the rules pages show them as a table,
so that a player can match the app's words with those of their own rule sheet (the Polish
and Czech terms are the seeds' own).

The words are data: the `[glossary]` table of the rulebook's texts (`referee.engine.texts`:
the common words in `common.LANG.toml`, a variant's in its `VARIANT.LANG.toml`), keyed
the same in every language; the English file gives the terms and their order.
"""

from __future__ import annotations

from ..languages import CODES, SOURCE
from . import texts
from .variants import get_variant


class Term(dict):
    """One term: its word in each language, by code (`term["pl"]`, or `term.pl`); a
    language that has no word for it says it in English."""

    def __getattr__(self, code: str) -> str:
        try:
            return self[code]
        except KeyError:
            raise AttributeError(code) from None


def _terms(folder, section: str) -> tuple[Term, ...]:
    english = texts.read(folder, section, SOURCE).get("glossary", {})
    said = {lang: texts.read(folder, section, lang).get("glossary", {}) for lang in CODES}
    return tuple(
        Term({lang: said[lang].get(key) or word for lang in CODES}) for key, word in english.items()
    )


def glossary(variant: str) -> tuple[Term, ...]:
    """The words of `variant` (the common ones first); KeyError for an unknown variant."""
    v = get_variant(variant)
    return _terms(texts.COMMON_DIR, texts.COMMON) + _terms(v.texts_dir, v.name)
