"""What the app refuses, and how errors are answered.

`Refused` is a write or a read the app refuses: an HTTP status, the sentence for the page,
and the rule it cites. The services raise it; the views show it on the page it concerns
(the table, a form) with its status. Any other error (an unknown link, a form without
its CSRF token, a body too large) is answered with the error page (`init_app`).
"""

from __future__ import annotations

from flask import Flask, render_template
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException


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


def _error(status: int, title: str, message: str):
    return render_template("error.html", status=status, title=title, message=message), status


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def csrf_error(e):
        return _error(
            400,
            _("This page is out of date"),
            _(
                "The form was sent without its security token, or with an old one "
                "(%(reason)s). Go back, reload the page and try again.",
                reason=e.description,
            ),
        )

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        titles = {404: _("Not found"), 405: _("Not allowed here"), 413: _("Too large")}
        said = e.description or e.name
        if said == type(e).description:  # Werkzeug's own English: said in the reader's words
            said = {
                404: _("There is no page at this link."),
                405: _("This address does not take that kind of request."),
                413: _("What was sent is too large."),
            }.get(e.code, said)
        return _error(e.code or 500, titles.get(e.code, e.name), said)
