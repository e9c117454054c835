"""THE list of languages: code, native name, plural rule, the words of a typed move.
Everything that offers or reads a language asks this module: the command line
(`check --lang`, `rules --lang`), the web (Flask-Babel's choice, the switch on every page,
the table's language, the moves a correction reads), the start form, the rulebook and
glossary texts, `scripts/i18n.sh`, `scripts/plural_forms.py` and `scripts/page_weight.py`,
the tests.

Adding a language is one entry here, its catalogue (`scripts/i18n.sh init CODE`, then
translate `translations/CODE/LC_MESSAGES/messages.po`) and its texts files (the rulebook's
`referee/engine/texts/common.CODE.toml` and each variant's
`referee/engine/variants/texts/VARIANT.CODE.toml`). Pure standard library.
"""

from __future__ import annotations

from typing import NamedTuple


class MoveWords(NamedTuple):
    """The words a player types for a move in this language ("Ben 5-0 on 5-5", "Cleo draw
    2", "Dan pass"), as the catalogue's move hints show them; no word may stand for two."""

    on: tuple[str, ...]
    draw: tuple[str, ...]
    pass_: tuple[str, ...]


class Language(NamedTuple):
    code: str  # ISO 639-1, as in ?lang= links, cookies, Accept-Language, catalogue folders
    name: str  # the language's own name for itself, as the switch and the forms show it
    plural: str  # the catalogue's Plural-Forms header (gettext's C expression in n)
    moves: MoveWords  # the words of a typed move line (a correction's moves)


# The first is the language the app is written in: the msgids, and no catalogue of its own.
LANGUAGES: tuple[Language, ...] = (
    Language(
        "en", "English", "nplurals=2; plural=(n != 1);", MoveWords(("on",), ("draw",), ("pass",))
    ),
    Language(
        "pl",
        "Polski",
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        MoveWords(("na", "do"), ("dobiera", "dobierz"), ("pas", "pasuje", "pasuj")),
    ),
    Language(
        "cs",
        "Čeština",
        "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
        MoveWords(("na", "k"), ("bere", "lízne", "líznout"), ("pas", "vynechává")),
    ),
    Language(
        "es",
        "Español",
        "nplurals=2; plural=(n != 1);",
        MoveWords(("en", "sobre"), ("roba", "robar", "robo"), ("pasa", "pasar", "paso")),
    ),
)

SOURCE = LANGUAGES[0].code  # the language of the msgids (and of the records' sentences)
CODES: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES)
NAMES: dict[str, str] = {lang.code: lang.name for lang in LANGUAGES}  # code -> native name
TRANSLATED: tuple[str, ...] = CODES[1:]  # the languages with a catalogue to translate
PLURAL_FORMS: dict[str, str] = {lang.code: lang.plural for lang in LANGUAGES[1:]}
# "on", "draw", "pass" -> every word that stands for it, in any language
MOVE_WORDS: dict[str, set[str]] = {
    kind: {w for lang in LANGUAGES for w in getattr(lang.moves, field)}
    for kind, field in (("on", "on"), ("draw", "draw"), ("pass", "pass_"))
}


def known(code: str | None) -> str:
    """`code` if it is one of ours, else the source language."""
    return code if code in NAMES else SOURCE


def listed(codes: tuple[str, ...] = CODES) -> str:
    """The codes as a reader lists them: "en, pl or cs"."""
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} or {codes[-1]}"


if __name__ == "__main__":  # `python -m referee.languages`: the codes with a catalogue
    print("\n".join(TRANSLATED))
