"""Seasons: a club's events grouped, and the season's table (`referee.seasons`, pure).

`models` the tables, `service` the seasons and their tables, `views` the blueprint: the
secretary's pages (`/club/<key>/seasons...`) and the public table (`/season/<id>`, CSV)."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    from . import models  # noqa: F401  (the tables, for Flask-Migrate)
    from .views import bp

    app.register_blueprint(bp)
