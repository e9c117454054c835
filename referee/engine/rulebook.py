"""The rulebook: every rule the referee applies, with the id it cites to players.

The ids and rulings are those of ``docs/rule-ids.md`` (the project's rulings decide where
the seeds, the original rule texts, are silent, unclear or contradict themselves).
A few project ids (source ``"project"``) name checks that rulings.md implies but does not
name. Every ``IllegalMove(rule=...)`` and every settlement line cites an id of `RULES`;
``docs/rules.md`` is exactly `markdown()`.

The texts are data (`referee.engine.texts`): the common rules in
``referee/engine/texts/common.LANG.toml``, each registered variant's in its own
``VARIANT.LANG.toml``; the sections follow the registry's order, the languages
`referee.languages`. A variant registered later brings its rules with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from ..languages import CODES, SOURCE, known
from . import texts
from .variants import VARIANTS as _REGISTRY
from .variants import generation

COMMON = texts.COMMON
LANGUAGES = CODES


@dataclass(frozen=True)
class Rule:
    """One rule: its id (e.g. "FC-LOCK"), the variant it belongs to ("common" or a variant
    name), a short title, the text for players (Markdown: paragraphs and "- " lists) and
    where it comes from ("seed", "ruling", "seed/ruling", "seed + pagat", "project"...)."""

    id: str
    variant: str
    title: str
    text: str
    source: str

    @property
    def heading(self) -> str:
        """The heading line, e.g. "FC-LOCK — Locked arms"."""
        return f"{self.id} — {self.title}"

    @property
    def anchor(self) -> str:
        """The anchor a Markdown renderer (GitHub style) gives the rule's heading:
        "fc-lock--locked-arms", so that ``rules.md#<anchor>`` links to the rule."""
        return re.sub(r"[^\w\- ]", "", self.heading.lower()).replace(" ", "-")


class _Book(NamedTuple):
    """The rulebook as the registry has it now, in every language."""

    sections: tuple[str, ...]  # "common", then each variant's name
    rules: dict[str, dict[str, Rule]]  # language -> id -> rule, in the book's order
    titles: dict[str, dict[str, str]]  # language -> section -> title
    sources: dict[str, dict[str, str]]  # language -> source -> its words
    intros: dict[str, str]
    words: dict[str, str]  # language -> the word for "Source"


def _build() -> _Book:
    folders = {COMMON: texts.COMMON_DIR} | {v.name: v.texts_dir for v in _REGISTRY.values()}
    english: dict[str, Rule] = {}
    for section, folder in folders.items():
        for rule_id, r in texts.read(folder, section, SOURCE).get("rules", {}).items():
            if rule_id in english:
                raise ValueError(f"rule {rule_id}: in {english[rule_id].variant} and {section}")
            english[rule_id] = Rule(
                rule_id, section, r["title"], texts.clean(r["text"]), r["source"]
            )
    rules, titles, sources, intros, words = {}, {}, {}, {}, {}
    common_en = texts.read(texts.COMMON_DIR, COMMON, SOURCE)
    for lang in CODES:
        said = {s: texts.read(folder, s, lang) for s, folder in folders.items()}
        table = {}
        for rule_id, r in english.items():
            t = said[r.variant].get("rules", {}).get(rule_id)
            table[rule_id] = (
                r
                if t is None
                else Rule(rule_id, r.variant, t["title"], texts.clean(t["text"]), r.source)
            )
        rules[lang] = table
        titles[lang] = {
            s: said[s].get("title")
            or texts.read(folder, s, SOURCE).get("title")
            or _REGISTRY[s].title
            for s, folder in folders.items()
        }
        common = said[COMMON] or common_en
        sources[lang] = common.get("sources", {})
        intros[lang] = common.get("intro", common_en["intro"])
        words[lang] = common.get("source_word", common_en["source_word"])
    return _Book(tuple(folders), rules, titles, sources, intros, words)


_built: list = [None, None]  # (the registry's generation, the book built for it)


def _book() -> _Book:
    if _built[0] != generation():
        _built[:] = [generation(), _build()]
    return _built[1]


def __getattr__(name: str):
    """The book as module constants, as the registry has it now: `RULES` (English, by
    id), `VARIANTS` ("common", then each variant), `VARIANT_TITLES`, `SECTION_TITLES`
    (English) and `TRANSLATED` (language -> id -> rule)."""
    book = _book()
    if name == "RULES":
        return book.rules[SOURCE]
    if name == "VARIANTS":
        return book.sections
    if name == "SECTION_TITLES":
        return book.titles[SOURCE]
    if name == "VARIANT_TITLES":
        return {s: t for s, t in book.titles[SOURCE].items() if s != COMMON}
    if name == "TRANSLATED":
        return book.rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def rule(rule_id: str, lang: str | None = "en") -> Rule:
    """The rule with this id, in `lang` (a code of `referee.languages`; others give
    English); KeyError for an unknown id."""
    try:
        return _book().rules[known(lang)][rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the rulebook") from None


def rules_for(variant: str, lang: str | None = "en") -> list[Rule]:
    """The common rules, then those of `variant` (a registered variant's name; "common"
    gives the common rules alone), in `lang`. KeyError for an unknown variant."""
    book = _book()
    if variant not in book.sections:
        raise KeyError(f"no variant {variant!r} (known: {', '.join(book.sections[1:])})")
    table = book.rules[known(lang)]
    return [r for r in table.values() if r.variant == COMMON] + (
        [r for r in table.values() if r.variant == variant] if variant != COMMON else []
    )


def section_title(variant: str, lang: str | None = "en") -> str:
    """The heading of a variant's (or the common rules') section in `lang`."""
    return _book().titles[known(lang)][variant]


def source_label(source: str, lang: str | None = "en") -> str:
    """Where a rule comes from ("seed", "ruling"...), in words of `lang`."""
    return _book().sources[known(lang)].get(source, source)


def markdown(lang: str | None = "en") -> str:
    """The whole rulebook as Markdown for players, in `lang` (docs/rules.md is exactly
    the English one; docs/rules.LANG.md each other language's, e.g. docs/rules.pl.md)."""
    book, lang = _book(), known(lang)
    titles, sources, word = book.titles[lang], book.sources[lang], book.words[lang]
    parts = [book.intros[lang]]
    for variant in book.sections:
        parts.append(f"## {titles[variant]}\n")
        for r in book.rules[lang].values():
            if r.variant == variant:
                src = sources.get(r.source, r.source)
                parts.append(f"### {r.heading}\n\n{r.text}\n\n{word}: {src}\n")
    return "\n".join(parts)


if __name__ == "__main__":  # python -m referee.engine.rulebook [LANG] > docs/rules[.LANG].md
    import sys

    sys.stdout.reconfigure(encoding="utf-8", newline="\n")  # type: ignore[union-attr]
    sys.stdout.write(markdown(sys.argv[1] if len(sys.argv) > 1 else "en"))
