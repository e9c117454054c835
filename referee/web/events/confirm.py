"""The director's acts that take effect at once ask first: the question, what the act
does, and the button that says yes. The director's page asks in the page (a disclosure,
as the table's Undo does); a form sent without the answer (`confirm=1`), from a page of
before or a script, gets the question as a page of its own, and nothing is done."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import ngettext

GATED = ("finish", "withdraw", "time", "forfeit", "abandon")


@dataclass(frozen=True)
class Ask:
    question: str
    detail: str
    yes: str


def ask(act: str, **facts) -> Ask:
    """The question an act asks before it is done."""
    if act == "finish":
        detail = _(
            "No more rounds are paired, and no entrant, forfeit or abandon is taken. "
            "You can reopen the event afterwards."
        )
        in_play = facts.get("in_play") or []
        if in_play:
            detail += " " + ngettext(
                "Table %(tables)s is still in play: it records nothing more (no move, "
                "lot, tiles left or undo) unless you reopen the event.",
                "Tables %(tables)s are still in play: they record nothing more (no move, "
                "lot, tiles left or undo) unless you reopen the event.",
                len(in_play),
                tables=", ".join(str(n) for n in in_play),
            )
        return Ask(_("Finish the event?"), detail, _("Yes, finish the event"))
    if act == "withdraw":
        return Ask(
            _("Withdraw %(name)s?", **facts),
            _(
                "%(name)s is not paired again; the results played stay. A withdrawal "
                "can be undone (reinstated).",
                **facts,
            ),
            _("Yes, withdraw %(name)s", **facts),
        )
    if act == "time":
        return Ask(
            _("Call time in round %(n)s?", **facts),
            _("Each table finishes the hand in play; its match is then decided on the totals."),
            _("Yes, call time"),
        )
    if act == "forfeit":
        detail = _(
            "The table's result is then the score you give each side, whatever its record says."
        )
        if "target" in facts:
            detail += " " + (
                _(
                    "Give the side that is there 0 and the side that is not the target, "
                    "%(target)s (0 – %(target)s): no total above the target, so a forfeit "
                    "never counts more than a game won on the board.",
                    target=facts["target"],
                )
                if facts.get("fewest")
                else _(
                    "Give the side that is there the target, %(target)s, and the side that "
                    "is not 0 (%(target)s – 0): no total above the target, so a forfeit "
                    "never counts more than a game won on the board.",
                    target=facts["target"],
                )
            )
        return Ask(
            _("Record a forfeit at table %(n)s?", **facts), detail, _("Yes, record the forfeit")
        )
    if act == "abandon":
        return Ask(
            _("Abandon table %(n)s?", **facts),
            _("The table then counts for nobody."),
            _("Yes, abandon the table"),
        )
    raise KeyError(act)


def given(form) -> bool:
    """Whether the form carries the director's yes."""
    return form.get("confirm") == "1"
