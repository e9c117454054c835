"""One hand: seats, hand sizes, the boneyard, the turn; legal moves, apply, undo, settle.

A hand is the list of its moves; its state is what replaying them gives. At a real table
the app does not see the players' tiles, so a hand works with what it knows: for each
player either his exact tiles (a full record, a simulation) or only how many he holds.
"""

from __future__ import annotations

from functools import cache
from math import floor
from typing import NamedTuple

from .errors import IllegalMove, RecordError, RefereeError
from .layout import Layout, Place
from .messages import N_, NP_, Message, either
from .messages import tiles as tiles_n
from .tiles import Tile, tile_frozenset
from .variants.base import FalsePass, Opening, Settlement, Variant

LEAD = Place(None, "lead", -1, -1, None)  # type: ignore[arg-type]  # the lead: on nothing


class Move(NamedTuple):
    """A move by the player in seat `player`: a play, a draw or a pass."""

    player: int
    kind: str  # "play", "draw" or "pass"
    tile: Tile | None = None
    on: Tile | None = None  # the tile it is laid against (None: the lead, or not said)
    # tiles drawn (a field, not tuple.count); a play on a hub of trains: 1 + the train it
    # names (0: not named), read as `train`
    count: int = 0  # type: ignore[assignment]
    drawn: tuple[Tile, ...] = ()  # the tiles drawn, when known

    @classmethod
    def play(
        cls, player: int, tile: Tile, on: Tile | None = None, train: int | None = None
    ) -> Move:
        return cls(player, "play", tile, on, 0 if train is None else train + 1)

    @property
    def train(self) -> int | None:
        """The train a play names on a hub of trains (a seat's own train; the seat after
        the last: the public train), or None."""
        return self.count - 1 if self.kind == "play" and self.count else None

    @classmethod
    def draw(cls, player: int, tiles: int | tuple[Tile, ...]) -> Move:
        if isinstance(tiles, int):
            return cls(player, "draw", count=tiles)
        return cls(player, "draw", count=len(tiles), drawn=tuple(tiles))

    @classmethod
    def pass_(cls, player: int) -> Move:
        return cls(player, "pass")


PASS = [Move(seat, "pass") for seat in range(13)]
DRAW_ONE = [Move(seat, "draw", count=1) for seat in range(13)]


class WrongLead(NamedTuple):
    """A lead the record proves wrong (CT-LEAD): `player`, who drew no unnamed tile, held
    `tile`, a double higher than the lead, from the deal."""

    player: int
    tile: Tile
    proof: int | None  # the number of the play that shows it; None: still held at the end


class AmbiguousPlay(RecordError):
    """A play that does not say where it goes, where several places take it."""

    def __init__(self, tile: Tile, places: list[Place]):
        self.places = places
        where = ", ".join(str(p.anchor) for p in places)
        super().__init__(
            Message(
                N_("{tile} fits in several places ({places}): say which tile it is laid on."),
                tile=tile,
                places=where,
            )
        )


POSE = "pose"  # what fitted at a pass of the pose: any double
_new = tuple.__new__  # Move(...) without the overhead of its defaults


def fitting(tiles, opens) -> list[tuple[Tile, Place]]:
    """Every (tile, place) where a tile of `tiles` may be laid on one of `opens`:
    the one legality check (C-ONE and the variant's restrictions, which the variant
    has put into each place's `takes`). `tiles`: any iterable (a set is used as it is)."""
    if type(tiles) is not set:
        tiles = set(tiles)
    plays = []  # a loop, not a comprehension: no frame of its own, and few fit
    for place, _, takes in opens:
        if not takes.isdisjoint(tiles):  # no set made for a place that takes none
            for t in takes & tiles:
                plays.append((t, place))
    return plays


@cache
def _setup(variant: Variant[Hand], n: int, max_pip: int) -> tuple:
    """What every hand of `variant` for n players with the double-`max_pip` set reads from
    it, worked out once: its tiles, the sides and each seat's side, the data read on every
    move, and the after_play and after_passes hooks (None where the variant keeps the
    default, which does nothing)."""
    hooks = [
        None if getattr(type(variant), name) is getattr(Variant, name) else getattr(variant, name)
        for name in ("after_play", "after_passes")
    ]
    return (
        tile_frozenset(max_pip),
        *variant.seating(n),
        variant.every_double_spins,
        variant.draw_ends_turn,
        # pairs play on until both partners are out (a side of one is out with its player)
        variant.side_goes_out and any(len(side) > 1 for side in variant.sides(n)),
        *hooks,
    )


class Hand:
    """One deal, from the lead to the settlement."""

    __slots__ = (
        "_after_passes",
        "_after_play",
        "_args",
        "_blind",
        "_drawn",
        "_legal",
        "_opens",
        "_settled_points",
        "_side_out",
        "_spins",
        "_turn_ends",
        "before",
        "charges",
        "ended",
        "false_passes",
        "known",
        "last_layer",
        "lead_double",
        "layout",
        "left",
        "max_pip",
        "moves",
        "opening",
        "options",
        "pass_log",
        "passes",
        "pegged",
        "players",
        "plays",
        "previous",
        "scores",
        "settlement",
        "side_of",
        "sides",
        "sizes",
        "stock",
        "stock_tiles",
        "streak",
        "tiles",
        "turn",
        "variant",
        "winner",
        "wrong_leads",
    )

    def __init__(
        self,
        variant: Variant[Hand],
        players,
        options: dict,
        opening: Opening,
        dealt: dict[int, list[Tile]] | None = None,
        lot: int | None = None,
        before: tuple[int, ...] | None = None,
        previous: Hand | None = None,
    ):
        self._args = (variant, players, options, opening, dealt, lot, before, previous)
        n = len(players)
        self.variant, self.players, self.options, self.opening = (
            variant,
            tuple(players),
            options,
            opening,
        )
        self.previous = previous  # the match's hand before this one (settled), or None
        self.max_pip = variant.max_pip(n, options)
        (
            self.tiles,
            self.sides,
            self.side_of,
            self._spins,
            self._turn_ends,
            self._side_out,
            self._after_play,
            self._after_passes,
        ) = _setup(variant, n, self.max_pip)
        size = variant.deal_size(n, options)
        self.sizes = [size] * n
        self.stock = len(self.tiles) - n * size
        self.known: list[set[Tile] | None] = [None] * n
        self.stock_tiles: set[Tile] | None = None
        if dealt:
            self._deal(dealt)
        self.layout = Layout(counting=variant.counts)
        self.moves: list[Move] = []
        # None: any player may lead (or the hand is over)
        self.turn: int | None = opening.leader if lot is None else lot
        # "domino", "block", or "target": a side reached the target exactly mid-hand and
        # won the match there (`peg_out`)
        self.ended: str | None = None
        self.winner: int | None = None
        self.passes = 0  # passes in succession since the last tile laid or drawn
        self.last_layer: int | None = None
        self.streak = [0] * n  # each player's passes in succession (FC-THREEPASS)
        self.scores = [0] * len(self.sides)  # points scored or charged during play
        # each side's total over the match's hands before this one (an exact finish needs
        # it: `room`), and the side that reached the target exactly in this hand (peg_out)
        self.before: tuple[int, ...] = before or (0,) * len(self.sides)
        self.pegged: int | None = None
        self.plays: list[tuple[int, int, int, int]] = []  # (move, count, points, side)
        self.charges: list[tuple[int | None, int, int, str]] = []  # (move, seat, points, rule)
        self.pass_log: list[tuple[int, int, object]] = []  # (move, seat, what fitted)
        self.false_passes: list[FalsePass] = []
        # CT-LEAD at a table that does not see the deal: the lead double, who drew a tile
        # the record leaves unnamed, the tiles named as drawn, the leads proven wrong
        self.lead_double: Tile | None = None
        self._blind: set[int] = set()
        self._drawn: dict[int, set[Tile]] = {}
        self.wrong_leads: list[WrongLead] = []
        self.settlement: Settlement | None = None
        self.left: list[list[Tile]] | None = None
        self._legal: tuple[int, list[Move], list[Place | None]] | None = None
        self._opens: list | None = None  # open_places(), until the next tile is laid

    def _deal(self, dealt: dict[int, list[Tile]]) -> None:
        """Take the hands dealt, checked as a whole (sizes, no tile twice, the set); a fault
        is then found and said seat by seat."""
        seen: set[Tile] = set()
        size, known = self.sizes[0], self.known
        for seat, tiles in dealt.items():
            if len(tiles) != size:
                break
            held = known[seat] = set(tiles)
            seen |= held
        else:  # every hand of the right size: no tile twice if they add up to as many
            if len(seen) == size * len(dealt) and seen <= self.tiles:
                if None not in self.known:  # every hand known
                    self.stock_tiles = set(self.tiles - seen)
                return
        self._deal_fault(dealt)

    def _deal_fault(self, dealt: dict[int, list[Tile]]) -> None:
        """Refuse a faulty deal: the first fault, seat by seat."""
        seen: set[Tile] = set()
        size = self.variant.deal_size(len(self.players), self.options)
        for seat, tiles in dealt.items():
            name, held = self.players[seat], set(tiles)
            if len(tiles) != size:
                raise RecordError(
                    Message(
                        NP_(
                            "{player} was dealt {dealt}; {variant} deals {n} tile to each player.",
                            "{player} was dealt {dealt}; {variant} deals {n} tiles to each player.",
                        ),
                        player=name,
                        dealt=tiles_n(len(tiles)),
                        variant=self.variant.title,
                        n=size,
                    )
                )
            if not held <= self.tiles:
                t = min(held - self.tiles)
                raise RecordError(
                    Message(
                        N_("{player} was dealt {tile}, which is not in the {set} set"),
                        player=name,
                        tile=t,
                        set=self._set_name,
                    )
                )
            if len(held) != len(tiles) or not seen.isdisjoint(held):
                t = next(t for t in tiles if t in seen or tiles.count(t) > 1)
                raise RecordError(Message(N_("{tile} is dealt twice"), tile=t))
            seen |= held

    # -- what the table shows -------------------------------------------------------------
    @property
    def number(self) -> int:
        """The number the next move will have (moves count from 1)."""
        return len(self.moves) + 1

    @property
    def side_names(self) -> list[str]:
        """Each side as its players' names joined by "+" ("Ana+Cleo")."""
        return ["+".join(self.players[s] for s in side) for side in self.sides]

    @property
    def full(self) -> bool:
        """Whether every player's tiles are known."""
        return None not in self.known

    @property
    def points(self) -> list[int]:
        """Each side's points in this hand: during play, plus the settlement if settled."""
        if self.settlement is not None:
            return list(self._settled_points)
        return list(self.scores)

    def name(self, seat: int) -> str:
        return self.players[seat]

    @property
    def leaders(self) -> list[int]:
        """Who may make the next move: the player to move, or, at a lead that no seat in
        particular makes, the seats the opening allows (anyone, or the side that won)."""
        if self.ended:
            return []
        if self.turn is not None:
            return [self.turn]
        return list(self.opening.seats or range(len(self.players)))

    @property
    def stuck(self) -> bool:
        """Whether the hand is provably blocked before the passes are made: every tile is in
        a hand or on the table (no boneyard left, none asleep) and no tile off the table
        fits an open place, so nobody can lay and only passes are left (C-BLOCK). In a line
        of double-six with all 28 dealt: both ends show one number, all seven of its tiles
        down."""
        if self.ended or self.stock or not self.layout.nodes:
            return False
        off = self.tiles.difference(self.layout.by_tile)
        return all(takes.isdisjoint(off) for _, _, takes in self.open_places())

    @property
    def open_ends(self) -> list[int]:
        """The numbers the open places show, in the layout's order."""
        return [p.pip for p in self.layout.open]

    def room(self, side: int) -> int:
        """How many points `side` may still peg before the match's target: the target less
        its total before this hand and what it has pegged in it (an exact finish)."""
        return self.options["target"] - self.before[side] - self.scores[side]

    def peg_out(self, side: int) -> None:
        """`side` has reached the target exactly (a variant with an exact finish, from
        `after_play`): the match is won there. The play that did it ends the hand (Domino!
        if it was the side's last tile, else "target": no move follows) and the hand is
        settled at once, without the tiles left in hands."""
        self.pegged = side

    def charge(self, move: int | None, seat: int, points: int, rule: str) -> None:
        """Charge a player a fixed penalty (French Connection)."""
        self.charges.append((move, seat, points, rule))
        self.scores[self.side_of[seat]] += points

    # -- the one legality check -----------------------------------------------------------
    def open_places(self) -> list[tuple[Place, str | None, frozenset[Tile]]]:
        """The open places now as (place, rule, takes): the tiles each may take, narrowed by
        the variant's rule (FC-CROSS, FC-LOCK) where one applies; computed once per tile laid."""
        opens = self._opens
        if opens is None:
            opens = self._opens = self.variant.open_places(self)
        return opens

    fitting = staticmethod(fitting)

    def places_for(self, t: Tile) -> list[Place]:
        """Every place where t may be laid now (for the lead: [LEAD] if t may lead); none
        for a tile already on the table or not in the set (C-UNIQUE, C-SET)."""
        if t in self.layout.by_tile or t not in self.tiles:
            return []
        if not self.layout.nodes:
            return [] if self._lead_fault(t, None, False) else [LEAD]
        return [p for p, _, takes in self.open_places() if t in takes]

    def why_not(self, t: Tile) -> IllegalMove | None:
        """Why t may not be played now, as the error a play of it would raise; None if it may."""
        try:
            self._check_tile(t)
            self._place(t, None)
        except IllegalMove as e:
            return e
        except AmbiguousPlay:
            pass
        return None

    def _check_tile(self, t: Tile) -> None:
        if t not in self.tiles:
            raise IllegalMove(
                "C-SET",
                Message(
                    N_("{tile} is not in the {set} set used here."), tile=t, set=self._set_name
                ),
            )
        if t in self.layout.by_tile:
            raise IllegalMove("C-UNIQUE", Message(N_("{tile} is already on the table."), tile=t))

    @property
    def _set_name(self) -> str:
        return self.variant.set_name(len(self.players), self.options)

    def _lead_fault(
        self, t: Tile, seat: int | None = None, say: bool = True
    ) -> tuple[str, Message | bool] | None:
        """Why t may not lead (rule, sentence), or None; with every hand known, also a lead
        by anyone but the holder of the tile the rules call for. `say=False` (only whether
        t may lead) leaves the sentence out: (rule, False)."""
        o = self.opening
        # self.full: every hand is known (no None in self.known)
        doubles = o.highest and self.full and [d for k in self.known for d in k if d[0] == d[1]]  # type: ignore[union-attr]
        if doubles == []:  # CT-LEAD: such a deal is dealt again, never played
            return o.rule, say and Message(
                N_(
                    "Nobody was dealt a double: the tiles are shuffled and dealt again, "
                    "and this deal is not played."
                )
            )
        if o.tile is not None and t != o.tile:
            return o.rule, say and Message(
                N_("This hand is opened with {lead} by its holder, not with {tile}."),
                lead=o.tile,
                tile=t,
            )
        if o.double and t[0] != t[1]:
            return o.rule, say and Message(
                N_("The lead must be a double; {tile} is not one."), tile=t
            )
        if doubles and t != max(doubles):
            return o.rule, say and Message(
                N_(
                    "{tile} may not lead: {best} is the highest double dealt, "
                    "and its holder leads it."
                ),
                tile=t,
                best=max(doubles),
            )
        if seat is not None and self.full and t not in self.known[seat]:  # type: ignore[operator]
            holder = next((s for s, k in enumerate(self.known) if t in k), None)  # type: ignore[operator]
            player = self.name(seat)
            if holder is None:
                return "C-HOLD", say and Message(
                    N_("{player} does not hold {tile}: nobody was dealt it."), player=player, tile=t
                )
            if self.turn is not None or o.lot:  # the right leader (by lot: anyone), a tile
                # not held
                if o.pose_passes:
                    text = N_("{player} poses this hand, but does not hold {tile}: {holder} does.")
                else:
                    text = N_("{player} leads this hand, but does not hold {tile}: {holder} does.")
                return "C-HOLD", say and Message(
                    text, player=player, tile=t, holder=self.name(holder)
                )
            return o.rule, say and Message(
                N_("{holder} holds {tile} and leads it, not {player}."),
                holder=self.name(holder),
                tile=t,
                player=player,
            )
        return None

    def _check_lead(self, t: Tile, seat: int | None = None) -> None:
        fault = self._lead_fault(t, seat)
        if fault:
            raise IllegalMove(*fault)  # type: ignore[arg-type]  # said: a Message, not False

    def _place(self, t: Tile, on: Tile | None) -> Place:
        """The place where t goes when laid on `on` (or wherever it fits), or IllegalMove."""
        lay = self.layout
        if not lay.nodes:
            self._check_lead(t)
            return LEAD
        if on is None:
            places = self.places_for(t)
            if len(places) == 1:
                return places[0]
            if places:
                raise AmbiguousPlay(t, places)
            candidates = [p for p in lay.open if t.high == p.pip or t.low == p.pip]
            if not candidates:
                ends = [p.pip for p in lay.open]
                raise IllegalMove(
                    "C-ONE",
                    Message(
                        N_("{tile} fits nowhere: the open ends show {ends}."), tile=t, ends=ends
                    )
                    if ends
                    else Message(N_("{tile} fits nowhere: no end is open."), tile=t),
                )
            return self._place(t, candidates[0].anchor)
        if on not in lay.by_tile:
            raise IllegalMove("C-PLACE", Message(N_("{tile} is not on the table."), tile=on))
        high, low = t
        shows = []
        for place, rule, takes in self.open_places():  # one pass over the open places
            if place[0] == on:
                if place[2] == high or place[2] == low:
                    if t not in takes:  # a place that takes fewer tiles has a rule
                        raise IllegalMove(rule, self.variant.refusal(self, rule, t, place))  # type: ignore[arg-type]
                    return place
                shows.append(str(place[2]))
        if not shows:
            raise IllegalMove(*self._no_place(on))
        raise IllegalMove(
            "C-ONE",
            Message(
                N_("{tile} does not match {on}: its free place shows {shows}."),
                tile=t,
                on=on,
                shows=either(shows),
            ),
        )

    def _no_place(self, on: Tile) -> tuple[str, Message]:
        """Why nothing more goes on `on` (the rule, the sentence): a line with no spinner
        takes tiles only at its two ends; a spinner has a tile on each of its four sides
        (French Connection: the posed double's cross is complete, FC-CROSS); a double that
        is not a spinner takes one tile."""
        if not self.variant.lead_spins:
            text = N_(
                "{tile} has no free place left: there is no spinner, and tiles are laid "
                "only at the line's two ends."
            )
            return "C-PLACE", Message(text, tile=on)
        if self.layout.by_tile[on].spinner:
            if self.variant.poses:
                text = N_(
                    "{tile} has no free place left: the cross on the posed double is "
                    "complete, with a tile on each of its four sides."
                )
            else:
                text = N_(
                    "{tile} has no free place left: the spinner has a tile on all four sides."
                )
            rule = self.variant.cross_rule or "C-PLACE"
            return rule, Message(text, tile=on)
        if on.high == on.low and not self._spins:
            if self.variant.poses:
                text = N_(
                    "{tile} has no free place left: only the posed double is a spinner; "
                    "any other double takes one tile, on the side opposite the tile it was "
                    "laid on."
                )
            else:
                text = N_(
                    "{tile} has no free place left: only the lead double is a spinner; "
                    "any other double takes one tile, on the side opposite the tile it was "
                    "laid on."
                )
            return "C-PLACE", Message(text, tile=on)
        return "C-PLACE", Message(N_("{tile} has no free place left."), tile=on)

    def _check(self, move: Move) -> Place | None:
        """Refuse an illegal move with IllegalMove; for a play, return where it goes."""
        if self.ended:
            if self.ended == "domino":
                raise IllegalMove(
                    "C-DOMINO",
                    Message(
                        N_("The hand is over: {player} went out, and no move may follow."),
                        player=self.name(self.winner),  # type: ignore[arg-type]
                    ),
                )
            if self.ended == "target":
                raise IllegalMove(
                    self.variant.match_rule_for(self.options),
                    Message(
                        N_(
                            "The match is over: {side} reached the target of {target} "
                            "exactly, and no move may follow."
                        ),
                        side=self.side_names[self.pegged],  # type: ignore[index]  # pegged
                        target=self.options["target"],
                    ),
                )
            raise IllegalMove(
                "C-BLOCK", Message(N_("The hand is over: it is blocked, and no move may follow."))
            )
        t: Tile  # a play's tile (a draw's or a pass's None is never read as a tile)
        seat, kind, t, on, count, _ = move  # type: ignore[assignment]  # at once: cheaper
        if self.turn is not None and seat != self.turn:
            raise IllegalMove(*self._not_your_turn(seat))
        if self.turn is None and self.opening.seats and seat not in self.opening.seats:
            raise IllegalMove(
                self.opening.rule,
                Message(
                    N_("{player} may not lead this hand. {opening}"),
                    player=self.name(seat),
                    opening=self.opening.text,
                ),
            )
        known = self.known[seat]
        if kind == "play":
            self._check_tile(t)
            if not self.layout.nodes:
                self._check_lead(t, seat)
            if known is not None:
                if t not in known:
                    raise IllegalMove(
                        "C-HOLD",
                        Message(
                            N_("{player} does not hold {tile}."), player=self.name(seat), tile=t
                        ),
                    )
            else:
                for other, k in enumerate(self.known):
                    if k is not None and t in k:
                        raise IllegalMove(
                            "C-HOLD",
                            Message(
                                N_("{tile} is in {player}'s hand."), tile=t, player=self.name(other)
                            ),
                        )
            return self._place(t, on)
        if not self.layout.nodes and not (kind == "pass" and self.opening.pose_passes):
            raise IllegalMove(
                self.opening.rule,
                Message(N_("The hand begins with the lead. {opening}"), opening=self.opening.text),
            )
        if kind == "draw":
            if count < 1:
                raise RecordError(Message(N_("a draw takes at least one tile")))
            self.variant.check_draw(self, count)
            self._check_draw_tiles(seat, move)
        elif kind == "pass":
            if not self.layout.nodes:
                if known is not None and any(t.high == t.low for t in known):
                    raise IllegalMove(
                        self.opening.rule,
                        Message(
                            N_("{player} holds a double and must pose it."), player=self.name(seat)
                        ),
                    )
                if len(self.moves) >= len(self.players) - 1:
                    raise IllegalMove(
                        self.opening.rule,
                        Message(
                            N_(
                                "Somebody must hold a double: "
                                "the pose cannot pass all the way round."
                            )
                        ),
                    )
            else:
                self.variant.check_pass(self)
                if known is not None:
                    playable = self._playable(known)
                    if playable:
                        raise IllegalMove(
                            "C-RENEGE",
                            Message(
                                N_("{player} can play {tile} and may not pass."),
                                player=self.name(seat),
                                tile=playable[0],
                            ),
                        )
        else:
            raise RecordError(Message(N_("unknown kind of move {kind!r}"), kind=kind))
        return None

    def _not_your_turn(self, seat: int) -> tuple[str, Message]:
        """The rule and sentence for a move by `seat` out of turn: why it is another's turn."""
        turn, player = self.name(self.turn), self.name(seat)  # type: ignore[arg-type]
        last = self.moves[-1] if self.moves else None
        if last is not None and last.kind == "draw" and last.player == seat and self._turn_ends:
            return self.variant.draw_rule, Message(  # type: ignore[return-value]  # drew: a rule
                N_("{player} drew, and drawing ends the turn: it is {turn}'s turn now."),
                player=player,
                turn=turn,
            )
        if self.layout.nodes:
            return "C-SEAT", Message(
                N_("It is {turn}'s turn, not {player}'s."), turn=turn, player=player
            )
        o = self.opening
        if not self.moves and o.leader is not None and o.leader == self.turn:
            if self.variant.poses:
                text = N_("{turn} won the last hand, so {turn} poses first, not {player}.")
            else:
                text = N_("{turn} went out last hand, so {turn} leads this hand, not {player}.")
            return o.rule, Message(text, turn=turn, player=player)
        if o.lot and not self.moves:
            text = N_("The lot named {turn} to lead this hand, not {player}.")
            return o.rule, Message(text, turn=turn, player=player)
        return o.rule, Message(
            N_("It is {turn}'s turn to pose or pass the pose, not {player}'s."),
            turn=turn,
            player=player,
        )

    def _playable(self, tiles) -> list[Tile]:
        if not self.layout.nodes:
            return sorted((t for t in tiles if self.places_for(t)), reverse=True)
        return sorted({t for t, _ in fitting(tiles, self.open_places())}, reverse=True)

    def _check_draw_tiles(self, seat: int, move: Move) -> None:
        rule: str = self.variant.draw_rule  # type: ignore[assignment]  # a draw: it has one
        known = self.known[seat]
        if known is not None:
            playable = self._playable(known)
            if playable:
                raise IllegalMove(
                    rule,
                    Message(
                        N_("{player} can play {tile} and may not draw."),
                        player=self.name(seat),
                        tile=playable[0],
                    ),
                )
        if not move.drawn:
            return
        if len(move.drawn) != move.count or len(set(move.drawn)) != move.count:
            raise RecordError(Message(N_("the tiles drawn are not as many as the draw says")))
        for i, t in enumerate(move.drawn):
            self._check_tile(t)
            if self.stock_tiles is not None and t not in self.stock_tiles:
                raise IllegalMove("C-UNIQUE", Message(N_("{tile} is not in the boneyard."), tile=t))
            if i < len(move.drawn) - 1 and self.places_for(t):
                raise IllegalMove(
                    rule,
                    Message(
                        N_(
                            "{tile} could be played at once: a player draws only until a tile fits."
                        ),
                        tile=t,
                    ),
                )

    # -- moves ----------------------------------------------------------------------------
    def legal_plays(self, seat: int | None = None) -> list[tuple[Tile, Place]]:
        """Every (tile, place) the player to move (or `seat`, at the lead) may lay now;
        his tiles must be known."""
        seat = self.turn if self.turn is not None else seat
        tiles = self.known[seat]  # type: ignore[index]  # a seat: the turn's, or the one given
        if tiles is None:
            raise RefereeError(f"{self.name(seat)}'s tiles are not known")  # type: ignore[arg-type]
        if self.layout.nodes:
            return fitting(tiles, self.open_places())
        return [(t, LEAD) for t in tiles if not self._lead_fault(t, None, False)]

    def _no_play(self, seat: int) -> Move | None:
        """What a player who cannot lay a tile does: pass the pose, draw one, or pass."""
        if not self.layout.nodes:
            return PASS[seat] if self.opening.pose_passes else None
        if self.variant.draw_rule and self.stock:
            return DRAW_ONE[seat]
        return PASS[seat]

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every legal move of the player to move (or of `seat` at the lead); his tiles
        must be known. A draw is offered as one tile, not yet named."""
        if self.ended:
            return []
        seat = self.turn if self.turn is not None else seat
        plays = self.legal_plays(seat)
        moves = [_new(Move, (seat, "play", t, p[0], 0, ())) for t, p in plays]
        places: list[Place | None] = [p for _, p in plays]
        if not moves:
            other = self._no_play(seat)  # type: ignore[arg-type]  # the turn's, or the one given
            moves, places = ([other], [None]) if other else ([], [])
        self._legal = (len(self.moves), moves, places)
        return moves

    def play_random(self, rng, seat: int | None = None, stock: list[Tile] | None = None) -> Move:
        """Make a legal move chosen at random (uniformly among legal_moves(); a draw takes
        the last tile of `stock`) and return it. The simulator's step: it builds only the
        move it makes."""
        turn = self.turn
        if turn is not None:
            seat = turn
        tiles = self.known[seat]  # type: ignore[index]  # the turn's, or the one given
        if tiles is not None and self.layout.nodes:
            opens = self._opens  # open_places(), inline
            if opens is None:
                opens = self._opens = self.variant.open_places(self)
            plays = fitting(tiles, opens)  # legal_plays(), two calls fewer
        else:
            plays = self.legal_plays(seat)
        move: Move | None
        if plays:
            t, place = plays[floor(rng.random() * len(plays))]  # C calls, unlike randrange
            move = _new(Move, (seat, "play", t, place[0], 0, ()))
        else:
            move, place = self._no_play(seat), None  # type: ignore[arg-type]
            if move is None:
                raise RefereeError(f"{self.name(seat)} has no legal move")  # type: ignore[arg-type]
            if move.kind == "draw" and stock is not None:
                move = Move.draw(seat, (stock.pop(),))  # type: ignore[arg-type]
                self._check(move)
        self._do(move, place)
        return move

    def check(self, move: Move) -> None:
        """Refuse an illegal move with IllegalMove (numbered), without making it."""
        try:
            self._check(move)
        except IllegalMove as e:
            e.move = self.number
            raise

    def max_draw(self) -> int:
        """How many tiles the player to move may draw now in one move (0: none)."""
        if self.turn is None or self.variant.draw_rule is None:
            return 0
        for count in (self.stock, 1):
            try:
                self._check(Move(self.turn, "draw", count=count))
            except (IllegalMove, RecordError):
                continue
            return count
        return 0

    def may_pass(self) -> bool:
        """Whether the player to move may pass now (a pass, or a pass of the pose)."""
        try:
            self._check(Move(self.turn, "pass"))  # type: ignore[arg-type]  # None: refused
        except (IllegalMove, RecordError):
            return False
        return self.turn is not None

    def copy(self) -> Hand:
        """The same hand, to carry on without changing this one (a write tries a move on
        it): at hand 30, 20 µs against 117 for replaying its moves. What a move changes is copied;
        what it only replaces or never changes (the deal, the settlement, tuples, what is
        legal now: worked out again at the next move) is shared."""
        other = type(self).__new__(type(self))
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, list(getattr(self, name)))
        other.known = [None if k is None else set(k) for k in self.known]
        other.stock_tiles = None if self.stock_tiles is None else set(self.stock_tiles)
        other._blind = set(self._blind)
        other._drawn = {seat: set(tiles) for seat, tiles in self._drawn.items()}
        other.layout = self.layout.copy()
        other.left = None if self.left is None else [list(tiles) for tiles in self.left]
        if hasattr(self, "_settled_points"):
            other._settled_points = self._settled_points
        return other

    def lead_by(self, seat: int) -> None:
        """The lot has named who leads this hand (FU-LEAD): only he may lead."""
        if self.moves or not self.opening.lot:
            raise RefereeError(Message(N_("This hand is not opened by lot.")))
        self.turn = seat
        self._args = (*self._args[:5], seat, *self._args[6:])

    def laid_on(self, t: Tile) -> Tile | None:
        """The tile on the table that t was laid against (None: t led)."""
        node = self.layout.by_tile[t]
        return None if node.parent is None else self.layout.nodes[node.parent].tile

    def apply(self, move: Move) -> None:
        """Make a move, or refuse it with IllegalMove (numbered) and change nothing."""
        cached = self._legal
        if cached and cached[0] == len(self.moves) and move in cached[1]:
            place = cached[2][cached[1].index(move)]  # checked by legal_moves just now
        else:
            try:
                place = self._check(move)
            except IllegalMove as e:
                e.move = self.number
                raise
        self._do(move, place)

    def _do(self, move: Move, place: Place | None) -> None:
        t: Tile  # a play's tile (a draw's or a pass's None is never read as a tile)
        seat, kind, t, _, count, drawn = move  # type: ignore[assignment]  # at once: cheaper
        moves = self.moves
        moves.append(move)
        number = len(moves)
        known = self.known[seat]
        if kind == "play":
            if place is LEAD:
                self.layout.lead(t, t[0] == t[1] and self.variant.lead_spins)
                if self.opening.highest and not self.full:
                    self.lead_double = t
            else:
                self.layout.lay(t, place, t[0] == t[1] and self._spins)  # type: ignore[arg-type]
                if self.lead_double is not None and t[0] == t[1]:
                    self._prove_lead(seat, t, number)
            self._opens = None  # the open places have changed
            sizes = self.sizes
            sizes[seat] -= 1
            if known is not None:
                known.discard(t)
            if self.pass_log:
                self._prove(seat, t, number)
            if self._after_play is not None:
                self._after_play(self, seat, number)
            if self.passes:
                if self._after_passes is not None:
                    self._after_passes(self, seat, number)
                self.passes = 0
            self.streak[seat] = 0  # his passes in succession end
            self.last_layer = seat
            if sizes[seat] == 0 and self.side_out(seat):
                self.ended, self.winner, self.turn = "domino", seat, None
            elif self.pegged is not None:  # the match is won mid-hand: no move follows
                self.ended, self.turn = "target", None
            else:
                self.turn = self._next(seat) if self._side_out else (seat + 1) % len(sizes)
            if self.pegged is not None:
                self._settle_now()
        elif kind == "draw":
            self.sizes[seat] += count
            if self.lead_double is not None:
                if drawn:
                    self._drawn.setdefault(seat, set()).update(drawn)
                else:
                    self._blind.add(seat)
            self.stock -= count
            if known is not None:
                if drawn:
                    known.update(drawn)
                else:
                    self.known[seat] = None
            if self.stock_tiles is not None:
                if drawn:
                    self.stock_tiles.difference_update(drawn)
                else:
                    self.stock_tiles = None
            self.passes = 0
            self.turn = (seat + 1) % len(self.sizes) if self._turn_ends else seat
        else:
            n = len(self.sizes)
            self.turn = self._next(seat) if self._side_out else (seat + 1) % n
            if not self.layout.nodes:  # a pass of the pose
                if known is None:
                    self.pass_log.append((number, seat, POSE))
                return
            if known is None:
                self.pass_log.append((number, seat, self.open_places()))
            self.passes += 1
            self.variant.after_pass(self, seat, number)
            if self.passes >= n or (self._side_out and self.passes >= n - self.sizes.count(0)):
                self.ended, self.turn = "block", None

    def side_out(self, seat: int) -> bool:
        """Whether the player who has just laid his last tile ends the hand (C-DOMINO): he
        does, unless the variant plays on until his whole side is out (pairs: F3-CHIP)."""
        if not self._side_out:
            return True
        return all(self.sizes[s] == 0 for s in self.sides[self.side_of[seat]])

    def _next(self, seat: int) -> int:
        """The next player to move after `seat` where the hand goes on without the players
        who are out (`Variant.side_goes_out`): the next seat that still holds tiles."""
        n = len(self.sizes)
        turn = (seat + 1) % n
        while self.sizes[turn] == 0 and turn != seat:
            turn = (turn + 1) % n
        return turn

    def _settle_now(self) -> None:
        """Settle a hand that ended the match mid-play (`peg_out`): the variant's lines for
        it, with no tiles left in hands to read."""
        self.settlement = self.variant.settle(self, None)
        if self.ended == "domino":
            self.winner = self.settlement.winner
        self._settled_points = self._add_lines(self.settlement)

    def false_pass_rule(self, false: FalsePass) -> str:
        """The rule a pass the record proves false breaks: C-RENEGE, or the penalty the
        variant settles it by (Leek's misplay, F3-MISPLAY)."""
        rule = self.variant.misplay_rule
        return rule if rule and self.variant.penalised(self, false) else "C-RENEGE"

    def false_pass_message(self, false: FalsePass) -> Message:
        """The sentence for a pass the record proves false (C-RENEGE)."""
        pose = any(n == false.move and f is POSE for n, _, f in self.pass_log)
        facts = {"player": self.name(false.player), "move": false.move, "tile": false.tile}
        if pose and false.proof is not None:
            text = N_(
                "{player} passed the pose at move {move} while holding the double {tile}, "
                "which could have been posed ({player} laid it at move {proof})."
            )
        elif pose:
            text = N_(
                "{player} passed the pose at move {move} while holding the double {tile}, "
                "which could have been posed ({player} still held it at the end)."
            )
        elif false.proof is not None:
            text = N_(
                "{player} passed at move {move} while holding {tile}, which fitted then "
                "({player} laid it at move {proof})."
            )
        else:
            text = N_(
                "{player} passed at move {move} while holding {tile}, which fitted then "
                "({player} still held it at the end)."
            )
        if false.proof is not None:
            facts["proof"] = false.proof
        return Message(text, **facts)

    def _fitted(self, t: Tile, fitted) -> bool:
        if fitted is POSE:
            return t.high == t.low
        return any(t in takes for _, _, takes in fitted)

    def _prove(self, seat: int, t: Tile, proof: int | None) -> None:
        """Record the passes of `seat` that holding t proves false (C-RENEGE)."""
        done = {f.move for f in self.false_passes}
        for number, who, fitted in self.pass_log:
            if who == seat and number not in done and self._fitted(t, fitted):
                self.false_passes.append(FalsePass(number, seat, t, proof))
                done.add(number)

    def _prove_lead(self, seat: int, t: Tile, proof: int | None) -> None:
        """Record that `seat` holding the double t proves the lead wrong (CT-LEAD): he drew
        no unnamed tile and t is higher than the lead and not a tile he drew."""
        lead: Tile = self.lead_double  # type: ignore[assignment]  # asked only once there is one
        if (
            t[0] > lead[0]
            and seat not in self._blind
            and t not in self._drawn.get(seat, ())
            and all(w.tile != t for w in self.wrong_leads)
        ):
            self.wrong_leads.append(WrongLead(seat, t, proof))

    def wrong_lead_message(self, wrong: WrongLead) -> str:
        """The sentence for a lead the record proves wrong (CT-LEAD). In English only until
        the catalogues take it (their owner adds the msgid)."""
        leader = next(m.player for m in self.moves if m.kind == "play")
        player = self.name(wrong.player)
        proof = (
            f"{player} laid it at move {wrong.proof}"
            if wrong.proof is not None
            else f"{player} still held it at the end"
        )
        return (
            f"{self.name(leader)} led {self.lead_double}, but {player} held {wrong.tile}, a "
            f"higher double, from the deal ({proof}): the holder of the highest double leads it."
        )

    def undo(self) -> Move | None:
        """Take back the last move (or the settlement, if the hand is settled)."""
        if self.settlement is not None and self.pegged is None:
            self.settlement, self.left = None, None
            if self.ended == "block":
                self.winner = None
            self.false_passes = [f for f in self.false_passes if f.proof is not None]
            self.wrong_leads = [w for w in self.wrong_leads if w.proof is not None]
            return None
        if not self.moves:
            raise RefereeError(Message(N_("There is no move to take back.")))
        moves = self.moves
        self.__init__(*self._args)  # type: ignore[misc]  # the hand as dealt, again
        for m in moves[:-1]:
            self._do(m, self._check(m))
        return moves[-1]

    # -- the end --------------------------------------------------------------------------
    def settle(self, remaining: dict[int, list[Tile]] | None = None) -> Settlement:
        """Settle a finished hand from the tiles left in hands (C-REMAINING checked).
        With every hand known, `remaining` may be left out."""
        if not self.ended:
            raise RefereeError(Message(N_("The hand is not over yet.")))
        left = self._left(remaining)
        if self.pass_log:
            for seat, tiles in enumerate(left):
                for t in tiles:
                    self._prove(seat, t, None)
        if self.lead_double is not None:
            for seat, tiles in enumerate(left):
                for t in tiles:
                    if t[0] == t[1]:
                        self._prove_lead(seat, t, None)
        self.left = left
        self.settlement = self.variant.settle(self, left)
        self.winner = self.settlement.winner  # at a block, known only now
        self._settled_points = self._add_lines(self.settlement)
        return self.settlement

    def _add_lines(self, settlement: Settlement) -> list[int]:
        """Each side's points in the hand: those of play and the settlement's lines."""
        points = list(self.scores)
        for line in settlement.lines:
            if line.side is not None:
                points[line.side] += line.points
        return points

    def _left(self, remaining: dict[int, list[Tile]] | None) -> list[list[Tile]]:
        if remaining is None:
            if not self.full:
                raise RecordError(
                    Message(N_("the tiles left in hands are needed to settle the hand"))
                )
            return [sorted(k, reverse=True) for k in self.known]  # type: ignore[arg-type]  # full
        seen: set[Tile] = set()
        left = []
        for seat in range(len(self.players)):
            tiles = list(remaining.get(seat, []))
            name, size = self.name(seat), self.sizes[seat]
            if len(tiles) != size:
                raise IllegalMove(
                    "C-REMAINING",
                    Message(
                        NP_(
                            "{player} holds {held}, but {n} tile is listed.",
                            "{player} holds {held}, but {n} tiles are listed.",
                        ),
                        player=name,
                        held=tiles_n(size),
                        n=len(tiles),
                    ),
                )
            for t in tiles:
                if t not in self.tiles:
                    raise IllegalMove(
                        "C-SET",
                        Message(N_("{tile} is not in the {set} set."), tile=t, set=self._set_name),
                    )
                if t in self.layout.by_tile:
                    raise IllegalMove(
                        "C-REMAINING",
                        Message(
                            N_("{tile} is on the table, not in {player}'s hand."),
                            tile=t,
                            player=name,
                        ),
                    )
                if t in seen:
                    raise IllegalMove("C-REMAINING", Message(N_("{tile} is listed twice."), tile=t))
                seen.add(t)
            known = self.known[seat]
            if known is not None and set(tiles) != known:
                held = sorted(known, reverse=True)
                raise IllegalMove(
                    "C-REMAINING",
                    Message(N_("{player} holds {tiles}."), player=name, tiles=held)
                    if held
                    else Message(N_("{player} holds no tile."), player=name),
                )
            left.append(sorted(tiles, reverse=True))
        return left


# `Hand.copy`: the slots a move appends to (copied), and those it replaces or never changes
# (shared); the others (the sets, the layout, the tiles left) are copied one by one there
_LISTS = (
    "charges",
    "false_passes",
    "moves",
    "pass_log",
    "plays",
    "scores",
    "sizes",
    "streak",
    "wrong_leads",
)
_SHARED = (
    "_after_passes",
    "_after_play",
    "_args",
    "_legal",
    "_opens",
    "_side_out",
    "_spins",
    "_turn_ends",
    "before",
    "ended",
    "last_layer",
    "lead_double",
    "max_pip",
    "opening",
    "options",
    "passes",
    "pegged",
    "players",
    "previous",
    "settlement",
    "side_of",
    "sides",
    "stock",
    "tiles",
    "turn",
    "variant",
    "winner",
)
_OWN = (
    "_blind",
    "_drawn",
    "_settled_points",
    "known",
    "layout",
    "left",
    "stock_tiles",
)  # tests/engine/test_hand_copy.py: every slot is in one of the three
