"""Team leagues on the web, asking the pure `referee.leagues`: `models` the tables,
`service` the league secretary's writes (a league made from the club secretary's page,
its own secret link made and kept as the club's are: `members.cards`), `night` a
fixture's sheet (line-ups, scores, confirmations, the captains' signatures with their
PIN or personal link: `members.signing.check_pin`), `tables` what the public pages and
exports show (tables, averages, results, the fixture list, the ICS calendar), `views`
the blueprint."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    from . import cups, models, player_cups  # noqa: F401  (models: the tables, for Flask-Migrate)
    from .cup_views import bp as cups_bp
    from .views import bp

    app.register_blueprint(bp)
    app.register_blueprint(cups_bp)
    cups.init_app(app)
    app.add_template_global(player_cups.player_cups, "league_player_cups")
    app.add_template_global(player_cups.squads, "cup_squads")
    from . import season_link

    season_link.init_app(app)

    @app.template_global()
    def captains_a_team(member) -> bool:
        """Whether the member captains a league team (their page links their fixtures)."""
        from sqlalchemy import select

        from ..store import db
        from .models import Team

        return (
            db.session.execute(select(Team.id).where(Team.captain_id == member.id)).first()
            is not None
        )
