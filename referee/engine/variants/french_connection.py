"""French Connection: the pose, the cross, locked arms, charges and penalty points."""

from __future__ import annotations

from ..tiles import DOUBLE_OF, NOTHING, WITH_PIP, pip_count, tile
from .base import Line, Opening, Settlement, Variant, lowest

BLANK = tile(0, 0)


class FrenchConnection(Variant):
    name = "french-connection"
    title = "French Connection"
    player_counts = (4,)
    players_rule = "FC-PLAYERS"
    hand_size = 7
    draw_rule = None
    match_rule = "FC-MATCH"
    lead_rule = "FC-POSE"
    spinner_rule = "FC-SPINNER"

    def opening(self, players, previous):
        if previous is not None and previous.winner is not None:
            who = previous.winner
            return Opening(
                who,
                None,
                True,
                True,
                False,
                "FC-POSE",
                f"{players[who]} won the last hand and poses any double, "
                "or passes the pose to the next player if he holds none.",
            )
        why = "Last hand ended in a tied block: t" if previous is not None else "T"
        return Opening(
            None, BLANK, True, False, False, "FC-POSE", f"{why}he holder of [0|0] poses it."
        )

    def open_places(self, hand):
        # p[2], p[3], p[4] are p.pip, p.node, p.arm: indexing a tuple is cheaper than a
        # NamedTuple's field, and this runs after every tile laid
        nodes, opens = hand.layout.nodes, hand.layout.open
        if len(nodes[0].children) < 4:
            return [
                (p, None, WITH_PIP[p[2]]) if p[3] == 0 else (p, "FC-CROSS", NOTHING) for p in opens
            ]
        unlocked = hand.layout.arms_with_double
        return [
            (p, None, WITH_PIP[p[2]]) if p[4] in unlocked else (p, "FC-LOCK", DOUBLE_OF[p[2]])
            for p in opens
        ]

    def refusal(self, hand, rule, tile, place):
        if rule == "FC-CROSS":
            return (
                f"{tile} cannot go on {place.anchor} yet: until four tiles lie on the posed "
                f"double {hand.layout.nodes[0].tile}, tiles go only on it."
            )
        return (
            f"{tile} cannot go on the {place.pip} end: that arm is locked until a double "
            "is laid on it."
        )

    def after_play(self, hand, seat, move):
        if hand.last_layer == seat and hand.passes == len(hand.players) - 1:
            for other in range(len(hand.players)):
                if other != seat:
                    hand.charge(move, other, 10, "FC-ALLPASS")
        hand.streak[seat] = 0

    def after_pass(self, hand, seat, move):
        hand.streak[seat] += 1
        if hand.streak[seat] % 3 == 0:
            hand.charge(move, seat, 10, "FC-THREEPASS")

    def settle(self, hand, left):
        pips = [pip_count(tiles) for tiles in left]
        names = hand.players
        lines = []
        if hand.ended == "domino":
            winner = hand.winner
            last = hand.layout.nodes[-1].tile
            by_double = last.high == last.low
        else:
            winner = lowest(pips)
            by_double = False
        for seat, tiles in enumerate(left):
            if hand.ended == "domino" and seat == winner:
                continue
            if tiles == [BLANK]:
                lines.append(Line(seat, 20, "FC-SOAP", f"{names[seat]} is left with only [0|0]"))
                continue
            factor, why = 1, []
            if any(t.high == t.low for t in tiles):
                factor, why = 2, ["× 2 for holding a double"]
                if by_double:
                    factor, why = 4, ["× 4: holds a double and the Domino! was a double"]
            elif by_double:
                factor, why = 2, ["× 2: the Domino! was laid with a double"]
            text = f"{names[seat]} holds {pips[seat]} pips" + (f" {why[0]}" if why else "")
            lines.append(Line(seat, pips[seat] * factor, "FC-SETTLE", text))
        return Settlement(winner, lines)
