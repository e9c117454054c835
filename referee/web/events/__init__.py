"""Events: tournaments and club nights (many tables, rounds, pairings, live standings).

`service` holds the logic, `views` the blueprint, `models` the tables."""

from __future__ import annotations


def register(app) -> None:
    from . import models  # noqa: F401  (the tables, for Flask-Migrate)
    from .service import locked_match
    from .views import bp

    app.register_blueprint(bp)
    app.add_template_global(locked_match)

    @app.template_filter("points")
    def points(value) -> str:
        """Standings points: whole numbers as they are, shares with one decimal."""
        return str(int(value)) if value == int(value) else f"{float(value):.1f}"
