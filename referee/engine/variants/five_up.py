"""Five-Up: every double a spinner, the count scores at multiples of five."""

from __future__ import annotations

from ..tiles import pip_count
from .base import Line, Opening, Settlement, Variant, round5, unique_best


class FiveUp(Variant):
    name = "five-up"
    title = "Five-Up"
    player_counts = (2, 3, 4)
    players_rule = "FU-PLAYERS"
    hand_size = 5
    counts = True
    every_double_spins = True  # FU-SPINNER
    draw_rule = "FU-DRAW"
    match_rule = "FU-MATCH"
    lead_rule = "FU-LEAD"
    spinner_rule = "FU-SPINNER"

    def default_target(self, options):
        return 61

    def sides(self, players):
        return [(0, 2), (1, 3)] if players == 4 else [(s,) for s in range(players)]

    def opening(self, players, previous):
        if previous is not None and previous.ended == "domino":
            who = previous.winner
            return Opening(
                who,
                None,
                False,
                False,
                False,
                "FU-LEAD",
                f"{players[who]} went out last hand and leads any tile.",
            )
        return Opening(
            None,
            None,
            False,
            False,
            False,
            "FU-LEAD",
            "Draw lots for the lead; the winner of the lot leads any tile.",
            lot=True,
        )

    def after_play(self, hand, seat, move):
        count = hand.layout.count
        points = count // 5 if count and count % 5 == 0 else 0
        side = hand.side_of[seat]
        hand.plays.append((move, count, points, side))
        hand.scores[side] += points

    def settle(self, hand, left):
        pips = [pip_count(tiles) for tiles in left]
        sides = hand.sides
        side_pips = [sum(pips[s] for s in side) for side in sides]
        total = sum(side_pips)
        names = hand.side_names
        lines = []
        if hand.ended == "domino":
            win = hand.side_of[hand.winner]
            opp = total - side_pips[win]
            lines.append(
                Line(
                    win,
                    round5(opp),
                    "FU-DOMINO",
                    f"{names[win]} went out: opponents hold {opp} pips, / 5 rounded",
                )
            )
            if len(hand.players) == 3:
                others = [s for s in range(3) if s != win]
                low, high = sorted(others, key=lambda s: side_pips[s])
                diff = side_pips[high] - side_pips[low]
                if diff:
                    lines.append(
                        Line(
                            low,
                            round5(diff),
                            "FU-DOMINO",
                            f"{names[low]} holds fewer pips than {names[high]}: "
                            f"{side_pips[high]} - {side_pips[low]} = {diff}, / 5 rounded",
                        )
                    )
            return Settlement(hand.winner, lines)
        win = unique_best(side_pips, min)
        if win is None:
            return Settlement(
                None,
                [Line(None, 0, "FU-BLOCK", "blocked with the fewest pips level: nobody scores")],
            )
        opp = total - side_pips[win]
        diff = opp - side_pips[win]
        lines.append(
            Line(
                win,
                round5(diff),
                "FU-BLOCK",
                f"{names[win]} won the block: {opp} - {side_pips[win]} = {diff} pips, / 5 rounded",
            )
        )
        winner = min(sides[win], key=lambda s: (pips[s], s))
        return Settlement(winner, lines)

    def best(self, options):
        return max
