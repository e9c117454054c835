"""Events: tournaments and club nights (many tables, rounds, pairings, live standings).

`service` holds the logic, `views` the blueprint, `models` the tables; `entrants` reads
and checks the names typed, `guards` what the director's acts refuse, `series` what a
table screen shows of its series."""

from __future__ import annotations

from referee.events.standings import points


def register(app) -> None:
    from . import live, models, opening, pieces, roster  # noqa: F401  (models: the tables, for Flask-Migrate)
    from . import poll as event_poll
    from .bracket_view import bracket_of
    from .guards import locked_match
    from .series import series_of
    from .views import bp

    app.register_blueprint(bp)
    live.init_app(app)
    pieces.init_app(app)
    event_poll.init_app(app)
    opening.init_app(app)
    app.add_template_global(locked_match)
    app.add_template_global(bracket_of, "event_bracket")
    app.add_template_global(series_of, "event_series")
    app.add_template_filter(points, "points")
