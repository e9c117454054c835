"""Fives & Threes: a line with no spinner and no drawing; the count of the two ends scores
by threes and by fives after every lay, and a side must peg the target exactly.

The book's game (A. Taylor, after gambiter.com) is the default; the options are where the
UK leagues differ (Leek, Teesdale), and the presets fix them as those leagues play."""

from __future__ import annotations

import functools

from ..errors import SetupError
from ..messages import N_, NP_, Message
from ..names import show
from ..tiles import pip_count
from .base import (
    FIXED_PAIRS,
    KNOCKOUTS,
    MATCH_POINTS,
    ROTATING_PARTNERS,
    TARGET,
    THREE_PLAYERS,
    TWO_PLAYERS,
    Choice,
    Events,
    FalsePass,
    Figure,
    Line,
    Opening,
    Option,
    Preset,
    Settlement,
    judge,
    pairs,
    unique_best,
)
from .line_games import LineGame

TARGETS = (61, 121)  # once and twice round a cribbage board
MISPLAY_POINTS = 8  # Leek: a knock found false at the hand's end
# tiles each by the deal chosen and the player count (F3-DEAL)
DEALS = {"book": {2: 7, 3: 5, 4: 5}, "league": {2: 9, 3: 6, 4: 6}}

DEAL = Option(
    "deal",
    N_("Tiles each"),
    choices=(
        Choice(
            "book",
            N_("The book's: 7 each for two players, 5 for three or four"),
            N_("7 or 5 tiles"),
            "F3-DEAL",
        ),
        Choice(
            "league",
            N_("The leagues': 9 each for two players, 6 for three or four"),
            N_("9 or 6 tiles"),
            "F3-DEAL",
        ),
    ),
    default="book",
)
LEAD = Option(
    "lead",
    N_("Who leads"),
    choices=(
        Choice(
            "left",
            N_("The first hand by lot, then the lead passes to the left"),
            N_("lot, then to the left"),
            "F3-LEAD",
        ),
        Choice(
            "highest",
            N_("Every hand: the holder of the highest double leads it"),
            N_("the highest double"),
            "F3-LEAD",
        ),
    ),
    default="left",
)
CHIP_OUT = Option(
    "chip_out",
    N_("Chipping out"),
    choices=(
        Choice("point", N_("1 point for chipping out"), N_("1 point"), "F3-CHIP"),
        Choice("none", N_("No point for chipping out"), N_("no point"), "F3-CHIP"),
    ),
    default="point",
)
WIN_ON_LEAD = Option(
    "win_on_lead",
    N_("Winning on the lead"),
    choices=(
        Choice("yes", N_("The lead's points may finish the game"), N_("allowed"), "F3-DOWN"),
        Choice(
            "no",
            N_("The lead's points may not finish the game"),
            N_("not allowed"),
            "F3-DOWN",
        ),
    ),
    default="yes",
)
MISPLAY = Option(
    "misplay",
    N_("A knock the tiles left prove false"),
    choices=(
        Choice("illegal", N_("An illegal knock, flagged"), N_("flagged"), "C-RENEGE"),
        Choice(
            "penalty",
            N_("8 points to the opponents"),
            N_("8 points to the opponents"),
            "F3-MISPLAY",
        ),
    ),
    default="illegal",
)
CHOICES = (DEAL, LEAD, CHIP_OUT, WIN_ON_LEAD, MISPLAY)

FIRST_LEAD = Opening(
    None,
    None,
    False,
    False,
    False,
    "F3-LEAD",
    Message(N_("Draw lots for the lead; the winner of the lot leads any tile.")),
    lot=True,
)
HIGHEST_LEAD = Opening(
    None,
    None,
    True,
    False,
    True,
    "F3-LEAD",
    Message(N_("The holder of the highest double leads it.")),
)


@functools.lru_cache(maxsize=256)
def _left_lead(who: int, name: str) -> Opening:
    """The opening of a hand led by `name`, in seat `who`, the lead having passed left."""
    return Opening(
        who,
        None,
        False,
        False,
        False,
        "F3-LEAD",
        Message(N_("The lead passes to the left: {player} leads any tile."), player=name),
    )


def count_points(count: int) -> int:
    """What a count scores (F3-SCORE): count / 3 where 3 divides it, plus count / 5 where
    5 does: 15 scores 5 + 3 = 8."""
    return (count // 3 if count % 3 == 0 else 0) + (count // 5 if count % 5 == 0 else 0)


class FivesAndThrees(LineGame):
    name = "fives-and-threes"
    title = "Fives & Threes"
    figure = Figure(N_("Points per hand"), "hand")
    player_counts = (2, 3, 4)
    players_rule = "F3-PLAYERS"
    hand_size = 7
    counts = True
    score_rule = "F3-SCORE"
    side_goes_out = True  # pairs: the hand goes on until both partners are out (F3-CHIP)
    knocks = True
    exact = True
    board = True
    match_rule = "F3-MATCH"
    lead_rule = "F3-LEAD"
    spinner_rule = "F3-LINE"
    nodraw_rule = "F3-KNOCK"
    option_fields = (
        *CHOICES,
        TARGET._replace(
            low=TARGETS[0],
            high=TARGETS[-1],
            placeholder=N_("default %(points)s"),
            hint=N_("61 is once round the board (the default); 121 is twice round."),
        ),
    )
    events = Events(
        formats=("swiss", "round-robin", "pods", "rotating-partners", *KNOCKOUTS),
        pods=(2, 3, 2),  # singles: a table of 2; a table of 3 rather than a bye
        pairs=True,
        tables=(
            TWO_PLAYERS,
            THREE_PLAYERS,
            FIXED_PAIRS,
            ROTATING_PARTNERS,
        ),
        seats_refusal=N_(
            "Fives & Threes seats 2 players, or 3 each for themselves (as the book "
            "allows), or 4 as two pairs: fixed pairs, or partners who change each round."
        ),
    )
    standings = MATCH_POINTS
    presets = (
        Preset(
            "book",
            N_("The book's game"),
            N_("A. Taylor, Guinness Book of Traditional Pub Games (1992)"),
            {},
        ),
        Preset(
            "leek-singles",
            N_("Leek singles"),
            N_("Leek Domino League rules"),
            {"deal": "league", "chip_out": "none", "win_on_lead": "no", "misplay": "penalty"},
        ),
        Preset(
            "leek-doubles",
            N_("Leek doubles"),
            N_("Leek Domino League rules"),
            {
                "deal": "league",
                "chip_out": "none",
                "win_on_lead": "no",
                "misplay": "penalty",
                "target": 121,
            },
        ),
        Preset(
            "teesdale",
            N_("Teesdale League"),
            N_("Teesdale League rules (Barnard Castle)"),
            {"deal": "league", "win_on_lead": "no"},
        ),
    )

    # the leagues whose published rules name the game (the shared page's sources):
    # Solihull & Warwickshire and Guisborough name no deal or league rule, so the book's
    leagues = {
        "solihull": {1: "book", 2: "book"},
        "leek": {1: "leek-singles", 2: "leek-doubles"},
        "guisborough": {2: "book"},
        "teesdale": {1: "teesdale", 2: "teesdale"},
    }

    # -- data -------------------------------------------------------------------------
    def default_target(self, options):
        return TARGETS[0]

    def sides(self, players):
        return pairs(players)

    def options(self, options):
        options = dict(options or {})
        out = {}
        for option in CHOICES:
            out[option.name] = judge(option, options.pop(option.name, option.default))
        target = options.get("target", TARGETS[0])
        out.update(super().options(options))  # the target's type and bounds, unknown keys
        if target not in TARGETS:
            raise SetupError(
                Message(
                    N_(
                        "the target of Fives & Threes is 61 (once round the board) or "
                        "121 (twice round), not {value}"
                    ),
                    value=show(target),
                ),
                rule="F3-MATCH",
                field="target",
            )
        return out

    def deal_size(self, players, options):
        return DEALS[options.get("deal", "book")][players]

    def count_points(self, count):
        return count_points(count)

    # -- play -------------------------------------------------------------------------
    def opening(self, players, previous, options):
        if options["lead"] == "highest":
            return HIGHEST_LEAD
        if previous is None:
            return FIRST_LEAD
        who = (previous.moves[0].player + 1) % len(players)
        return _left_lead(who, players[who])

    def after_play(self, hand, seat, move):
        count = hand.layout.count
        points = count_points(count)
        side = hand.side_of[seat]
        chip = self._chip(hand, seat)
        room = hand.room(side)
        score = points + chip  # the last lay and the chip-out point are one score (F3-EXACT)
        lead = len(hand.layout.nodes) == 1
        pegged = score <= room and not (
            lead and score == room and hand.options["win_on_lead"] == "no"  # F3-DOWN
        )
        if not pegged:
            points = 0  # `plays` keeps its count: what it would have scored
        hand.plays.append((move, count, points, side))
        hand.scores[side] += points
        if pegged and score == room:  # the target, exactly (room is 1 or more in play)
            hand.peg_out(side)

    def settle(self, hand, left):
        names = hand.side_names
        room = [hand.room(side) for side in range(len(hand.sides))]
        lines: list[Line] = []
        winner = None
        if hand.ended == "domino":
            winner = hand.winner
            lines.append(self._chip_line(hand, room))
        elif hand.ended == "block":
            pips = [pip_count(tiles) for tiles in left or ()]  # a block: the tiles left
            side_pips = [sum(pips[s] for s in side) for side in hand.sides]
            low = unique_best(side_pips, min)
            if low is not None:
                winner = min(hand.sides[low], key=lambda s: (pips[s], s))
            lines.append(Line(None, 0, "F3-BLOCK", N_("blocked: nobody scores"), {}))
        if left is not None and hand.options["misplay"] == "penalty" and 0 not in room:
            lines += self._misplays(hand, names, room)
        return Settlement(winner, lines)

    def best(self, options):
        return max

    misplay_rule = "F3-MISPLAY"

    def penalised(self, hand, false):
        return false.proof is None and hand.options["misplay"] == "penalty"

    def verdict_extras(self, hand):
        plays = []
        for m, c, p, _ in hand.plays:
            play = {"move": m, "count": c, "points": p}
            if count_points(c) > p:
                play["unpegged"] = count_points(c)
            plays.append(play)
        out: dict = {"plays": plays}
        target, points = hand.options["target"], hand.points
        out_side = next(
            (s for s in range(len(hand.sides)) if hand.before[s] + points[s] == target), None
        )
        if out_side is not None:
            out["pegged_out"] = hand.side_names[out_side]
        return out

    # -- the pieces ---------------------------------------------------------------------
    @staticmethod
    def _chip(hand, seat) -> int:
        """The chip-out point this lay earns: 1 when it puts the side out, if it scores."""
        if hand.sizes[seat] or not hand.side_out(seat):
            return 0
        return 1 if hand.options["chip_out"] == "point" else 0

    @staticmethod
    def _chip_line(hand, room: list[int]) -> Line:
        """The chip-out point, pegged with the last lay's points as one score (F3-CHIP,
        F3-EXACT)."""
        side = hand.side_of[hand.winner]
        facts = {"side": hand.side_names[side]}
        if hand.options["chip_out"] != "point":
            return Line(None, 0, "F3-CHIP", N_("{side} chipped out: no point for it"), facts)
        _, count, points, _ = hand.plays[-1]
        if points < count_points(count) or room[side] < 1:
            facts["n"] = count_points(count)
            text = NP_(
                "{side} chipped out: the point and the last lay's {n} would pass the target, "
                "so neither is pegged",
                "{side} chipped out: the point and the last lay's {n} would pass the target, "
                "so neither is pegged",
            )
            return Line(side, 0, "F3-EXACT", text, facts)
        room[side] -= 1
        return Line(side, 1, "F3-CHIP", N_("{side} chipped out: 1 point"), facts)

    @staticmethod
    def _misplays(hand, names, room: list[int]) -> list[Line]:
        """Leek's misplay (F3-MISPLAY): each player found at the hand's end holding a tile
        that fitted when he knocked gives his opponents 8 points (pegged unless they would
        pass the target; once a side has pegged out, nothing more is)."""
        lines = []
        found: dict[int, FalsePass] = {}
        for f in hand.false_passes:
            if f.proof is None:
                found.setdefault(f.player, f)
        for seat, f in sorted(found.items()):
            for side in range(len(hand.sides)):
                if side == hand.side_of[seat] or 0 in room:
                    continue
                facts = {
                    "player": hand.players[seat],
                    "tile": f.tile,
                    "move": f.move,
                    "side": names[side],
                    "n": MISPLAY_POINTS,
                }
                if room[side] < MISPLAY_POINTS:
                    text = N_(
                        "{player} knocked at move {move} holding {tile}, which fitted: "
                        "{n} points to {side} would pass the target, so they are not pegged"
                    )
                    lines.append(Line(side, 0, "F3-EXACT", text, facts))
                    continue
                room[side] -= MISPLAY_POINTS
                text = N_(
                    "{player} knocked at move {move} holding {tile}, which fitted: "
                    "{n} points to {side}"
                )
                lines.append(Line(side, MISPLAY_POINTS, "F3-MISPLAY", text, facts))
        return lines
