"""The language of the command line: the same compiled catalogues as the web side
(`translations/<lang>/LC_MESSAGES/messages.mo`), read with the standard library's gettext."""

from __future__ import annotations

import gettext
import os
from pathlib import Path

from .engine.messages import ENGLISH

LANGUAGES = ("en", "pl", "cs")
LOCALEDIR = Path(__file__).resolve().parent.parent / "translations"


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
            return "en"
    return "en"


def catalogue(lang: str):
    """The catalogue for `lang` (anything with gettext and ngettext); English when the
    language is English or its catalogue is not compiled."""
    if lang == "en":
        return ENGLISH
    return gettext.translation("messages", LOCALEDIR, languages=[lang], fallback=True)
