"""What every variant shares: the data a variant is made of and the hooks it fills in."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Generic, NamedTuple, Protocol, TypeVar

from ..errors import IllegalMove, SetupError
from ..layout import Layout
from ..messages import N_, NP_, Message, either
from ..names import show
from ..tiles import WITH_PIP, Tile

SET_NAMES = {6: N_("double-six"), 9: N_("double-nine"), 12: N_("double-twelve")}


class Opening(NamedTuple):
    """Who opens a hand and with what."""

    leader: int | None  # the seat that moves first; None: any player (lot, holder of a tile)
    tile: Tile | None  # the lead must be this tile
    double: bool  # the lead must be a double
    pose_passes: bool  # the first player may pass the pose (French Connection)
    highest: bool  # the lead must be the highest double dealt (Čtyřka)
    rule: str
    text: Message  # e.g. "Ana poses any double, or passes the pose."
    lot: bool = False  # the leader is drawn by lot (Five-Up)
    seats: tuple[int, ...] = ()  # with no leader: the seats that may lead (none: anyone)


class Line(NamedTuple):
    """One line of a settlement: a side gets points, by a rule, for a reason: the sentence
    `text`, made from its template and facts when it is read (most settlements are only
    added up)."""

    side: int | None  # None: a line that scores nobody
    points: int
    rule: str
    msgid: str | tuple[str, str]  # the sentence's template, as for Message
    facts: dict

    @property
    def text(self) -> Message:
        return Message(self.msgid, **self.facts)


class Settlement(NamedTuple):
    winner: int | None  # seat, or None (tie at a block)
    lines: list[Line]


class FalsePass(NamedTuple):
    """A pass the record proves false (C-RENEGE): the passer held `tile`, which fitted."""

    move: int  # the number of the pass
    player: int
    tile: Tile
    proof: int | None  # the number of the play that shows it; None: still held at the end


class Choice(NamedTuple):
    """One value of a choice option, as the forms offer it."""

    value: str
    label: str  # msgid: the start form's words for it ("Penalty points: the fewest win")
    short: str  # msgid: the event form's ("penalty")
    rule: str | None = None  # the rule it puts in force, linked beside it


class Option(NamedTuple):
    """One of a variant's options as the start form and the event form ask it (the forms
    are built from these; `Variant.options` judges what they send). Labels are msgids,
    said in the reader's language by the web's gettext (`%(name)s` placeholders)."""

    name: str  # the key in the match's options, and the form field's name
    label: str  # msgid: the start form's label (a choice: the group's legend)
    choices: tuple[Choice, ...] = ()  # a choice among these; none: a whole number
    default: str | None = None  # a choice's default value (a number's is the variant's)
    low: int | None = None  # a number's bounds (the engine says why one is refused)
    high: int | None = None
    event_label: str | None = None  # msgid: the event form's label, where it differs
    placeholder: str | None = None  # msgid: a number's placeholder, with `target_defaults`
    hint: str | None = None  # msgid: the sentence beside a number, with `target_defaults`

    def choice(self, value) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)


class TableChoice(NamedTuple):
    """A kind of table the event form offers as a link (Five-Up: two players, three, fixed
    pairs, four who change partners): it fixes the table size or the pairs, and so the
    formats that fit (`referee.events.formats`)."""

    label: str  # msgid
    size: int | None = None  # the event's `table_size` it asks for
    pairs: bool = False  # the entrants are fixed pairs
    anchor: str | None = None  # the link's HTML id


# the kinds of table the games of one to four players offer (`Events.tables`)
TWO_PLAYERS = TableChoice(N_("two players"))
THREE_PLAYERS = TableChoice(N_("three players"), size=3)
FIXED_PAIRS = TableChoice(N_("fixed pairs"), pairs=True)
ROTATING_PARTNERS = TableChoice(
    N_("four players who change partners each round (rotating partners)"),
    size=4,
    anchor="rotating-link",
)


KNOCKOUTS = ("knockout", "double-knockout", "pools-knockout")  # the formats played from a draw


class Events(NamedTuple):
    """How a variant is played at an event: the formats and table sizes it allows."""

    formats: tuple[str, ...]  # the pairing formats it allows, the usual first
    pods: tuple[int, int, int]  # a pod's table: fewest, most and preferred players
    pairs: bool = False  # entrants may be fixed pairs (seats 1 and 3 against 2 and 4)
    tables: tuple[TableChoice, ...] = ()  # kinds of table picked by link (else any)
    seats_refusal: str | None = None  # msgid: a table size that none of `tables` seats
    pod_choice: bool = False  # the director sets the pods' table size (a number field)


class Preset(NamedTuple):
    """A named set of a variant's options, as a federation, league or book plays it (the
    forms offer them; a league preset names one per game size): `options` are the values
    `Variant.options` judges, `source` says whose rules they follow."""

    name: str  # its id, unique within the variant ("spain", "leek-singles")
    label: str  # msgid: how the forms name it
    source: str  # msgid: the rules it follows ("Federación Española de Dominó, 2019")
    options: dict


class Figure(NamedTuple):
    """The variant's own figure in a league's players' averages: a side's points divided
    by the hands (`per` "hand") or by the tables played (`per` "match")."""

    label: str  # msgid: the column's heading
    per: str


class Standings(NamedTuple):
    """How an event of the variant ranks (`referee.events.standings` does the ranking)."""

    kind: str  # "match-points" or "placement"

    @property
    def placed(self) -> bool:
        """Placement points per table (else match points: win, draw, loss)."""
        return self.kind == "placement"


MATCH_POINTS = Standings("match-points")  # win / draw / loss, then +/−, H2H, Buchholz
PLACEMENT = Standings("placement")  # placement points per table, then the points

TARGET = Option(
    "target",
    N_("Target (points that end the match)"),
    low=1,
    event_label=N_("Target (points that end a match)"),
    placeholder=N_("default %(points)s"),
    hint=N_("Default %(points)s."),
)


def round5(pips: int) -> int:
    """Pips / 5 rounded to the nearest whole point: 21, 22 -> 4; 23, 24 -> 5 (FU-DOMINO)."""
    return (pips + 2) // 5


class HandView(Protocol):
    """What the default hooks below read of the hand they are given (`Hand` has it)."""

    @property
    def layout(self) -> Layout: ...

    @property
    def stock(self) -> int: ...


H = TypeVar("H", bound=HandView)  # the hand the hooks are given: the engine's `Hand`


class Variant(Generic[H]):
    """A variant as data plus hooks. Subclasses set the data and override the hooks; one
    instance is registered (`referee.engine.variants.register`), and everything about
    the variant is asked of it: nothing outside this folder names a variant. A subclass
    names the hand its hooks are given: `Variant["Hand"]`, in quotes, as `Hand`'s module
    imports this one."""

    name = ""  # the id: in records, URLs, the database ("five-up")
    title = ""  # its name as players write it ("Five-Up"); per language: its texts' title
    player_counts: tuple[int, ...] = ()
    players_rule = ""
    hand_size = 7
    draw_rule: str | None = None  # rule id for drawing, None: no boneyard
    draw_ends_turn = False
    counts = False  # whether the count of the open ends scores (Five-Up)
    score_rule: str | None = None  # the rule by which a play's count scores (FU-SCORE)
    every_double_spins = False  # else only the lead double is a spinner
    lead_spins = True  # whether a lead double is a spinner (False: a line, no spinner)
    side_goes_out = False  # a hand ends when a whole side is out (pairs: both partners)
    knocks = False  # a pass is called a knock ("Ana knocked")
    exact = False  # a side must reach the target exactly: points that would pass it are not
    # pegged, and reaching it ends the match at once, mid-hand too (Hand.peg_out)
    board = False  # the score is kept on a cribbage board (the table screen draws it)
    trains = False  # the layout is a hub of trains (`trains.Hub`): a play names its train
    train_rules: dict[str, str] = {}  # the rules of a hub of trains, by what they refuse
    public_train: str | None = None  # the record's word for the public train ("train")
    match_rule = ""
    lead_rule = ""
    spinner_rule = ""
    cross_rule = ""  # the rule a full spinner cites, if not C-PLACE (FC-CROSS)
    poses = False  # the lead is called the pose ("Ana poses 6-6"), not the lead
    nodraw_rule = ""  # the rule that refuses a draw where there is no boneyard
    option_fields: tuple[Option, ...] = (TARGET,)  # the options the forms ask, in order
    events = Events(formats=(), pods=(2, 2, 2))  # how it is played at an event
    standings = PLACEMENT  # how an event of it ranks
    presets: tuple[Preset, ...] = ()  # named sets of options (a federation's, a league's)
    # the league presets (`referee.leagues.formats.PRESETS` ids) whose game this variant is,
    # each with the name of its preset for each game size (1 singles, 2 doubles or a pair)
    leagues: dict[str, dict[int, str]] = {}
    figure: Figure | None = None  # its column in a league's averages (referee.leagues)
    texts_dir = Path(__file__).resolve().parent / "texts"  # its VARIANT.LANG.toml files

    # -- data ---------------------------------------------------------------------------
    def max_pip(self, players: int, options: dict) -> int:
        """The set's highest pip for this many players under these options (filled in)."""
        return 6

    def options(self, options: dict | None) -> dict:
        """The options with defaults filled in; SetupError (a ValueError) for a bad one."""
        options = dict(options or {})
        unknown = set(options) - {"target"}
        if unknown:
            raise SetupError(
                Message(
                    N_("{variant} has no option {option}"),
                    variant=self.title,
                    option=show(sorted(unknown)[0]),
                ),
                field="options",
            )
        return {"target": _target(options.get("target", self.default_target(options)))}

    def deal_size(self, players: int, options: dict) -> int:
        """How many tiles each player is dealt (a variant whose deal follows the player
        count or an option overrides this)."""
        return self.hand_size

    def preset(self, name: str) -> Preset | None:
        """The preset called `name`, or None."""
        return next((p for p in self.presets if p.name == name), None)

    def default_target(self, options: dict) -> int:
        return 100

    def sides(self, players: int) -> list[tuple[int, ...]]:
        """Who scores together, as tuples of seats."""
        return [(s,) for s in range(players)]

    @functools.cache  # noqa: B019 (variants are a handful of singletons)
    def seating(self, players: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """The sides, and the side of each seat."""
        sides = self.sides(players)
        side_of = {seat: i for i, side in enumerate(sides) for seat in side}
        return tuple(sides), tuple(side_of[seat] for seat in range(players))

    def set_name(self, players: int, options: dict) -> Message:
        return Message(SET_NAMES[self.max_pip(players, options)])

    def target_defaults(self) -> dict[str, int]:
        """The default targets as the forms say them (the target's placeholder and hint):
        {"points": 61}; a variant whose default follows a choice names each."""
        return {"points": self.default_target({})}

    # -- hooks --------------------------------------------------------------------------
    def opening(self, players: list[str], previous: H | None, options: dict) -> Opening:
        """Who opens the next hand, after `previous` (None: the match's first hand), under
        the match's options (filled in)."""
        raise NotImplementedError

    def open_places(self, hand: H) -> list[tuple]:
        """Each open place of the layout as (place, rule, takes): `takes` is the set of tiles
        that may be laid there now, `rule` the rule that narrows it (None: C-ONE alone)."""
        return [(p, None, WITH_PIP[p[2]]) for p in hand.layout.open]  # p[2]: p.pip, faster

    def refusal(self, hand: H, rule: str, tile: Tile, place) -> Message:
        """The sentence for a tile refused at a restricted place."""
        return Message(N_("{tile} cannot go on {on} now."), tile=tile, on=place.anchor)

    def check_draw(self, hand: H, count: int) -> None:
        if self.draw_rule is None:
            raise IllegalMove(
                self.nodraw_rule,
                Message(
                    N_("There is no drawing in {variant}: there is no boneyard."),
                    variant=self.title,
                ),
            )
        if hand.stock == 0:
            raise IllegalMove(
                self.draw_rule, Message(N_("The boneyard is empty: pass instead of drawing."))
            )
        if count > hand.stock:
            raise IllegalMove(
                self.draw_rule,
                Message(
                    NP_(
                        "Only {n} tile is left in the boneyard, not {count}.",
                        "Only {n} tiles are left in the boneyard, not {count}.",
                    ),
                    n=hand.stock,
                    count=count,
                ),
            )

    def check_pass(self, hand: H) -> None:
        if hand.stock:
            raise IllegalMove(
                self.draw_rule or "C-RENEGE",
                Message(
                    NP_(
                        "The boneyard still holds {n} tile: draw instead of passing.",
                        "The boneyard still holds {n} tiles: draw instead of passing.",
                    ),
                    n=hand.stock,
                ),
            )

    def count_points(self, count: int) -> int:
        """What a count scores (a variant that `counts`): Five-Up's count / 5."""
        return 0

    def after_play(self, hand: H, seat: int, move: int) -> None:
        """Scores that a play earns (FU-SCORE)."""

    def after_passes(self, hand: H, seat: int, move: int) -> None:
        """Charges that a play earns when passes came before it (FC-ALLPASS): asked only then."""

    def after_pass(self, hand: H, seat: int, move: int) -> None:
        """Charges that a pass earns (FC-THREEPASS)."""

    def settle(self, hand: H, left: list[list[Tile]] | None) -> Settlement:
        """The settlement of a finished hand from the tiles left in hands (`left` None: a
        hand that ended the match mid-play, `Hand.peg_out`, settled at once)."""
        raise NotImplementedError

    misplay_rule: str | None = None  # the rule of the penalty `penalised` passes get

    def penalised(self, hand: H, false: FalsePass) -> bool:
        """Whether a false pass is settled by a penalty in the hand's settlement rather
        than making the record illegal (C-RENEGE)."""
        return False

    def best(self, options: dict):
        """min when the fewest points win (penalty points), max when the most do."""
        return min

    def match_rule_for(self, options: dict) -> str:
        return self.match_rule

    def hand_line(self, options: dict) -> str:
        """The template of a hand's line in `check`'s verdict, naming its points as the
        variant scores them."""
        if self.best(options) is min:
            return N_("Hand {hand}: {end}. Penalty points: {points}.")
        return N_("Hand {hand}: {end}. Points: {points}.")

    def verdict_extras(self, hand: H) -> dict:
        """What the `--json` verdict says of a hand beyond what every variant's says (its
        plays' points, its charges): keys in the record spec's order."""
        return {}

    def hand_type(self) -> type | None:
        """The kind of hand the variant plays: None for the engine's `Hand`, or a subclass
        of it with a layout of its own shape (a hub of trains: `trains.TrainHand`)."""
        return None

    def result_after(self, hands: int, totals: list[int], options: dict) -> tuple[bool, int | None]:
        """(over, winning side) after `hands` settled hands: `result`, for a variant whose
        match ends at a target; one of so many hands overrides this."""
        return self.result(totals, options)

    def outcome(self, side_names: list[str], totals: list[int], win: int | None) -> Message:
        """Who won a match that ended with no target reached (so many hands), or that it
        ended level (`win` None)."""
        if win is None:
            return Message(N_("The match is over: the fewest points are level, a shared win."))
        return Message(
            NP_(
                "{side} won the match with {n} point, the fewest after the last hand.",
                "{side} won the match with {n} points, the fewest after the last hand.",
            ),
            side=side_names[win],
            n=totals[win],
        )

    def result(self, totals: list[int], options: dict) -> tuple[bool, int | None]:
        """(over, winning side) from the sides' totals at the end of a hand (C-TIE)."""
        if max(totals) < options["target"]:
            return False, None
        win = unique_best(totals, self.best(options))
        return win is not None, win


TARGET_MAX = 1000  # points: ten times the usual targets, and a match stays a few hours


def _target(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= TARGET_MAX:
        raise SetupError(
            Message(
                N_("the target must be a whole number from 1 to {max}, not {value}"),
                max=TARGET_MAX,
                value=show(value),
            ),
            field="target",
        )
    return value


def judge(option: Option, value):
    """`value` if `option` allows it: one of a choice's values, or a whole number within a
    number's bounds; SetupError (naming the option's field) if not."""
    if option.choices:
        if type(value) is str and option.choice(value) is not None:
            return value
        raise SetupError(
            Message(
                N_("{option} is {choices}, not {value}"),
                option=option.name,
                choices=either(f'"{c.value}"' for c in option.choices),
                value=show(value),
            ),
            field=option.name,
        )
    low, high = option.low, option.high
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        raise SetupError(
            Message(
                N_("{option} must be a whole number from {low} to {high}, not {value}"),
                option=option.name,
                low=low,
                high=high,
                value=show(value),
            ),
            field=option.name,
        )
    return value


def pairs(players: int) -> list[tuple[int, ...]]:
    """Four players as two pairs, partners facing each other: seats 1 and 3 against seats
    2 and 4 (Five-Up's four, the partnership games); fewer play each for himself."""
    return [(0, 2), (1, 3)] if players == 4 else [(s,) for s in range(players)]


def unique_best(totals: list[int], best) -> int | None:
    """The one side with the best total (best = min or max), or None on a tie (C-TIE)."""
    top = best(totals)
    winners = [i for i, t in enumerate(totals) if t == top]
    return winners[0] if len(winners) == 1 else None


def lowest(pips: list[int]) -> int | None:
    """The seat (or side) with the fewest pips, None when two are level."""
    return unique_best(pips, min)
