"""Double knockout (double elimination): the knockout's draw and winners' side; a loser
there drops into the losers' side, where a second loss puts him out; the grand final sets
the two sides' champions against each other, and is played again (the reset) when the
losers' side's entrant wins it, so that everyone but the champion loses twice
(`referee.events.bracket`)."""

from __future__ import annotations

from referee.engine.messages import N_

from .knockout import Knockout


class DoubleKnockout(Knockout):
    id = "double-knockout"
    label = N_("Double knockout (winners' and losers' brackets)")
    hint = N_(
        "Double knockout: a first loss sends an entrant to the losers' bracket, a second "
        "puts him out; the grand final is played again if the losers' side wins it."
    )
    hint_id = "double-knockout-hint"
    double = True
    min_entrants = 3
    too_few = N_("A double knockout needs at least three entrants.")

    def _third(self, past) -> bool:
        return False  # the losers' side's final places third and fourth
