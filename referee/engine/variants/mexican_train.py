"""Mexican Train: 2 to 8 players on a double-twelve set, 13 rounds from the engine 12-12
down to 0-0; each player's own train and the public Mexican train run from the engine
(the layout: `trains.Hub`); markers open a train to all; a double must be satisfied; the
fewest pips left over the rounds win.

The rules and where tables differ: mexicantrain.com, idahogoodsam.org, machead.com,
htfbw.com, tablegameshub.com; the options are where they differ."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..errors import IllegalMove, SetupError
from ..messages import N_, NP_, Message
from ..names import show
from ..tiles import pip_count, tile
from .base import (
    PLACEMENT,
    Choice,
    Events,
    Line,
    Opening,
    Option,
    Settlement,
    Variant,
    judge,
    unique_best,
)

if TYPE_CHECKING:
    from ..hand import Hand  # noqa: F401 (named in quotes, in the class's base)

ROUNDS = 13  # the engine 12-12, then 11-11, ... down to 0-0
# tiles each by the table chosen and the player count (MT-DEAL)
DEALS = {
    "htfbw": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
    "machead": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 11, 8: 11},
    "idaho": {2: 16, 3: 15, 4: 14, 5: 13, 6: 12, 7: 11, 8: 10},
}

DEAL = Option(
    "deal",
    N_("Tiles each"),
    choices=(
        Choice(
            "htfbw",
            N_("15 each for 2 to 4 players, 12 for 5 or 6, 10 for 7 or 8"),
            N_("15, 12 or 10 tiles"),
            "MT-DEAL",
        ),
        Choice(
            "machead",
            N_("15 each for 2 to 4 players, 12 for 5 or 6, 11 for 7 or 8"),
            N_("15, 12 or 11 tiles"),
            "MT-DEAL",
        ),
        Choice(
            "idaho",
            N_("16 each for 2 players, then one fewer for each player more: 10 for 8"),
            N_("16 down to 10 tiles"),
            "MT-DEAL",
        ),
    ),
    default="htfbw",
)
DOUBLE_BLANK = Option(
    "double_blank",
    N_("The double-blank left in hand"),
    choices=(
        Choice("0", N_("0 points: it has no pips"), N_("0 points"), "MT-BLANK"),
        Choice("25", N_("25 points"), N_("25 points"), "MT-BLANK"),
        Choice("50", N_("50 points"), N_("50 points"), "MT-BLANK"),
    ),
    default="0",
)
DOUBLES = Option(
    "doubles",
    N_("Doubles in one turn"),
    choices=(
        Choice(
            "one",
            N_("One: a double is satisfied at once"),
            N_("one double a turn"),
            "MT-DOUBLE",
        ),
        Choice(
            "several",
            N_("Several, the turn ending on a tile that satisfies the first of them"),
            N_("several doubles a turn"),
            "MT-SEVERAL",
        ),
    ),
    default="one",
)
FIRST_TURN = Option(
    "first_turn",
    N_("The first turn"),
    choices=(
        Choice("one", N_("One tile, as every turn"), N_("one tile"), "MT-TURN"),
        Choice(
            "own",
            N_("As many tiles as one can on one's own train"),
            N_("as many as one can on one's own train"),
            "MT-FIRST",
        ),
    ),
    default="one",
)
MARKER_PENALTY = Option(
    "marker_penalty",
    N_("A marker left down at the round's end"),
    choices=(
        Choice("0", N_("No penalty"), N_("no penalty"), "MT-OPEN"),
        Choice("5", N_("5 points"), N_("5 points"), "MT-OPEN"),
        Choice("10", N_("10 points"), N_("10 points"), "MT-OPEN"),
        Choice("25", N_("25 points"), N_("25 points"), "MT-OPEN"),
    ),
    default="0",
)
CHOICES = (DEAL, DOUBLES, FIRST_TURN, DOUBLE_BLANK, MARKER_PENALTY)
ROUNDS_OPTION = Option(
    "hands",
    N_("Rounds (13: the engine 12-12 down to 0-0)"),
    low=1,
    high=ROUNDS,
    placeholder=N_("default %(points)s"),
    hint=N_("Fewer rounds end the match early: the engines still run from 12-12 down."),
)


@functools.lru_cache(maxsize=16)
def _opening(engine: int) -> Opening:
    """Round 13 - engine's opening: the holder of the engine double sets it."""
    return Opening(
        None,
        tile(engine, engine),
        True,
        False,
        False,
        "MT-ENGINE",
        Message(
            N_(
                "The holder of {tile} sets it as the engine; if nobody holds it, players "
                "draw until someone does."
            ),
            tile=tile(engine, engine),
        ),
    )


class MexicanTrain(Variant["Hand"]):
    name = "mexican-train"
    title = "Mexican Train"
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    players_rule = "MT-PLAYERS"
    hand_size = 15
    draw_rule = "MT-DRAW"
    lead_spins = False
    match_rule = "MT-MATCH"
    lead_rule = "MT-ENGINE"
    spinner_rule = "MT-TRAINS"
    trains = True  # the layout is a hub of trains (`trains.Hub`)
    train_rules = {"closed": "MT-CLOSED", "double": "MT-DOUBLE", "first": "MT-FIRST"}
    public_train = "mexican"  # the record's "train" naming the Mexican train
    option_fields = (*CHOICES, ROUNDS_OPTION)
    events = Events(formats=("pods",), pods=(4, 8, 6), pod_choice=True)
    standings = PLACEMENT

    # -- data -------------------------------------------------------------------------
    def max_pip(self, players, options):
        return 12

    def hand_type(self):
        from .trains import TrainHand

        return TrainHand

    def target_defaults(self):
        return {"points": ROUNDS}

    def options(self, options):
        options = dict(options or {})
        out: dict = {}
        for option in CHOICES:
            out[option.name] = judge(option, options.pop(option.name, option.default))
        rounds = options.pop("hands", ROUNDS)
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= ROUNDS:
            raise SetupError(
                Message(
                    N_("the rounds are a whole number from 1 to {max}, not {value}"),
                    max=ROUNDS,
                    value=show(rounds),
                ),
                rule="MT-MATCH",
                field="hands",
            )
        out["hands"] = rounds
        if options:
            raise SetupError(
                Message(
                    N_("{variant} has no option {option}"),
                    variant=self.title,
                    option=show(sorted(options)[0]),
                ),
                field="options",
            )
        return out

    def deal_size(self, players, options):
        return DEALS[options.get("deal", "htfbw")][players]

    # -- play -------------------------------------------------------------------------
    def opening(self, players, previous, options):
        if previous is None:
            return _opening(12)
        engine = previous.opening.tile.high - 1
        return _opening(engine if engine >= 0 else 12)  # after 0-0 (a longer match): 12-12

    def open_places(self, hand):
        return hand.train_places()

    def refusal(self, hand, rule, tile, place):
        return hand.refusal(rule, tile, place)

    def check_draw(self, hand, count):
        if count != 1:
            raise IllegalMove(
                self.draw_rule,
                Message(N_("A player draws one tile at a time, not {count}."), count=count),
            )
        if hand.layout.nodes and hand.this_turn:
            last = hand.this_turn[-1]
            if last.kind == "draw":
                raise IllegalMove(
                    self.draw_rule,
                    Message(
                        N_(
                            "{player} has drawn this turn: lay the tile drawn if it fits, "
                            "else put the marker down (pass)."
                        ),
                        player=hand.name(last.player),
                    ),
                )
            if not hand._after_double():
                raise IllegalMove(
                    "MT-FIRST",
                    Message(
                        N_("{player} has laid this turn: pass to end it."),
                        player=hand.name(last.player),
                    ),
                )
        super().check_draw(hand, count)

    def check_pass(self, hand):
        if not hand.stock:
            return
        last = hand.this_turn[-1] if hand.this_turn else None
        if last is not None and last.kind == "draw":
            return
        if hand._ends_first_turn(hand.turn):
            return
        raise IllegalMove(
            self.draw_rule,
            Message(
                NP_(
                    "The boneyard still holds {n} tile: draw one, and put the marker down "
                    "only if it does not fit.",
                    "The boneyard still holds {n} tiles: draw one, and put the marker down "
                    "only if it does not fit.",
                ),
                n=hand.stock,
            ),
        )

    def settle(self, hand, left):
        blank = int(hand.options["double_blank"])
        penalty = int(hand.options["marker_penalty"])
        lines: list[Line] = []
        pips = []
        for seat, tiles in enumerate(left or ()):
            n = pip_count(tiles) + (blank if tile(0, 0) in tiles else 0)
            facts = {"player": hand.players[seat], "n": n}
            if hand.ended == "domino" and seat == hand.winner:
                lines.append(Line(seat, 0, "MT-OUT", N_("{player} went out: 0 points"), facts))
            else:
                text = NP_("{player} holds {n} pip", "{player} holds {n} pips")
                lines.append(Line(seat, n, "MT-SCORE", text, facts))
            if penalty and hand.markers[seat]:
                lines.append(
                    Line(
                        seat,
                        penalty,
                        "MT-OPEN",
                        NP_(
                            "{player}'s marker is still down: {n} point",
                            "{player}'s marker is still down: {n} points",
                        ),
                        {"player": hand.players[seat], "n": penalty},
                    )
                )
            pips.append(n)
        winner = hand.winner if hand.ended == "domino" else unique_best(pips, min)
        return Settlement(winner, lines)

    def best(self, options):
        return min

    def match_rule_for(self, options):
        return self.match_rule

    def result_after(self, hands, totals, options):
        if hands < options["hands"]:
            return False, None
        return True, unique_best(totals, min)

    def verdict_extras(self, hand):
        layout = hand.layout
        if not layout.nodes:
            return {}
        names = [*hand.players, self.public_train]
        trains = {names[k]: [str(t) for t in layout.train(k)] for k in range(len(names))}
        markers = [hand.players[s] for s, down in enumerate(hand.markers) if down]
        return {"trains": trains, "markers": markers}
