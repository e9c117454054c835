"""THE list of languages: code, native name, plural rule. Everything that offers or reads a
language asks this module: the command line (`check --lang`, `rules --lang`), the web
(Flask-Babel's choice, the switch on every page, the table's language), the start form,
the rulebook and glossary texts, `scripts/i18n.sh` and `scripts/plural_forms.py`, the tests.

Adding a language is one entry here, its catalogue (`scripts/i18n.sh init CODE`, then
translate `translations/CODE/LC_MESSAGES/messages.po`) and its texts files (the rulebook's
`referee/engine/texts/common.CODE.toml` and each variant's
`referee/engine/variants/texts/VARIANT.CODE.toml`). Pure standard library.
"""

from __future__ import annotations

from typing import NamedTuple


class Language(NamedTuple):
    code: str  # ISO 639-1, as in ?lang= links, cookies, Accept-Language, catalogue folders
    name: str  # the language's own name for itself, as the switch and the forms show it
    plural: str  # the catalogue's Plural-Forms header (gettext's C expression in n)


# The first is the language the app is written in: the msgids, and no catalogue of its own.
LANGUAGES: tuple[Language, ...] = (
    Language("en", "English", "nplurals=2; plural=(n != 1);"),
    Language(
        "pl",
        "Polski",
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    ),
    Language("cs", "Čeština", "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"),
    Language("es", "Español", "nplurals=2; plural=(n != 1);"),
)

SOURCE = LANGUAGES[0].code  # the language of the msgids (and of the records' sentences)
CODES: tuple[str, ...] = tuple(lang.code for lang in LANGUAGES)
NAMES: dict[str, str] = {lang.code: lang.name for lang in LANGUAGES}  # code -> native name
TRANSLATED: tuple[str, ...] = CODES[1:]  # the languages with a catalogue to translate
PLURAL_FORMS: dict[str, str] = {lang.code: lang.plural for lang in LANGUAGES[1:]}


def known(code: str | None) -> str:
    """`code` if it is one of ours, else the source language."""
    return code if code in NAMES else SOURCE


def listed(codes: tuple[str, ...] = CODES) -> str:
    """The codes as a reader lists them: "en, pl or cs"."""
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} or {codes[-1]}"


if __name__ == "__main__":  # `python -m referee.languages`: the codes with a catalogue
    print("\n".join(TRANSLATED))
