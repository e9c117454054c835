"""The catalogues' plural headers set right (from `referee/languages.py`), and (--check)
every msgid without a translation listed, for every language with a catalogue. Used by
scripts/i18n.sh; the tests ask the same questions."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from referee.languages import PLURAL_FORMS  # noqa: E402 (the list of languages)


def path(lang: str) -> Path:
    return ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po"


def read(lang: str):
    with open(path(lang), "rb") as f:
        return read_po(f, locale=lang)


def untranslated(lang: str) -> list[str]:
    """The msgids of `lang`'s catalogue with no translation (or one marked fuzzy)."""
    out = []
    for m in read(lang):
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            out.append(m.id if isinstance(m.id, str) else m.id[0])
    return out


def set_headers(lang: str) -> None:
    """Write the Plural-Forms header of the brief (Babel would use CLDR's own wording)."""
    lines = path(lang).read_text(encoding="utf-8").splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith('"Plural-Forms:'))
    end = next(i for i in range(start, len(lines)) if lines[i].endswith('\\n"'))  # wrapped?
    lines[start : end + 1] = [f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"']
    path(lang).write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if "--check" not in argv:
        for lang in PLURAL_FORMS:
            set_headers(lang)
        return 0
    missing = 0
    for lang in PLURAL_FORMS:
        for msgid in untranslated(lang):
            print(f"{lang}: {msgid}")
            missing += 1
    print(f"{missing} msgid(s) without a translation", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
