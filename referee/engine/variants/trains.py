"""A hub of trains: the layout and the hand of a game whose tiles run in trains from a
central double, the engine (Mexican Train).

The engine is the layout's root node; each of its free places is a train: one per seat,
owned by that player, and after them one public train. A train is a chain of tiles; its
one open place is its end (the engine's place while it is empty). A `Place`'s `arm` is
its train. A player may lay on his own train, on the public train, and on a train whose
owner has put his marker down; a double laid at a train's end must be covered (satisfied)
before anything else is laid. The variant gives the rule ids (`Variant.train_rules`) and
the options read here (`doubles`, `first_turn`).

This module imports the hand, so the registry imports it only when a hand is made
(`Variant.hand_type`)."""

from __future__ import annotations

from ..errors import IllegalMove, RecordError
from ..hand import DRAW_ONE, LEAD, AmbiguousPlay, Hand, Move
from ..layout import END, Layout, Node, Place
from ..messages import N_, Message
from ..tiles import DOUBLE_OF, NOTHING, WITH_PIP, Tile

_new = tuple.__new__


def train_of(place: Place) -> int:
    """The train a place of the hub is on (its `arm`: always set on a hub)."""
    return place[4]  # type: ignore[return-value]


class AmbiguousTrain(AmbiguousPlay):
    """A play that does not say which train, where several take it."""

    def __init__(self, tile: Tile, places: list[Place], trains: str):
        RecordError.__init__(
            self,
            Message(
                N_("{tile} fits on several trains ({trains}): say which train."),
                tile=tile,
                trains=trains,
            ),
        )
        self.places = places


class Hub(Layout):
    """The engine and its trains: `trains` places on the engine, each a train's start;
    `open` holds one place per train, in the order of the trains (its end)."""

    def __init__(self, trains: int) -> None:
        super().__init__(counting=False)
        self.trains = trains

    def copy(self) -> Hub:
        other = super().copy()
        other.__class__ = Hub
        other.trains = self.trains  # type: ignore[attr-defined]
        return other  # type: ignore[return-value]

    def lead(self, t: Tile, spinner: bool) -> Node:
        """Set the engine in the middle: every train starts on it."""
        free = [(str(k), t.high) for k in range(self.trains)]
        node = _new(Node, (0, t, None, None, None, False, None, free, {}))
        self.nodes.append(node)
        self.by_tile[t] = node
        self.open = [_new(Place, (t, slot, pip, 0, k)) for k, (slot, pip) in enumerate(free)]
        return node

    def lay(self, t: Tile, place: Place, spinner: bool) -> Node:
        """Lay t at the end of the train `place.arm`: it becomes the train's end."""
        anchor, slot, pip, at, train = place
        parent = self.nodes[at]
        parent[7].remove((slot, pip))
        high, low = t
        free = [("side", pip)] if high == low else [END[low if pip == high else high]]
        index = len(self.nodes)
        node = _new(Node, (index, t, at, slot, pip, False, train, free, {}))
        parent[8][slot] = index
        self.nodes.append(node)
        self.by_tile[t] = node
        end_slot, end_pip = free[0]
        self.open[self.open.index(place)] = _new(Place, (t, end_slot, end_pip, index, train))
        return node

    def train(self, k: int) -> list[Tile]:
        """The tiles of train k, from the engine out."""
        if not self.nodes or str(k) not in self.nodes[0].children:
            return []
        node = self.nodes[self.nodes[0].children[str(k)]]
        out = [node.tile]
        while node.children:  # a tile of a train has one child at most: the next tile
            node = self.nodes[next(iter(node.children.values()))]
            out.append(node.tile)
        return out


class TrainHand(Hand):
    """A hand on a hub of trains: who may lay on which train, markers, doubles to satisfy,
    one draw a turn, and a turn that goes on after a double."""

    __slots__ = ("_named", "first", "markers", "pending", "this_turn")

    def __init__(
        self, variant, players, options, opening, dealt=None, lot=None, before=None, previous=None
    ):
        super().__init__(variant, players, options, opening, dealt, lot, before, previous)
        n = len(self.players)
        self.layout = Hub(n + 1)
        self.markers = [False] * n  # whose marker is down: his train is open to all
        self.pending: list[int] = []  # the trains ending in a double not yet satisfied
        self.first = set(range(n))  # the seats whose first turn has not ended
        self.this_turn: list[Move] = []  # the moves of the player to move, this turn
        self._named: int | None = None  # the train the move being checked names

    @property
    def public(self) -> int:
        """The public (Mexican) train's number: the one after the seats'."""
        return len(self.players)

    def copy(self) -> TrainHand:
        other: TrainHand = super().copy()  # type: ignore[assignment]
        other.markers = list(self.markers)
        other.pending = list(self.pending)
        other.first = set(self.first)
        other.this_turn = list(self.this_turn)
        other._named = None
        return other

    def train_name(self, k: int) -> Message:
        """A train as a player says it: "Ann's train", "the Mexican train"."""
        if k == self.public:
            return Message(N_("the Mexican train"))
        return Message(N_("{player}'s train"), player=self.players[k])

    # -- where a tile may go --------------------------------------------------------------
    def _after_double(self) -> bool:
        """Whether the player to move laid a double this turn and lays again."""
        last = self.this_turn[-1] if self.this_turn else None
        return last is not None and last.kind == "play" and last.tile.is_double  # type: ignore[union-attr]

    def _own_only(self, seat: int) -> bool:
        """Whether the player's first turn keeps his lays on his own train (an option)."""
        return self.options.get("first_turn") == "own" and seat in self.first

    def train_places(self) -> list[tuple[Place, str | None, frozenset[Tile]]]:
        """The open place of every train, for the player to move: what it takes now, and
        the rule that narrows it (a closed train, a double to satisfy first)."""
        seat, opens = self.turn, self.layout.open
        if seat is None or self.ended:
            return [(p, None, WITH_PIP[p[2]]) for p in opens]
        rules = self.variant.train_rules
        several = self.options.get("doubles") == "several" and self._after_double()
        out: list[tuple[Place, str | None, frozenset[Tile]]] = []
        for p in opens:
            k = train_of(p)
            may = k == seat or (not self._own_only(seat) and (k == self.public or self.markers[k]))
            if self.pending and k != self.pending[0]:
                if several and may:
                    out.append((p, rules["double"], DOUBLE_OF[p[2]]))
                else:
                    out.append((p, rules["double"], NOTHING))
            elif self.pending or may:
                out.append((p, None, WITH_PIP[p[2]]))
            else:
                rule = rules["first"] if self._own_only(seat) else rules["closed"]
                out.append((p, rule, NOTHING))
        return out

    def refusal(self, rule: str, t: Tile, place: Place) -> Message:
        """The sentence for t refused at `place`: the rule, and the train named."""
        rules, k = self.variant.train_rules, train_of(place)
        if rule == rules["double"]:
            double = self.layout.nodes[self.layout.open[self.pending[0]][3]].tile
            return Message(
                N_("{double} on {train} must be satisfied first: {tile} cannot go on {other}."),
                double=double,
                train=self.train_name(self.pending[0]),
                tile=t,
                other=self.train_name(k),
            )
        if rule == rules["first"]:
            return Message(
                N_("In the first turn tiles go on one's own train only, not on {train}."),
                train=self.train_name(k),
            )
        return Message(N_("{player}'s train is closed: no marker on it."), player=self.players[k])

    def _check(self, move: Move) -> Place | None:
        kind = move.kind
        if not self.layout.nodes and kind == "draw" and not self.ended:
            # nobody has set the engine: players draw until one can (the opening's rule)
            if move.count < 1:
                raise RecordError(Message(N_("a draw takes at least one tile")))
            self.variant.check_draw(self, move.count)
            self._check_draw_tiles(move.player, move)
            return None
        self._named = move.train
        try:
            return super()._check(move)
        finally:
            self._named = None

    def _place(self, t: Tile, on: Tile | None) -> Place:
        if not self.layout.nodes:
            return super()._place(t, on)
        opens = self.open_places()
        named = self._named
        if named is not None:
            if not 0 <= named < len(opens):
                raise RecordError(Message(N_("there is no such train")))
            choice = opens[named]
            if on is not None and on != choice[0].anchor:
                raise IllegalMove(
                    "C-PLACE",
                    Message(
                        N_("{train} ends with {end}, not {tile}."),
                        train=self.train_name(named),
                        end=choice[0].anchor,
                        tile=on,
                    ),
                )
        else:
            candidates = [o for o in opens if on is None or o[0].anchor == on]
            if on is not None and not candidates:
                if on not in self.layout.by_tile:
                    raise IllegalMove(
                        "C-PLACE", Message(N_("{tile} is not on the table."), tile=on)
                    )
                raise IllegalMove(
                    "C-PLACE",
                    Message(
                        N_("{tile} is not at the end of a train: nothing goes on it."), tile=on
                    ),
                )
            fits = [o for o in candidates if t in o[2]]
            if len(fits) > 1:
                names = ", ".join(str(self.train_name(train_of(o[0]))) for o in fits)
                raise AmbiguousTrain(t, [o[0] for o in fits], names)
            if fits:
                choice = fits[0]
            else:
                matching = [o for o in candidates if o[0][2] in t]
                if not matching:
                    ends = [o[0][2] for o in candidates]
                    raise IllegalMove(
                        "C-ONE",
                        Message(
                            N_("{tile} fits nowhere: the trains' ends show {ends}."),
                            tile=t,
                            ends=ends,
                        ),
                    )
                choice = matching[0]
        place, rule, takes = choice
        if place[2] not in t:
            raise IllegalMove(
                "C-ONE",
                Message(
                    N_("{tile} does not match the end of {train}: it shows {pip}."),
                    tile=t,
                    train=self.train_name(train_of(place)),
                    pip=place[2],
                ),
            )
        if t not in takes:
            raise IllegalMove(rule, self.refusal(rule, t, place))  # type: ignore[arg-type]
        return place

    # -- moves ----------------------------------------------------------------------------
    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """As `Hand.legal_moves`, every play naming its train."""
        moves = super().legal_moves(seat)
        places = self._legal[2] if self._legal else []
        named = [
            m._replace(count=1 + train_of(p)) if m.kind == "play" and p and p is not LEAD else m
            for m, p in zip(moves, places, strict=True)
        ]
        self._legal = (len(self.moves), named, places)
        return named

    def play_random(self, rng, seat: int | None = None, stock: list[Tile] | None = None) -> Move:
        """A legal move chosen at random (a draw takes the last tile of `stock`)."""
        moves = self.legal_moves(seat)
        if not moves:
            raise IllegalMove(self.opening.rule, Message(N_("There is no legal move.")))
        move = moves[int(rng.random() * len(moves))]
        if move.kind == "draw" and stock is not None:
            move = Move.draw(move.player, (stock.pop(),))
        self.apply(move)
        return move

    def _no_play(self, seat: int) -> Move | None:
        """Draw one (the engine too, while nobody has set it) when the boneyard holds any
        and the player has not drawn since his last lay; else pass (the marker)."""
        last = self.this_turn[-1] if self.this_turn and self.turn == seat else None
        drew = last is not None and last.kind == "draw"
        if self.stock and not drew and (last is None or self._after_double()):
            return DRAW_ONE[seat]
        return Move.pass_(seat) if self.layout.nodes else None

    def _do(self, move: Move, place: Place | None) -> None:
        seat, kind = move.player, move.kind
        if kind == "pass":
            self.open_places()  # the passer's view, for a pass proved false later
        if kind == "draw" and not self.layout.nodes:  # a draw for the engine
            self.moves.append(move)
            self.sizes[seat] += move.count
            self.stock -= move.count
            self._take(seat, move)
            self._opens = None
            return
        done = kind == "pass" and self._ends_first_turn(seat)
        super()._do(move, place)
        if kind == "play" and place is not LEAD:
            k = train_of(place)  # type: ignore[arg-type]  # a lay: a place
            if k in self.pending:
                self.pending.remove(k)
            if k == seat:
                self.markers[seat] = False
            if not self.ended:
                if move.tile.is_double:  # type: ignore[union-attr]
                    self.pending.append(k)
                    self.turn = seat  # he lays again (the double's rule)
                elif self._own_only(seat):
                    self.turn = seat  # his first turn goes on
        elif kind == "pass" and not done:
            self.markers[seat] = True
        elif kind == "draw":
            # the passes he made before may not be proved by what he now holds
            self.pass_log = [e for e in self.pass_log if e[1] != seat]
        if self.turn == seat:
            self.this_turn.append(move)
        else:
            self.this_turn = []
            if place is not LEAD:  # setting the engine is not one's first turn
                self.first.discard(seat)
        self._opens = None

    def _take(self, seat: int, move: Move) -> None:
        """What a draw tells of the hands and the boneyard (as `Hand._do` keeps them)."""
        known = self.known[seat]
        if known is not None:
            if move.drawn:
                known.update(move.drawn)
            else:
                self.known[seat] = None
        if self.stock_tiles is not None:
            if move.drawn:
                self.stock_tiles.difference_update(move.drawn)
            else:
                self.stock_tiles = None

    def _ends_first_turn(self, seat: int) -> bool:
        """Whether a pass now ends a first turn of lays on his own train (no marker)."""
        plays = [m for m in self.this_turn if m.kind == "play"]
        return (
            self._own_only(seat)
            and bool(plays)
            and self.this_turn[-1].kind == "play"
            and not plays[-1].tile.is_double  # type: ignore[union-attr]  # a play: a tile
        )
