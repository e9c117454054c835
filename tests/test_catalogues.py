"""The catalogues of the languages of referee/languages.py (Polish, Czech, Spanish): right
plural headers, every msgid translated (with the same placeholders), plural forms right for 1, 2,
5 and 22. See docs/i18n.md."""

import ast
import re
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from referee.engine.messages import NP_, Message, render
from referee.language import catalogue, compile_catalogues
from referee.languages import PLURAL_FORMS, TRANSLATED

ROOT = Path(__file__).resolve().parent.parent
LANGS = TRANSLATED  # every language with a catalogue (referee/languages.py)
# Msgids found only in these files may wait for a translation: the pages being rebuilt now
# are wrapped and translated in a second pass, which empties this list.
PENDING = ("templates/", "referee/web/", "app.py")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)[sdr]")


def po(lang):
    with open(ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Every msgid in the source now, with the files it is in (a fresh `pybabel extract`)."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "-k",
            "N_",
            "-k",
            "NP_:1,2",
            "-k",
            "_l",
            "-o",
            str(pot),
            str(ROOT),
        ]
    )
    with open(pot, "rb") as f:
        return {m.id: {_relative(loc) for loc, _ in m.locations} for m in read_po(f) if m.id}


def _relative(location: str) -> str:
    path = Path(location)
    return (path.relative_to(ROOT) if path.is_absolute() else path).as_posix()


# A literal sentence handed to gettext in Python: _("..."), _l('...'), N_("...") (not one
# quoted in a docstring between backticks)
CALL = re.compile(
    r"""(?<![\w.`])(?:_|_l|N_|gettext)\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*[,)]"""
)


def test_every_sentence_given_to_gettext_in_python_is_extracted(extracted):
    """Babel (on Python 3.11) does not see a call inside an f-string: a sentence said there
    would never reach a catalogue, and `scripts/i18n.sh` would drop its translations.
    Say it before the f-string (`more = _("More")`, then `f"<h2>{more}</h2>"`)."""
    unseen = []
    for path in [*(ROOT / "referee").rglob("*.py"), ROOT / "app.py"]:
        for found in CALL.finditer(path.read_text(encoding="utf-8")):
            sentence = ast.literal_eval(found.group(1))
            if sentence not in extracted:
                unseen.append((path.relative_to(ROOT).as_posix(), sentence))
    assert unseen == []


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_header(lang):
    assert po(lang).plural_forms == PLURAL_FORMS[lang]
    raw = (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").read_text("utf-8")
    assert f'"Plural-Forms: {PLURAL_FORMS[lang]}\\n"\n"MIME-Version' in raw  # one line, whole


@pytest.mark.parametrize("lang", LANGS)
def test_every_msgid_of_the_source_is_translated(lang, extracted):
    cat = po(lang)
    missing = []
    for msgid, files in extracted.items():
        m = cat.get(msgid)
        strings = () if m is None else (m.string if isinstance(m.string, tuple) else (m.string,))
        done = m is not None and not m.fuzzy and strings and all(strings)
        pending = all(f.startswith(PENDING) for f in files)
        if not done and not pending:
            missing.append(msgid)
    assert missing == [], f"run scripts/i18n.sh and translate these into {lang}: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_the_placeholders(lang):
    wrong = []
    cat = po(lang)
    for m in cat:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set(PLACEHOLDER.findall(ids[0])) | set(PLACEHOLDER.findall(ids[-1]))
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            if s and not set(PLACEHOLDER.findall(s)) <= want:
                wrong.append((m.id, s))
        if len(ids) == 2 and isinstance(m.string, tuple):
            assert len(m.string) == cat.num_plurals, m.id  # as many forms as the language has
    assert wrong == []


@pytest.mark.parametrize(
    "lang,forms",
    [
        ("pl", ["1 punkt", "2 punkty", "5 punktów", "22 punkty", "12 punktów", "112 punktów"]),
        ("cs", ["1 bod", "2 body", "5 bodů", "22 bodů", "12 bodů", "4 body"]),
    ],
)
def test_plural_forms_of_points(lang, forms):
    compile_catalogues()
    cat = catalogue(lang)
    numbers = [int(f.split()[0]) for f in forms]
    said = [render(Message(NP_("{n} point", "{n} points"), n=n), cat) for n in numbers]
    assert said == forms


@pytest.mark.parametrize(
    "lang,forms",
    [
        ("pl", ["1 kamień", "2 kamienie", "5 kamieni", "22 kamienie"]),
        ("cs", ["1 kámen", "2 kameny", "5 kamenů", "22 kamenů"]),
    ],
)
def test_plural_forms_of_tiles(lang, forms):
    compile_catalogues()
    said = [
        render(Message(NP_("{n} tile", "{n} tiles"), n=n), catalogue(lang)) for n in (1, 2, 5, 22)
    ]
    assert said == forms
