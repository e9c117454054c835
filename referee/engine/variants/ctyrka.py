"""Čtyřka: the highest double leads as a spinner; draw one and the turn ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalMove, SetupError
from ..messages import N_, NP_, Message
from ..names import show
from ..tiles import pip_count
from .base import (
    KNOCKOUTS,
    TARGET,
    Choice,
    Events,
    Line,
    Opening,
    Option,
    Settlement,
    Variant,
    lowest,
)

if TYPE_CHECKING:
    from ..hand import Hand  # noqa: F401 (named in quotes, in the class's base)

HOLDS = NP_("{player} holds {n} pip", "{player} holds {n} pips")  # a penalty line
SCORING = Option(
    "scoring",
    N_("Scoring"),
    choices=(
        Choice("penalty", N_("Penalty points: the fewest win"), N_("penalty"), "CT-PENALTY"),
        Choice("victory", N_("Victory points: the most win"), N_("victory"), "CT-VICTORY"),
    ),
    default="penalty",
)


class Ctyrka(Variant["Hand"]):
    name = "ctyrka"
    title = "Čtyřka"
    player_counts = tuple(range(2, 14))
    players_rule = "CT-PLAYERS"
    hand_size = 7
    draw_rule = "CT-DRAW"
    draw_ends_turn = True
    lead_rule = "CT-LEAD"
    spinner_rule = "CT-SPINNER"
    option_fields = (
        SCORING,
        TARGET._replace(
            placeholder=N_("default %(penalty)s / %(victory)s"),
            hint=N_("Default %(penalty)s for penalty scoring, %(victory)s for victory scoring."),
        ),
    )
    events = Events(
        formats=("pods", "swiss", "round-robin", *KNOCKOUTS),
        pods=(2, 13, 4),
        pod_choice=True,
    )

    def max_pip(self, players, options):
        return 6 if players <= 3 else 9 if players <= 7 else 12

    def options(self, options):
        options = dict(options or {})
        scoring = options.pop("scoring", "penalty")
        if not isinstance(scoring, str) or scoring not in ("penalty", "victory"):
            raise SetupError(
                Message(
                    N_('scoring is "penalty" or "victory", not {scoring}'), scoring=show(scoring)
                ),
                field="scoring",
            )
        out = super().options({k: v for k, v in options.items()})
        if "target" not in options:
            out["target"] = 300 if scoring == "victory" else 100
        out["scoring"] = scoring
        return out

    def match_rule_for(self, options):
        return "CT-VICTORY" if options["scoring"] == "victory" else "CT-PENALTY"

    def target_defaults(self):
        return {c.value: self.options({"scoring": c.value})["target"] for c in SCORING.choices}

    def hand_line(self, options):
        if self.best(options) is max:
            return N_("Hand {hand}: {end}. Victory points: {points}.")
        return super().hand_line(options)

    def opening(self, players, previous, options):
        return Opening(
            None,
            None,
            True,
            False,
            True,
            "CT-LEAD",
            Message(N_("The holder of the highest double leads it.")),
        )

    def check_draw(self, hand, count):
        if count != 1:
            raise IllegalMove(
                "CT-DRAW",
                Message(N_("In Čtyřka a player draws exactly one tile, and the turn ends.")),
            )
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
                            N_("blocked with the fewest pips level: nobody scores"),
                            {},
                        )
                    ],
                )
            others = sum(pips) - pips[winner]
            own = pips[winner] if hand.ended == "block" else 0
            facts = {"player": names[winner], "n": others}
            if hand.ended == "block":
                text = NP_(
                    "{player} wins the block: the others hold {n} pip, "
                    "minus the {own} that {player} holds",
                    "{player} wins the block: the others hold {n} pips, "
                    "minus the {own} that {player} holds",
                )
                facts["own"] = own
            else:
                text = NP_(
                    "{player} went out: the others hold {n} pip",
                    "{player} went out: the others hold {n} pips",
                )
            return Settlement(winner, [Line(winner, others - own, "CT-VICTORY", text, facts)])
        lines = [
            Line(seat, pips[seat], "CT-PENALTY", HOLDS, {"player": names[seat], "n": pips[seat]})
            for seat in range(len(left))
            if seat != winner
        ]
        return Settlement(winner, lines)

    def best(self, options):
        return max if options["scoring"] == "victory" else min
