"""Team leagues, pure (standard library only): what the web's leagues (`referee.web.leagues`)
ask. A league's match format is data (`formats`: the games of a fixture, the league points,
what a no-show and a short side concede; four presets from real leagues), the fixture list
a double round robin (`fixtures`), a fixture's sheet the replay of its log (`sheet`), the
table and the players' averages the replay of the fixtures' results (`table`), and the
season's end previewed (`promotion`). Errors are values with rule ids (`LeagueError`,
rules LG-*: docs/leagues.md)."""

from __future__ import annotations


class LeagueError(ValueError):
    """A league's rule refused something: `rule` (LG-...), `message` a msgid with `facts`."""

    def __init__(self, rule: str, message: str, **facts):
        super().__init__(f"{rule}: {message % facts if facts else message}")
        self.rule = rule
        self.message = message
        self.facts = facts


class Already(LeagueError):
    """An entry the sheet holds already (a score confirmed, a side signed, the same
    line-up again): nothing to change, and nothing is entered twice (rule LG-ONCE)."""

    def __init__(self, message: str, **facts):
        super().__init__("LG-ONCE", message, **facts)
