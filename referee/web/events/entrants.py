"""Entrants as the director types them: one a line (a pair as "Ana & Ben"), every name
checked by the engine's name rule (C-NAMES, `referee.engine.names`) when it is entered
(the new event's form, a late entrant, a substitution), so that no name the rules refuse
reaches a round."""

from __future__ import annotations

from flask_babel import gettext as _

from referee.engine import names as rule

from ..errors import Refused
from ..i18n import say

NAME_RULE = "C-NAMES"


def read(text: str, pairs: bool, field: str = "entrants") -> list[list[str]]:
    """Entrants from a text, one a line; a pair as "Ana & Ben" (or "Ana, Ben", "Ana+Ben")."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if pairs:
            parts = [p.strip() for p in line.replace(",", "&").replace("+", "&").split("&")]
            parts = [p for p in parts if p]
            if len(parts) != 2:
                raise Refused(400, _("A pair is two names: “%(line)s”.", line=line), field=field)
            out.append(parts)
        else:
            out.append([line])
    return out


def check(new: list[list[str]], existing: list[list[str]] = (), field: str = "entrants"):
    """The engine's name rule for every name of `new` (each one a name the rules take, and
    none the same as another, old or new, as the engine compares names: "Ana", "ana",
    "ＡＮＡ"); Refused(400, rule C-NAMES, `field`) for the first that is not. The names of
    `existing` entrants are only compared with, never refused again."""
    old = [name for members in existing for name in members]
    names = old + [name for members in new for name in members]
    faults = rule.faults(names)
    for seat in sorted(faults):
        if seat >= len(old):
            name, why = rule.show(names[seat].strip()), say(faults[seat])
            text = why if name in why else _("%(name)s: %(why)s", name=name, why=why)
            raise Refused(400, text, NAME_RULE, field=field)
