"""The language of the command line: the same compiled catalogues as the web side
(`translations/<lang>/LC_MESSAGES/messages.mo`), read with the standard library's gettext."""

from __future__ import annotations

import gettext
import os
from pathlib import Path

from .engine.messages import ENGLISH
from .languages import CODES, SOURCE

LANGUAGES = CODES  # the codes (referee/languages.py has the list)
# a wheel's catalogues (setup.py compiles them into referee/translations/); else the checkout's
_PACKAGED = Path(__file__).resolve().parent / "translations"
LOCALEDIR = _PACKAGED if _PACKAGED.is_dir() else _PACKAGED.parent.parent / "translations"


def from_environment(environ=os.environ) -> str:
    """The first language we speak named by LANGUAGE, LC_ALL, LC_MESSAGES or LANG
    (as gettext reads them: "pl_PL.UTF-8", "cs:en"); English if none."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if var != "LANGUAGE":  # the first of LC_ALL, LC_MESSAGES, LANG that is set decides
            return SOURCE
    return SOURCE


def catalogue(lang: str):
    """The catalogue for `lang` (anything with gettext and ngettext); English when the
    language is English or its catalogue is not compiled."""
    if lang == SOURCE:
        return ENGLISH
    return gettext.translation("messages", LOCALEDIR, languages=[lang], fallback=True)


def compile_catalogues(force: bool = False) -> None:
    """Compile every translations/<lang>/LC_MESSAGES/messages.po whose .mo is missing or
    older (what `pybabel compile -d translations` does; for the tests, which may run
    before scripts/venv.sh has compiled them)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in LOCALEDIR.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if force or not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with open(po, "rb") as f:
                catalog = read_po(f, locale=po.parent.parent.name)
            with open(mo, "wb") as f:
                write_mo(f, catalog)
