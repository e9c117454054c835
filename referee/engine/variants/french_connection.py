"""French Connection: the pose, the cross, locked arms, charges and penalty points."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..messages import N_, NP_, Message
from ..tiles import DOUBLE_OF, NOTHING, WITH_PIP, pip_count, tile
from .base import Events, Figure, Line, Opening, Settlement, Variant, lowest

if TYPE_CHECKING:
    from ..hand import Hand  # noqa: F401 (named in quotes, in the class's base)

BLANK = tile(0, 0)
_new = tuple.__new__  # Line(...), Settlement(...) without the overhead of their defaults
DOUBLES = frozenset(tile(p, p) for p in range(13))  # every double
ONLY_BLANK = [BLANK]  # the tiles left of a player left with only [0|0] (FC-SOAP)
# what a loser's pips are multiplied by, and the sentence that says it, by (he holds a
# double, the Domino! was laid with a double) (FC-SETTLE)
PIPS = {
    (False, False): (1, NP_("{player} holds {n} pip", "{player} holds {n} pips")),
    (True, False): (
        2,
        NP_(
            "{player} holds {n} pip × 2 for holding a double",
            "{player} holds {n} pips × 2 for holding a double",
        ),
    ),
    (True, True): (
        4,
        NP_(
            "{player} holds {n} pip × 4: holds a double and the Domino! was a double",
            "{player} holds {n} pips × 4: holds a double and the Domino! was a double",
        ),
    ),
    (False, True): (
        2,
        NP_(
            "{player} holds {n} pip × 2: the Domino! was laid with a double",
            "{player} holds {n} pips × 2: the Domino! was laid with a double",
        ),
    ),
}
FIRST_POSE = Opening(
    None, BLANK, True, False, False, "FC-POSE", Message(N_("The holder of [0|0] poses it."))
)
TIED_POSE = Opening(
    None,
    BLANK,
    True,
    False,
    False,
    "FC-POSE",
    Message(N_("The last hand ended in a tied block: the holder of [0|0] poses it.")),
)


@functools.lru_cache(maxsize=256)  # the same few players win hand after hand: built once
def _winner_pose(who: int, name: str) -> Opening:
    """The opening of a hand after `name`, in seat `who`, won the last one."""
    return Opening(
        who,
        None,
        True,
        True,
        False,
        "FC-POSE",
        Message(
            N_(
                "{player} won the last hand and poses any double, or passes the pose "
                "to the next player when holding none."
            ),
            player=name,
        ),
    )


class FrenchConnection(Variant["Hand"]):
    name = "french-connection"
    figure = Figure(N_("Penalty points per match"), "match")
    title = "French Connection"
    player_counts = (4,)
    players_rule = "FC-PLAYERS"
    hand_size = 7
    draw_rule = None
    match_rule = "FC-MATCH"
    lead_rule = "FC-POSE"
    spinner_rule = "FC-SPINNER"
    cross_rule = "FC-CROSS"  # four tiles on the posed double, then no more
    poses = True
    nodraw_rule = "FC-NODRAW"
    events = Events(formats=("pods",), pods=(4, 4, 4))  # exactly 4: byes for the rest

    def opening(self, players, previous, options):
        if previous is not None and previous.winner is not None:
            return _winner_pose(previous.winner, players[previous.winner])
        return TIED_POSE if previous is not None else FIRST_POSE

    def open_places(self, hand):
        # p[2], p[3], p[4] are p.pip, p.node, p.arm: indexing a tuple is cheaper than a
        # NamedTuple's field; loops, not comprehensions (no frame of their own): this runs
        # after every tile laid
        layout = hand.layout
        places = []
        if len(layout.nodes[0][8]) < 4:  # [8]: the pose's children
            for p in layout.open:
                places.append((p, None, WITH_PIP[p[2]]) if p[3] == 0 else (p, "FC-CROSS", NOTHING))
            return places
        unlocked = layout.arms_with_double
        for p in layout.open:
            if p[4] in unlocked:
                places.append((p, None, WITH_PIP[p[2]]))
            else:
                places.append((p, "FC-LOCK", DOUBLE_OF[p[2]]))
        return places

    def refusal(self, hand, rule, tile, place):
        if rule == "FC-CROSS":
            return Message(
                N_(
                    "{tile} cannot go on {on} yet: until four tiles lie on the posed double "
                    "{pose}, tiles go only on it."
                ),
                tile=tile,
                on=place.anchor,
                pose=hand.layout.nodes[0].tile,
            )
        return Message(
            N_(
                "{tile} cannot go on the {pip} end: that arm is locked until a double is laid "
                "on it."
            ),
            tile=tile,
            pip=place.pip,
        )

    def after_passes(self, hand, seat, move):
        if hand.last_layer == seat and hand.passes == len(hand.players) - 1:
            for other in range(len(hand.players)):
                if other != seat:
                    hand.charge(move, other, 10, "FC-ALLPASS")

    def after_pass(self, hand, seat, move):
        hand.streak[seat] += 1
        if hand.streak[seat] % 3 == 0:
            hand.charge(move, seat, 10, "FC-THREEPASS")

    def settle(self, hand, left):
        pips = [pip_count(tiles) for tiles in left]
        names = hand.players
        lines = []
        if hand.ended == "domino":
            winner = out = hand.winner  # he went out: no line for him
            last = hand.layout.nodes[-1].tile
            by_double = last.high == last.low
        else:
            winner, out, by_double = lowest(pips), None, False
        text: str | tuple[str, str]  # a line's template (a plural: a pair)
        for seat, tiles in enumerate(left):
            if seat == out:
                continue
            if tiles == ONLY_BLANK:
                text = N_("{player} is left with only [0|0]")
                lines.append(_new(Line, (seat, 20, "FC-SOAP", text, {"player": names[seat]})))
                continue
            factor, text = PIPS[not DOUBLES.isdisjoint(tiles), by_double]
            facts = {"player": names[seat], "n": pips[seat]}
            lines.append(_new(Line, (seat, pips[seat] * factor, "FC-SETTLE", text, facts)))
        return _new(Settlement, (winner, lines))

    def verdict_extras(self, hand):
        return {"penalties": penalties(hand)}


def penalties(hand) -> list[dict]:
    """French Connection's 10- and 20-point charges, in order."""
    out = [
        {"move": m, "side": hand.players[s], "points": p, "rule": r} for m, s, p, r in hand.charges
    ]
    if hand.settlement is not None:
        out += [
            {
                "move": None,
                "side": hand.players[line.side],
                "points": line.points,
                "rule": line.rule,
            }
            for line in hand.settlement.lines
            if line.rule == "FC-SOAP"
        ]
    return out
