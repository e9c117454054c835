"""Promotion and relegation at a season's end, previewed before it is applied: the
divisions in order (the first the top one), each with its final table's teams in place
order; the secretary's choice of how many go up and down between each two divisions.
The top `up` of a division go up to the one above, the bottom `down` of the one above go
down; the first division has no one above and the last no one below."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..engine.messages import N_
from . import LeagueError


def next_season(
    divisions: Sequence[Sequence[Hashable]], up: int, down: int
) -> list[list[Hashable]]:
    """The next season's divisions (teams, in this season's order) after `up` teams of
    each division but the first go up and `down` of each but the last go down. Refused
    (LG-PROMOTE) when a division would be emptied or a count is negative."""
    if up < 0 or down < 0:
        raise LeagueError("LG-PROMOTE", N_("Say how many teams go up and down (0 or more)."))
    for i, teams in enumerate(divisions):
        going = (up if i > 0 else 0) + (down if i < len(divisions) - 1 else 0)
        if going > len(teams):
            raise LeagueError(
                "LG-PROMOTE", N_("A division has too few teams for that many to go up and down.")
            )
    out: list[list[Hashable]] = [list(t) for t in divisions]
    for i in range(len(divisions) - 1):
        upper, lower = divisions[i], divisions[i + 1]
        going_down = list(upper[len(upper) - down :]) if down else []
        going_up = list(lower[:up])
        out[i] = [t for t in out[i] if t not in going_down] + going_up
        out[i + 1] = going_down + [t for t in out[i + 1] if t not in going_up]
    return out
