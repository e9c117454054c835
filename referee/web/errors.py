"""What the app refuses, and how errors are answered.

`Refused` is a write or a read the app refuses: an HTTP status, the sentence for the page,
and the rule it cites. The services raise it; the views show it on the page it concerns
(the table, a form) with its status.
"""

from __future__ import annotations


class Refused(Exception):
    """A write the app refuses: an HTTP status, the sentence for the table, and the rule
    it cites (None for what is not a rule: a stale page, an unreadable tile...)."""

    def __init__(
        self,
        status: int,
        message: str,
        rule: str | None = None,
        *,
        hand: int | None = None,
        move: int | None = None,
        field: str | None = None,
    ):
        super().__init__(message)
        self.status, self.message, self.rule = status, message, rule
        self.hand, self.move, self.field = hand, move, field
        self.seat: int | None = None  # the player whose name is refused (field "names")
