"""JSON sent to the app (the offline outbox's moves, any form sent as JSON) read through
the engine's guard (`record.json_value`): JSON nested too deeply is invalid JSON, a 400
(or None where a route reads it `silent`), never a RecursionError and a 500."""

from __future__ import annotations

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from referee.engine.record import json_value


class GuardedJSON(DefaultJSONProvider):
    def loads(self, s, **kwargs):
        return json_value(s) if not kwargs else super().loads(s, **kwargs)


def init_app(app: Flask) -> None:
    app.json = GuardedJSON(app)
