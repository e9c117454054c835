"""Partnership block dominoes: two fixed pairs, one line with no spinner, no drawing. The
book's game by default (the holder of 6-6 leads it, the losers' pips, a block to the lower
pair, first to 100); the federations' and islands' forms are options and presets
(`../shared/games/partnership-block.md` gathers their rules and sources)."""

from __future__ import annotations

from ..errors import SetupError
from ..messages import N_, NP_, Message, pips
from ..names import show
from ..tiles import pip_count, tile
from .base import (
    FIXED_PAIRS,
    KNOCKOUTS,
    MATCH_POINTS,
    ROTATING_PARTNERS,
    TARGET,
    Choice,
    Events,
    Figure,
    Line,
    Opening,
    Option,
    Preset,
    Settlement,
    judge,
    pairs,
)
from .line_games import LineGame

SIX = tile(6, 6)
BLANK = tile(0, 0)
BONUS_MAX = 500  # points: the biggest bonus any source gives is 100
GAMES = ("game", "six-love")  # the scores that count games, not pips
HAND_BONUS = {"100-75-50-25": (100, 75, 50, 25)}  # the first four hands won (PB-HANDS)
NTH = (
    N_("the first hand won in the match"),
    N_("the second hand won in the match"),
    N_("the third hand won in the match"),
    N_("the fourth hand won in the match"),
)

SET = Option(
    "set",
    N_("Set and deal"),
    choices=(
        Choice(
            "double-six", N_("Double-six: 7 tiles each, all 28 dealt"), N_("double-six"), "PB-SET"
        ),
        Choice(
            "double-nine",
            N_("Double-nine: 10 tiles each, 15 left face down (Cuba)"),
            N_("double-nine"),
            "PB-SET",
        ),
    ),
    default="double-six",
)
FIRST_LEAD = Option(
    "first_lead",
    N_("Who leads the first hand"),
    choices=(
        Choice("double-six", N_("The holder of 6-6 leads it"), N_("6-6 leads"), "PB-FIRST"),
        Choice(
            "highest-double",
            N_("The holder of the highest double leads it"),
            N_("highest double"),
            "PB-FIRST",
        ),
        Choice("lot", N_("Drawn by lot: the winner leads any tile"), N_("lot"), "PB-FIRST"),
    ),
    default="double-six",
)
NEXT_LEAD = Option(
    "next_lead",
    N_("Who leads each later hand"),
    choices=(
        Choice(
            "next",
            N_("The player after the last hand's leader, any tile"),
            N_("the next player"),
            "PB-NEXT",
        ),
        Choice(
            "out",
            N_("The player who went out (after a block, either player of the pair that won it)"),
            N_("who went out"),
            "PB-NEXT",
        ),
        Choice(
            "winners",
            N_("Either player of the pair that won the last hand, any tile"),
            N_("the winning pair"),
            "PB-NEXT",
        ),
    ),
    default="next",
)
TIED_LEAD = Option(
    "tied_lead",
    N_("Who leads after a tied block"),
    choices=(
        Choice(
            "next",
            N_("The player after the last hand's leader: the lead moves on"),
            N_("the next player"),
            "PB-TIED",
        ),
        Choice("first", N_("As in the first hand"), N_("as the first hand"), "PB-TIED"),
    ),
    default="next",
)
SCORE = Option(
    "score",
    N_("What a won hand scores"),
    choices=(
        Choice(
            "losers", N_("The pips left in the losing pair's hands"), N_("losers' pips"), "PB-SCORE"
        ),
        Choice("all", N_("The pips left in all four hands"), N_("all four hands"), "PB-SCORE"),
        Choice(
            "game",
            N_("One game: the first side to the target wins (straight)"),
            N_("one game"),
            "PB-SCORE",
        ),
        Choice(
            "six-love",
            N_("One game, six love: a win by the side with no games sends the score back to 0–0"),
            N_("six love"),
            "PB-LOVE",
        ),
    ),
    default="losers",
)
BLOCK = Option(
    "block",
    N_("Who wins a blocked hand"),
    choices=(
        Choice("pair", N_("The pair with the fewer pips"), N_("the lower pair"), "PB-BLOCK"),
        Choice(
            "player",
            N_("The pair of the player with the fewest pips"),
            N_("the lowest hand"),
            "PB-BLOCK",
        ),
        Choice(
            "closer",
            N_(
                "The player who closed it or the player on the closer's left, whichever "
                "holds fewer pips (a tie: the closer)"
            ),
            N_("closer or the closer's left"),
            "PB-BLOCK",
        ),
    ),
    default="pair",
)
TIED_BLOCK = Option(
    "tied_block",
    N_("A tied block"),
    choices=(
        Choice("void", N_("Nobody wins or scores"), N_("void"), "PB-TIE"),
        Choice(
            "leaders", N_("The pair that led the hand wins it"), N_("the leaders win"), "PB-TIE"
        ),
        Choice(
            "closer",
            N_("The pair of the player who closed it wins it"),
            N_("the closer wins"),
            "PB-TIE",
        ),
    ),
    default="void",
)
HAND_BONUS_OPTION = Option(
    "hand_bonus",
    N_("Bonus for the first hands won"),
    choices=(
        Choice("none", N_("None"), N_("none"), "PB-HANDS"),
        Choice(
            "100-75-50-25",
            N_("100, 75, 50 and 25 points for the first four hands won (Puerto Rico)"),
            N_("100/75/50/25"),
            "PB-HANDS",
        ),
    ),
    default="none",
)


def _bonus(name: str, label: str) -> Option:
    return Option(
        name,
        label,
        low=0,
        high=BONUS_MAX,
        placeholder=N_("none"),
        hint=N_("Points; empty or 0: none."),
    )


CAPICUA = _bonus("capicua", N_("Capicúa: going out with a tile that fits both ends"))
CHUCHAZO = _bonus("chuchazo", N_("Chuchazo: going out with 0-0"))
UNANSWERED_DOUBLE = _bonus(
    "unanswered_double", N_("A double lead the next player cannot answer (salida)")
)
UNANSWERED_OTHER = _bonus(
    "unanswered_other", N_("Any other lead the next player cannot answer (salida)")
)
PASE = _bonus("pase_corrido", N_("Pase corrido: a tile that makes all three others pass"))
BONUSES = (CAPICUA, CHUCHAZO, UNANSWERED_DOUBLE, UNANSWERED_OTHER, PASE)
CHOICES = (SET, FIRST_LEAD, NEXT_LEAD, TIED_LEAD, SCORE, BLOCK, TIED_BLOCK, HAND_BONUS_OPTION)


class Partnership(LineGame):
    name = "partnership"
    title = "Partnership Block"
    figure = Figure(N_("Points per hand"), "hand")
    player_counts = (4,)
    players_rule = "PB-PLAYERS"
    hand_size = 7
    nodraw_rule = "PB-NODRAW"  # no drawing: a tile not dealt sleeps (double-nine)
    match_rule = "PB-MATCH"
    lead_rule = "PB-FIRST"
    spinner_rule = "PB-LINE"
    option_fields = (
        *CHOICES,
        TARGET._replace(
            placeholder=N_("default %(points)s, or %(games)s games"),
            hint=N_("Default %(points)s points, or %(games)s games when a hand scores a game."),
        ),
        *BONUSES,
    )
    events = Events(
        formats=("swiss", "round-robin", "rotating-partners", *KNOCKOUTS),
        pods=(4, 4, 4),
        pairs=True,
        tables=(
            FIXED_PAIRS,
            ROTATING_PARTNERS,
        ),
        seats_refusal=N_(
            "Partnership Block seats 4 players as two pairs: fixed pairs, or four who change "
            "partners each round."
        ),
    )
    standings = MATCH_POINTS
    presets = (
        Preset(
            "international",
            N_("International (the book)"),
            N_(
                "Partnership Dominoes as the books give it: pagat.com and gambiter.com, after "
                "Anderson and others, International Dominoes"
            ),
            {},
        ),
        Preset(
            "spain",
            N_("Spain (FED)"),
            N_(
                "The Spanish federation's rules (FED) as the Valencian federation summarises "
                "them (Lloc de Joc, 2008)"
            ),
            {"first_lead": "lot", "score": "all", "tied_block": "void", "target": 300},
        ),
        Preset(
            "dominican-republic",
            N_("Dominican Republic"),
            N_("Dominican rules of dominoesonline.com, yoforia.com and fichaflow.com"),
            {
                "next_lead": "winners",
                "target": 200,
                "capicua": 25,
                "unanswered_double": 25,
                "unanswered_other": 50,
                "pase_corrido": 25,
            },
        ),
        Preset(
            "puerto-rico",
            N_("Puerto Rico (500)"),
            N_("The game of 500 of the Spanish American Club (sacitc.blog) and r/dominoes"),
            {
                "next_lead": "winners",
                "target": 500,
                "hand_bonus": "100-75-50-25",
                "capicua": 100,
                "chuchazo": 100,
            },
        ),
        Preset(
            "cuba",
            N_("Cuba (double-nine)"),
            N_("Cuban double-nine: pagat.com, after Aguas Calcines, Dominó de Parejas (2017)"),
            {"set": "double-nine", "first_lead": "lot", "next_lead": "winners", "target": 100},
        ),
        Preset(
            "jamaica",
            N_("Jamaica (six love)"),
            N_("Jamaican partner dominoes: pagat.com, after JamDom; gamerules.com"),
            {
                "score": "six-love",
                "block": "player",
                "next_lead": "winners",
                "tied_lead": "first",
                "target": 6,
            },
        ),
    )

    # -- data -----------------------------------------------------------------------------
    def max_pip(self, players, options):
        return 9 if options["set"] == "double-nine" else 6

    def deal_size(self, players, options):
        return 10 if options["set"] == "double-nine" else 7

    def default_target(self, options):
        return 6 if options.get("score") in GAMES else 100

    def target_defaults(self):
        return {"points": 100, "games": 6}

    def sides(self, players):
        return pairs(players)

    def options(self, options):
        given = dict(options or {})
        known = {o.name for o in self.option_fields}
        unknown = sorted(set(given) - known)
        if unknown:
            raise SetupError(
                Message(
                    N_("{variant} has no option {option}"),
                    variant=self.title,
                    option=show(unknown[0]),
                ),
                field="options",
            )
        out = {}
        for option in CHOICES:
            default = option.default
            if option is FIRST_LEAD and given.get("set") == "double-nine":
                default = "highest-double"
            out[option.name] = judge(option, given.get(option.name, default))
        out.update(super().options({"target": given.get("target", self.default_target(out))}))
        for option in BONUSES:
            out[option.name] = judge(option, given.get(option.name, 0))
        if out["set"] == "double-nine" and out["first_lead"] == "double-six":
            raise SetupError(
                Message(
                    N_(
                        "In double-nine 6-6 may be among the tiles left face down: the first "
                        "hand is led by the highest double or by lot"
                    )
                ),
                field="first_lead",
            )
        if out["score"] in GAMES:
            bonus = next((o.name for o in BONUSES if out[o.name]), None)
            if bonus is None and out["hand_bonus"] != "none":
                bonus = "hand_bonus"
            if bonus is not None:
                raise SetupError(
                    Message(
                        N_("{option} is a bonus in points: a hand that scores one game has none"),
                        option=bonus,
                    ),
                    field=bonus,
                )
        return out

    def match_rule_for(self, options):
        return "PB-LOVE" if options["score"] == "six-love" else "PB-MATCH"

    def hand_line(self, options):
        if options["score"] in GAMES:
            return N_("Hand {hand}: {end}. Games: {points}.")
        return super().hand_line(options)

    def best(self, options):
        return max

    # -- the lead -------------------------------------------------------------------------
    def opening(self, players, previous, options):
        if previous is None:
            return _first(options)
        if _reset(previous):
            first = _first(options)
            text = Message(N_("The score went back to love (0–0). {opening}"), opening=first.text)
            return first._replace(rule="PB-LOVE", text=text)
        leader = next(m.player for m in previous.moves if m.kind == "play")
        after = (leader + 1) % len(players)
        if previous.winner is None:  # a tied block
            if options["tied_lead"] == "first":
                first = _first(options)
                text = Message(N_("The last hand was a tied block. {opening}"), opening=first.text)
                return first._replace(rule="PB-TIED", text=text)
            text = Message(
                N_(
                    "The last hand was a tied block: the lead moves on to {player}, "
                    "who leads any tile."
                ),
                player=players[after],
            )
            return Opening(after, None, False, False, False, "PB-TIED", text)
        how = options["next_lead"]
        if how == "next":
            text = Message(
                N_("{player} leads any tile: the lead passes to the next player."),
                player=players[after],
            )
            return Opening(after, None, False, False, False, "PB-NEXT", text)
        won = previous.winner
        if how == "out" and previous.ended == "domino":
            text = Message(
                N_("{player} went out last hand and leads any tile."), player=players[won]
            )
            return Opening(won, None, False, False, False, "PB-NEXT", text)
        pair = previous.sides[previous.side_of[won]]
        text = Message(
            N_("{first} and {second} won the last hand: either of them leads any tile."),
            first=players[pair[0]],
            second=players[pair[1]],
        )
        return Opening(None, None, False, False, False, "PB-NEXT", text, seats=tuple(pair))

    # -- play -----------------------------------------------------------------------------
    def after_pass(self, hand, seat, move):
        options = hand.options
        if move == 2:  # the lead's answer (PB-UNANSWERED)
            leader = hand.moves[0].player
            lead = hand.layout.nodes[0].tile
            points = options["unanswered_double" if lead.is_double else "unanswered_other"]
            if points:
                hand.charge(move, leader, points, "PB-UNANSWERED")
        if hand.passes == len(hand.players) - 1 and options["pase_corrido"]:
            hand.charge(move, hand.last_layer, options["pase_corrido"], "PB-PASE")

    # -- the settlement -------------------------------------------------------------------
    def settle(self, hand, left):
        held = [pip_count(tiles) for tiles in left]
        side_pips = [sum(held[s] for s in side) for side in hand.sides]
        lines: list[Line] = []
        if hand.ended == "domino":
            winner = hand.winner
        else:
            winner, lines = _block(hand, held, side_pips)
            if winner is None:
                return Settlement(None, lines)
        win = hand.side_of[winner]
        names = hand.side_names
        options = hand.options
        before = hand.before
        other = 1 - win
        if options["score"] == "six-love" and before[other] + hand.scores[other] > 0:
            lost = before[other] + hand.scores[other]
            lines.append(
                Line(
                    other,
                    -lost,
                    "PB-LOVE",
                    NP_(
                        "{side} won the hand while {other} had {n} game: the score goes back "
                        "to love (0–0)",
                        "{side} won the hand while {other} had {n} games: the score goes back "
                        "to love (0–0)",
                    ),
                    {"side": names[win], "other": names[other], "n": lost},
                )
            )
            return Settlement(winner, lines)
        lines.append(_score(hand, win, side_pips))
        if hand.ended == "domino":
            lines += _domino_bonuses(hand, win)
        bonuses = HAND_BONUS.get(options["hand_bonus"], ())
        won = sum(1 for h in _earlier(hand) if h.winner is not None)
        if won < len(bonuses):
            lines.append(
                Line(
                    win,
                    bonuses[won],
                    "PB-HANDS",
                    N_("{which}: a bonus for {side}"),
                    {"side": names[win], "which": Message(NTH[won])},
                )
            )
        return Settlement(winner, lines)

    def verdict_extras(self, hand):
        return {"bonuses": bonuses(hand)}


def _first(options) -> Opening:
    """The opening of a match's first hand (and of a hand the rules open as the first)."""
    how = options["first_lead"]
    if how == "double-six":
        text = Message(N_("The holder of {tile} leads it."), tile=SIX)
        return Opening(None, SIX, True, False, False, "PB-FIRST", text)
    if how == "highest-double":
        text = Message(N_("The holder of the highest double leads it."))
        return Opening(None, None, True, False, True, "PB-FIRST", text)
    text = Message(N_("Draw lots for the lead; the winner of the lot leads any tile."))
    return Opening(None, None, False, False, False, "PB-FIRST", text, lot=True)


def _reset(hand) -> bool:
    """Whether the hand sent the score back to love (six love, PB-LOVE)."""
    s = hand.settlement
    return s is not None and any(line.rule == "PB-LOVE" for line in s.lines)


def _earlier(hand):
    """The match's hands before this one, the last first."""
    h = hand.previous
    while h is not None:
        yield h
        h = h.previous


def _block(hand, held: list[int], side_pips: list[int]) -> tuple[int | None, list[Line]]:
    """Who wins a blocked hand (PB-BLOCK, PB-TIE): the winning seat (None: void) and the
    line that says why; the points are the score's line."""
    how = hand.options["block"]
    names, players, side_of = hand.side_names, hand.players, hand.side_of
    closer = hand.last_layer
    if how == "pair":
        a, b = side_pips
        if a != b:
            win = 0 if a < b else 1
            seat = min(hand.sides[win], key=lambda s: (held[s], s))
            facts = {"side": names[win], "own": pips(side_pips[win]), "opp": side_pips[1 - win]}
            text = N_("blocked: {side} hold {own} against {opp}, and win it")
            return seat, [Line(None, 0, "PB-BLOCK", text, facts)]
        why = Message(N_("blocked with both pairs holding {pips}"), pips=pips(a))
    elif how == "player":
        low = min(held)
        lows = [s for s in range(len(held)) if held[s] == low]
        if len({side_of[s] for s in lows}) == 1:
            facts = {"player": players[lows[0]], "pips": pips(low), "side": names[side_of[lows[0]]]}
            text = N_("blocked: {player} holds the lowest hand, {pips}, and {side} win it")
            return lows[0], [Line(None, 0, "PB-BLOCK", text, facts)]
        why = Message(
            N_("blocked with {first} and {second}, opponents, level with the fewest pips, {pips}"),
            first=players[lows[0]],
            second=players[lows[1]],
            pips=pips(low),
        )
    else:
        left = (closer - 1) % len(players)
        seat = closer if held[closer] <= held[left] else left
        facts = {
            "closer": players[closer],
            "own": pips(held[closer]),
            "left": players[left],
            "opp": held[left],
            "player": players[seat],
        }
        text = N_(
            "blocked: {closer}, who closed it, holds {own} and {left}, on the closer's left, "
            "{opp}: {player} wins it"
        )
        return seat, [Line(None, 0, "PB-BLOCK", text, facts)]
    tied = hand.options["tied_block"]
    if tied == "void":
        return None, [Line(None, 0, "PB-TIE", N_("{why}: nobody wins or scores"), {"why": why})]
    seat = hand.moves[0].player if tied == "leaders" else closer
    if tied == "leaders":
        then = N_("{why}: {side}, who led the hand, win it")
    else:
        then = N_("{why}: {side}, who closed it, win it")
    return seat, [Line(None, 0, "PB-TIE", then, {"why": why, "side": names[side_of[seat]]})]


def _score(hand, win: int, side_pips: list[int]) -> Line:
    """What the side that won the hand scores (PB-SCORE)."""
    how = hand.options["score"]
    name = hand.side_names[win]
    if how in GAMES:
        return Line(win, 1, "PB-SCORE", N_("{side} win a game"), {"side": name})
    if how == "all":
        n = sum(side_pips)
        text = NP_(
            "{side} score the {n} pip left in all four hands",
            "{side} score the {n} pips left in all four hands",
        )
    else:
        n = side_pips[1 - win]
        text = NP_(
            "{side} score the {n} pip left in the opponents' hands",
            "{side} score the {n} pips left in the opponents' hands",
        )
    return Line(win, n, "PB-SCORE", text, {"side": name, "n": n})


def _domino_bonuses(hand, win: int) -> list[Line]:
    """Capicúa and chuchazo (PB-CAPICUA, PB-CHUCHAZO): the last tile, and the other end of
    the line before it was laid."""
    options = hand.options
    layout = hand.layout
    last = layout.nodes[-1]
    t = last.tile
    other = next(p.pip for p in layout.open if p.node != last.index)
    name = hand.side_names[win]
    out = []
    if options["capicua"] and not t.is_double and other in t:
        out.append(
            Line(
                win,
                options["capicua"],
                "PB-CAPICUA",
                N_("{side} went out with {tile}, which fitted both ends ({a} and {b}): capicúa"),
                {"side": name, "tile": t, "a": last.inner, "b": other},
            )
        )
    if options["chuchazo"] and t == BLANK and other != 0:
        out.append(
            Line(
                win,
                options["chuchazo"],
                "PB-CHUCHAZO",
                N_("{side} went out with 0-0: chuchazo"),
                {"side": name},
            )
        )
    return out


SETTLED_BONUSES = ("PB-CAPICUA", "PB-CHUCHAZO", "PB-HANDS")


def bonuses(hand) -> list[dict]:
    """The hand's bonuses in order: those scored in play (the unanswered lead, pase
    corrido), then the settlement's (capicúa and chuchazo at the Domino!, the first hands
    won)."""
    names, side_of = hand.side_names, hand.side_of
    out = [
        {"move": m, "side": names[side_of[s]], "points": p, "rule": r}
        for m, s, p, r in hand.charges
    ]
    if hand.settlement is not None:
        for line in hand.settlement.lines:
            if line.rule in SETTLED_BONUSES:
                move = None if line.rule == "PB-HANDS" else len(hand.moves)
                out.append(
                    {
                        "move": move,
                        "side": names[line.side],
                        "points": line.points,
                        "rule": line.rule,
                    }
                )
    return out
