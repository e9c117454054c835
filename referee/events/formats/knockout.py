"""Knockout (single elimination): a draw of the entrants in seed order (by rating, by the
order entered, or drawn at random: the director's choice), the top seeds' byes when the
field is not a power of two, then ties whose winners meet the neighbouring tie's; an
optional third-place tie. The director pairs round 1; every later tie's table opens as
soon as both its entrants are known (`referee.events.bracket`). Tables of two entrants:
players, or fixed pairs."""

from __future__ import annotations

from referee.engine.messages import N_

from .. import bracket as br
from .base import TwoAtATable, ranked

SEED_RATING, SEED_ENTERED, SEED_RANDOM = "rating", "entered", "random"


def seeded(entrants, how: str | None, rng) -> list[int]:
    """The active entrants' ids in seed order: by standing (the rating, where the event
    seeds by it), in the order entered, or drawn at random."""
    active = [e for e in entrants if not e.withdrawn]
    if how == SEED_RANDOM:
        ids = [e.id for e in active]
        rng.shuffle(ids)
        return ids
    if how == SEED_RATING:
        return [e.id for e in ranked(active, rng)]
    return sorted(e.id for e in active)  # ids follow the order entered


class Knockout(TwoAtATable):
    id = "knockout"
    label = N_("Knockout (single elimination)")
    hint = N_(
        "Knockout: entrants in seed order (members by rating); a loser is out, the top "
        "seeds get the byes, and a winner goes on as soon as his table is decided."
    )
    hint_id = "knockout-hint"
    draws = True
    double = False

    def offset(self, past) -> int:
        """The event's rounds before the bracket's first (pools)."""
        return 0

    def bracket(self, past) -> br.Bracket | None:
        """The bracket as the kept draw and the results of its tables give it, its ties'
        rounds the event's."""
        lines = (past.draw or {}).get("lines")
        if not lines:
            return None
        shape = self._built(past, lines, {})
        won: dict[str, int] = {}
        for position, rnd in enumerate(past.rounds, 1):
            number = rnd.number or position
            for table, winner in rnd.won().items():
                tie = shape.at(number, table)
                if tie is not None:
                    won[tie.key] = winner
        return self._built(past, lines, won)

    def _built(self, past, lines, won) -> br.Bracket:
        found = br.build(lines, won, double=self.double, third=self._third(past))
        offset = self.offset(past)
        for t in found.ties:
            t.round += offset
        return found

    def _third(self, past) -> bool:
        return bool(past.options.get("third"))

    def draw(self, entrants, past, round_no, *, rng):
        if round_no != 1 + self.offset(past) or (past.draw or {}).get("lines"):
            return None
        order = seeded(entrants, past.options.get("seed"), rng)
        return {**(past.draw or {}), "lines": br.draw_lines(order)}

    def pair(self, entrants, past, round_no, *, variant, table_size, rng):
        bracket = self.bracket(past)
        if bracket is None:
            return [], []
        r = round_no
        tables = [t.entrants for t in bracket.ties if t.round == r and t.ready]
        byes = [t.winner for t in bracket.ties if t.round == r and t.bye and t.winner is not None]
        return tables, byes

    def opens(self, past, round_no):
        return round_no > 1 + self.offset(past)

    def ready(self, past):
        bracket = self.bracket(past)
        if bracket is None:
            return []
        return [(t.round, t.table, t.entrants) for t in bracket.playable()]

    def places(self, entrants, past):
        bracket = self.bracket(past)
        return br.placings(bracket) if bracket is not None else None
