"""Five-Up: every double a spinner, the count scores at multiples of five."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..messages import N_, NP_, Message
from ..tiles import pip_count
from .base import (
    FIXED_PAIRS,
    KNOCKOUTS,
    MATCH_POINTS,
    ROTATING_PARTNERS,
    THREE_PLAYERS,
    TWO_PLAYERS,
    Events,
    Figure,
    Line,
    Opening,
    Settlement,
    Variant,
    pairs,
    round5,
    unique_best,
)

if TYPE_CHECKING:
    from ..hand import Hand  # noqa: F401 (named in quotes, in the class's base)


class FiveUp(Variant["Hand"]):
    name = "five-up"
    figure = Figure(N_("Points per hand"), "hand")
    title = "Five-Up"
    player_counts = (2, 3, 4)
    players_rule = "FU-PLAYERS"
    hand_size = 5
    counts = True
    score_rule = "FU-SCORE"
    every_double_spins = True  # FU-SPINNER
    draw_rule = "FU-DRAW"
    match_rule = "FU-MATCH"
    lead_rule = "FU-LEAD"
    spinner_rule = "FU-SPINNER"
    events = Events(
        formats=(
            "swiss",
            "round-robin",
            "pods",
            "rotating-partners",
            *KNOCKOUTS,
        ),
        pods=(2, 3, 3),  # each player for himself: a table of 2 rather than a bye
        pairs=True,
        tables=(
            TWO_PLAYERS,
            THREE_PLAYERS,
            FIXED_PAIRS,
            ROTATING_PARTNERS,
        ),
        seats_refusal=N_(
            "Five-Up seats 2 or 3 players, each player for themselves, "
            "or 4 who change partners each round."
        ),
    )
    standings = MATCH_POINTS

    def default_target(self, options):
        return 61

    def sides(self, players):
        return pairs(players)

    def opening(self, players, previous, options):
        if previous is not None and previous.ended == "domino":
            who = previous.winner
            return Opening(
                who,
                None,
                False,
                False,
                False,
                "FU-LEAD",
                Message(N_("{player} went out last hand and leads any tile."), player=players[who]),
            )
        return Opening(
            None,
            None,
            False,
            False,
            False,
            "FU-LEAD",
            Message(N_("Draw lots for the lead; the winner of the lot leads any tile.")),
            lot=True,
        )

    def count_points(self, count):
        return count // 5 if count % 5 == 0 else 0

    def after_play(self, hand, seat, move):
        count = hand.layout.count
        points = count // 5 if count % 5 == 0 else 0  # count_points, inline: every play
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
            points = round5(opp)
            lines.append(
                Line(
                    win,
                    points,
                    "FU-DOMINO",
                    NP_(
                        "{side} went out: the opponents hold {n} pip ÷ 5, rounded: {points}",
                        "{side} went out: the opponents hold {n} pips ÷ 5, rounded: {points}",
                    ),
                    {"side": names[win], "n": opp, "points": points},
                )
            )
            if len(hand.players) == 3:
                others = [s for s in range(3) if s != win]
                low, high = sorted(others, key=lambda s: side_pips[s])
                diff = side_pips[high] - side_pips[low]
                if diff:
                    points = round5(diff)
                    lines.append(
                        Line(
                            low,
                            points,
                            "FU-DOMINO",
                            NP_(
                                "{player} holds fewer pips than {other}: "
                                "{high} - {low} = {n} pip ÷ 5, rounded: {points}",
                                "{player} holds fewer pips than {other}: "
                                "{high} - {low} = {n} pips ÷ 5, rounded: {points}",
                            ),
                            {
                                "player": names[low],
                                "other": names[high],
                                "high": side_pips[high],
                                "low": side_pips[low],
                                "n": diff,
                                "points": points,
                            },
                        )
                    )
            return Settlement(hand.winner, lines)
        win = unique_best(side_pips, min)
        if win is None:
            return Settlement(
                None,
                [
                    Line(
                        None,
                        0,
                        "FU-BLOCK",
                        N_("blocked with the fewest pips level: nobody scores"),
                        {},
                    )
                ],
            )
        opp = total - side_pips[win]
        diff = opp - side_pips[win]
        points = round5(diff)
        lines.append(
            Line(
                win,
                points,
                "FU-BLOCK",
                NP_(
                    "{side} won the block: {opp} - {own} = {n} pip ÷ 5, rounded: {points}",
                    "{side} won the block: {opp} - {own} = {n} pips ÷ 5, rounded: {points}",
                ),
                {
                    "side": names[win],
                    "opp": opp,
                    "own": side_pips[win],
                    "n": diff,
                    "points": points,
                },
            )
        )
        winner = min(sides[win], key=lambda s: (pips[s], s))
        return Settlement(winner, lines)

    def best(self, options):
        return max

    def verdict_extras(self, hand):
        return {"plays": [{"move": m, "count": c, "points": p} for m, c, p, _ in hand.plays]}
