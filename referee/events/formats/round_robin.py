"""Round robin: the circle method (Berger) over every entrant, withdrawn ones included so
the schedule never moves; a game against a withdrawn entrant (or the dummy of an odd
field) is a bye. Tables of two entrants: players, or fixed pairs."""

from __future__ import annotations

from referee.engine.messages import N_, NP_, Message

from .base import PairingError, TwoAtATable, berger_rounds


class RoundRobin(TwoAtATable):
    id = "round-robin"
    label = N_("Round robin")
    hint = N_(
        "Round robin: everyone meets everyone once, in a schedule made from the entrants "
        "as typed; it ends by itself, so Rounds may stay empty."
    )
    hint_id = "round-robin-hint"

    def pair(self, entrants, past, round_no, *, variant, table_size, rng):
        return _round_robin(entrants, round_no)


def _round_robin(entrants, round_no):
    everyone = sorted(entrants, key=lambda e: e.id)
    active = {e.id for e in everyone if not e.withdrawn}
    rounds = berger_rounds(e.id for e in everyone)
    if not 1 <= round_no <= len(rounds):
        raise PairingError(
            "round-robin-over",
            Message(
                NP_(
                    "A round robin of {n} entrant has no round {round}.",
                    "A round robin of {n} entrants has no round {round}.",
                ),
                n=len(everyone),
                round=round_no,
            ),
        )
    tables, byes = [], []
    for a, b in rounds[round_no - 1]:
        if a in active and b in active:
            tables.append([a, b])
        else:
            byes += [x for x in (a, b) if x in active]
    return tables, byes
