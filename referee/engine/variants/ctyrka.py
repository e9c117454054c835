"""Čtyřka: the highest double leads as a spinner; draw one and the turn ends."""

from __future__ import annotations

from ..errors import IllegalMove, SetupError
from ..names import show
from ..tiles import pip_count
from .base import Line, Opening, Settlement, Variant, lowest


class Ctyrka(Variant):
    name = "ctyrka"
    title = "Čtyřka"
    player_counts = tuple(range(2, 14))
    players_rule = "CT-PLAYERS"
    hand_size = 7
    draw_rule = "CT-DRAW"
    draw_ends_turn = True
    lead_rule = "CT-LEAD"
    spinner_rule = "CT-SPINNER"

    def max_pip(self, players):
        return 6 if players <= 3 else 9 if players <= 7 else 12

    def options(self, options):
        options = dict(options or {})
        scoring = options.pop("scoring", "penalty")
        if not isinstance(scoring, str) or scoring not in ("penalty", "victory"):
            raise SetupError(
                f'scoring is "penalty" or "victory", not {show(scoring)}', field="scoring"
            )
        out = super().options({k: v for k, v in options.items()})
        if "target" not in options:
            out["target"] = 300 if scoring == "victory" else 100
        out["scoring"] = scoring
        return out

    def match_rule_for(self, options):
        return "CT-VICTORY" if options["scoring"] == "victory" else "CT-PENALTY"

    def opening(self, players, previous):
        return Opening(
            None, None, True, False, True, "CT-LEAD", "The holder of the highest double leads it."
        )

    def check_draw(self, hand, count):
        if count != 1:
            raise IllegalMove("CT-DRAW", "In Čtyřka you draw exactly one tile, and your turn ends.")
        super().check_draw(hand, count)

    def settle(self, hand, left):
        pips = [pip_count(tiles) for tiles in left]
        names = hand.players
        winner = hand.winner if hand.ended == "domino" else lowest(pips)
        if hand.options["scoring"] == "victory":
            if winner is None:
                return Settlement(
                    None,
                    [
                        Line(
                            None,
                            0,
                            "CT-VICTORY",
                            "blocked with the fewest pips level: nobody scores",
                        )
                    ],
                )
            others = sum(pips) - pips[winner]
            own = pips[winner] if hand.ended == "block" else 0
            text = f"{names[winner]} wins: the others hold {others} pips"
            if hand.ended == "block":
                text += f", minus his own {own}"
            return Settlement(winner, [Line(winner, others - own, "CT-VICTORY", text)])
        lines = [
            Line(seat, pips[seat], "CT-PENALTY", f"{names[seat]} holds {pips[seat]} pips")
            for seat in range(len(left))
            if seat != winner
        ]
        return Settlement(winner, lines)

    def best(self, options):
        return max if options["scoring"] == "victory" else min
