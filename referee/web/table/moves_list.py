"""The table screen's last moves as HTML: one <li> a move, numbered as in the hand, with
what it scored or cost and what the record proves against it, each with its rule.

Built in Python rather than in a Jinja loop, as the picker is (`picker.py`): twelve moves
with their notes cost the loop 0.09 ms of a table's render, a fifth of it. The words are
the presenters' (`presenters.history`), the proofs the audit's (`audit.service.evidence`).
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..pages.rules import rule_link


def moves_items(events, by_move: dict, variant) -> Markup:
    """The <li> of each move in `events` (`presenters.Event`), with the flags of
    `by_move` (the evidence's items, by move number)."""
    out = []
    for e in events:
        parts = [f'<li value="{e.number}">', escape(e.text), notes_html(e.notes, variant)]
        for f in by_move.get(e.number, ()):
            parts.append(
                f' <strong class="flag">⚑ {escape(f["what"])}</strong>'
                f" ({rule_link(f['rule'], variant)})"
            )
        parts.append("</li>")
        out.append("".join(parts))
    return Markup("\n    ".join(out))


def notes_html(notes: list[dict], variant) -> str:
    """A move's notes (what it scored or cost), each "; note (its rule)": in the history
    and after the last move."""
    return "".join(
        f'; <span class="note">{escape(n["text"])}</span>'
        + (f" ({rule_link(n['rule'], variant)})" if n["rule"] else "")
        for n in notes
    )
