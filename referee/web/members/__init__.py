"""The club's members: the roster (the secretary's pages), members' cards (a personal link
and a PIN), seats of matches linked to members, signatures per side, and the ratings and
ladder per variant.

`models` the tables, `service` the roster and its writes, `cards` the credentials and the
PIN tries, `signing` the signatures, `results` the engine's results fed to the ratings
(`referee.ratings`, pure), `pages` what the pages show (a member's rating chart is
`drawing.rating`), `views` the blueprint. The secretary's first link is made by
`flask --app app secretary`.
"""

from __future__ import annotations

import click
from flask import Flask, current_app
from flask.cli import with_appcontext


@click.command("secretary")
@with_appcontext
def secretary_command() -> None:
    """Make a new link for the club's secretary and print it (the one before, if any,
    stops working). The only way to the first one: the web offers none."""
    from ..schema import up_to_date, upgrade_sqlite
    from . import service

    if current_app.config.get("AUTO_UPGRADE") and not up_to_date():
        upgrade_sqlite()
    from .. import public

    token = service.new_secretary()
    with current_app.test_request_context("/", base_url=public.here()):
        url = public.link("members.roster", key=token)  # the address every page gives phones
    click.echo(f"The club secretary's link (keep it private; it is shown only now):\n{url}")


def register(app: Flask) -> None:
    from . import models  # noqa: F401  (the tables, for Flask-Migrate)
    from .views import bp

    app.register_blueprint(bp)
    app.cli.add_command(secretary_command)

    from .pages import match_chances

    app.add_template_global(match_chances)

    @app.template_global()
    def any_variant():
        """A variant for the common rules' links (C-NAMES) on pages of no variant."""
        from referee.engine.variants import VARIANTS

        return next(iter(VARIANTS.values()))
