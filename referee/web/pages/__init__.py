"""The app's own pages, outside a table: the home page (`home`), the rules of each variant
(`rules`) and the import of a game record (`records`). One blueprint, `main`."""

from __future__ import annotations

from flask import Blueprint, Flask, get_flashed_messages

bp = Blueprint("main", __name__)

from . import home, records, rules  # noqa: E402  (their routes, on `bp`)


def register(app: Flask) -> None:
    from ..forms import EmptyForm

    app.register_blueprint(bp)
    rules.init_app(app)

    @app.context_processor
    def flashed():
        """What every page's layout (base.html) shows: the messages flashed to it, and the
        form every button-only POST sends (its CSRF token)."""
        return {"messages": get_flashed_messages(), "EmptyForm": EmptyForm}


__all__ = ["bp", "home", "records", "register", "rules"]
