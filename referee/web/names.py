"""One rule for every name the app keeps (a league's, a division's, a team's, an event's,
a season's, a phone's) and every reason given (an abandon, an unlock): the players' names'
rule (C-NAMES, `referee.engine.names`). Spaces, tabs and line breaks are collapsed to one
space; then empty, longer than the field holds, or holding a character no name may hold
(a control character such as ESC, NUL or DEL, a direction override such as U+202E) is
refused with a sentence next to the field, never stored, so none reaches a page, a CSV
or a calendar file."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from referee.engine import names as rule

from .errors import Refused

RULE = "C-NAMES"


def _collapsed(text, empty: str, field: str) -> str:
    text = " ".join(text.split()) if isinstance(text, str) else ""
    if not rule.visible(text).strip():
        raise Refused(400, empty, field=field)
    return text


def name(text, *, most: int, empty: str, field: str = "name") -> str:
    """The name as kept, or Refused(400, C-NAMES, `field`); `empty`: what to say when
    there is none."""
    text = _collapsed(text, empty, field)
    if len(text) > most:
        raise Refused(400, _("A name of 1 to %(n)s characters.", n=most), RULE, field=field)
    code = rule.refused_character(text)
    if code is not None:
        message = _("The name holds a control character (%(code)s).", code=code)
        raise Refused(400, message, RULE, field=field)
    return text


def reason(text, *, most: int, empty: str, field: str = "reason") -> str:
    """A reason as kept (an abandon's, an unlock's), or Refused(400, `field`)."""
    text = _collapsed(text, empty, field)
    if len(text) > most:
        message = ngettext(
            "Say it in %(num)d character at most.", "Say it in %(num)d characters at most.", most
        )
        raise Refused(400, message, field=field)
    if rule.refused_character(text) is not None:
        raise Refused(400, _("The reason holds a control character."), field=field)
    return text
