"""The game record (docs/record-format.md): read it, replay it, write it."""

from __future__ import annotations

import json
from typing import NamedTuple

from .errors import IllegalMove, NotationError, RecordError, SetupError
from .hand import AmbiguousPlay, Hand, Move
from .match import Match
from .messages import N_, Message
from .names import check_names, show
from .tiles import WRITTEN, Tile, parse_tile
from .variants import VARIANTS

FORMAT = "domino-record/1"
MAX_HANDS = 500  # hands in one record: a long evening's match is a few dozen
MAX_MOVES = 20_000  # moves in one record, all hands together
_new = tuple.__new__  # Move(...) without the overhead of its defaults
TOP_FIELDS = {"format", "variant", "players", "options", "hands"}
HAND_FIELDS = {"dealt", "moves", "remaining"}
MOVE_KINDS = ("play", "draw", "pass")
MOVE_FIELDS_OF = {
    "play": {"player", "play", "on", "train"},
    "draw": {"player", "draw"},
    "pass": {"player", "pass"},
}
OPTIONAL: tuple[set[str], ...] = (
    {"on", "train"},
    {"on"},
    {"train"},
    set(),
)  # a play's fields it may leave out
MOVE_FIELDS = {
    frozenset(fs - f): kind for kind, fs in MOVE_FIELDS_OF.items() for f in OPTIONAL
}  # the well-formed sets of fields, and the kind each says


class Fault(NamedTuple):
    """The first illegal move of a record: hand and move count from 1 (move None:
    the tiles left in hands)."""

    hand: int
    move: int | None
    rule: str
    message: str  # a Message (an IllegalMove's, or the evidence of a false pass)


class HandRecord(NamedTuple):
    dealt: dict[int, list[Tile]] | None
    moves: list[Move]
    remaining: dict[int, list[Tile]] | None


class Record(NamedTuple):
    variant: str
    players: list[str]
    options: dict
    hands: list[HandRecord]


# -- reading ------------------------------------------------------------------------------
class NestedTooDeeply(ValueError):
    """JSON nested deeper than Python's reader goes: not valid JSON here."""


def json_value(text: str | bytes):
    """The value of JSON text; ValueError if it is not JSON, NestedTooDeeply (a ValueError)
    if it is nested too deeply to read, never a RecursionError. Every JSON a visitor sends
    is read through it (the import, and the web's JSON bodies)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise NestedTooDeeply("nested too deeply") from None


def loads(text: str | bytes) -> Record:
    """Read a record from JSON text; RecordError if it is not a readable record."""
    try:
        data = json_value(text)
    except NestedTooDeeply:
        raise RecordError(Message(N_("not valid JSON: nested too deeply"))) from None
    except (ValueError, UnicodeDecodeError) as e:
        raise RecordError(Message(N_("not valid JSON: {error}"), error=e)) from None
    return parse(data)


def parse(data) -> Record:
    """Read a record from its JSON value, checking its shape (not its moves' legality)."""
    if not isinstance(data, dict):
        raise RecordError(Message(N_("a record is a JSON object")))
    _known(data, TOP_FIELDS, Message(N_("the record")))
    if data.get("format") != FORMAT:
        raise RecordError(
            Message(
                N_("format must be {format}, not {found}"),
                format=repr(FORMAT),
                found=show(data.get("format")),
            )
        )
    for key in ("variant", "players", "hands"):
        if key not in data:
            raise RecordError(Message(N_("the record has no {field}"), field=repr(key)))
    if not isinstance(data["variant"], str):
        raise RecordError(
            Message(
                N_("variant must be a name such as {example}, not {value}"),
                example=repr(next(iter(VARIANTS))),
                value=show(data["variant"]),
            )
        )
    players = data["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise RecordError(Message(N_("players must be a list of names")))
    try:
        check_names(players)
    except SetupError as e:
        raise RecordError(e.message) from None
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(Message(N_("options must be an object")))
    if not isinstance(data["hands"], list):
        raise RecordError(Message(N_("hands must be a list")))
    if len(data["hands"]) > MAX_HANDS:
        raise RecordError(
            Message(
                N_("a record holds at most {max} hands, not {n}"),
                max=MAX_HANDS,
                n=len(data["hands"]),
            )
        )
    moves = sum(
        len(h["moves"]) for h in data["hands"] if type(h) is dict and type(h.get("moves")) is list
    )
    if moves > MAX_MOVES:
        raise RecordError(
            Message(N_("a record holds at most {max} moves, not {n}"), max=MAX_MOVES, n=moves)
        )
    seats = {name: i for i, name in enumerate(players)}
    variant = VARIANTS.get(data["variant"])
    hands = [_hand(h, seats, i, variant) for i, h in enumerate(data["hands"], 1)]
    return Record(data["variant"], players, options, hands)


def _known(obj: dict, fields, where: str, hand: int | None = None) -> None:
    extra = sorted(set(obj).difference(fields))
    if extra:
        raise RecordError(
            Message(N_("{where} has an unknown field {field}"), where=where, field=show(extra[0])),
            hand,
        )


def _tile(text, hand: int, move: int | None = None) -> Tile:
    if type(text) is str:  # the usual form, without a call to parse_tile: a record is mostly tiles
        t = WRITTEN.get(text)
        if t is not None:
            return t
    try:
        return parse_tile(text)
    except NotationError as e:
        raise RecordError(
            Message(N_("unreadable tile {text} ({error})"), text=show(text), error=e), hand, move
        ) from None


def _seat(name, seats: dict[str, int], hand: int, move: int | None = None) -> int:
    if not isinstance(name, str) or name not in seats:
        raise RecordError(Message(N_("unknown player {name}"), name=show(name)), hand, move)
    return seats[name]


def _tiles_by_player(obj, seats, hand: int, field: str) -> dict[int, list[Tile]] | None:
    if obj is None:
        return None
    if not isinstance(obj, dict):
        raise RecordError(
            Message(N_("{field} must map players to lists of tiles"), field=field), hand
        )
    out = {}
    for name, tiles in obj.items():
        if not isinstance(tiles, list):
            raise RecordError(
                Message(
                    N_("{field} of {name} must be a list of tiles"), field=field, name=show(name)
                ),
                hand,
            )
        out[_seat(name, seats, hand)] = [_tile(t, hand) for t in tiles]
    return out


def _train(name, seats: dict[str, int], variant, hand: int, move: int) -> int:
    """The train a play names: a player's (his name) or the public one (the variant's
    word for it, `Variant.public_train`: "mexican")."""
    if variant is None or not variant.trains:
        title = variant.title if variant is not None else show(variant)
        raise RecordError(
            Message(N_("{variant} has no trains: a play names no train"), variant=title),
            hand,
            move,
        )
    public = variant.public_train
    if name == public and name not in seats:
        return len(seats)
    if not isinstance(name, str) or name not in seats:
        raise RecordError(
            Message(
                N_('unknown train {name}: a train is named by its player, or "{public}"'),
                name=show(name),
                public=public,
            ),
            hand,
            move,
        )
    return seats[name]


def _hand(h, seats: dict[str, int], number: int, variant=None) -> HandRecord:
    if not isinstance(h, dict):
        raise RecordError(Message(N_("a hand is a JSON object")), number)
    _known(h, HAND_FIELDS, Message(N_("hand {hand}"), hand=number))
    if not isinstance(h.get("moves"), list):
        raise RecordError(Message(N_("the hand has no list of moves")), number)
    moves = [_move(m, seats, number, i, variant) for i, m in enumerate(h["moves"], 1)]
    return HandRecord(
        _tiles_by_player(h.get("dealt"), seats, number, "dealt"),
        moves,
        _tiles_by_player(h.get("remaining"), seats, number, "remaining"),
    )


def _move(m, seats: dict[str, int], hand: int, number: int, variant=None) -> Move:
    if not isinstance(m, dict):
        raise RecordError(Message(N_("a move is a JSON object")), hand, number)
    if "player" not in m:
        raise RecordError(Message(N_("the move names no player")), hand, number)
    seat = seats.get(m["player"]) if type(m["player"]) is str else None  # a known name, fast
    if seat is None:
        seat = _seat(m["player"], seats, hand, number)  # or why not
    fields = MOVE_FIELDS.get(frozenset(m))
    if fields is None:
        kinds = [k for k in MOVE_KINDS if k in m]
        if len(kinds) != 1:
            raise RecordError(
                Message(N_("a move has exactly one of play, draw or pass")), hand, number
            )
        _known(m, MOVE_FIELDS_OF[kinds[0]], Message(N_("move {move}"), move=number), hand)
    kind = fields or next(k for k in MOVE_KINDS if k in m)
    value = m[kind]
    if kind == "play":
        on = m.get("on")
        on = None if on is None else _tile(on, hand, number)
        train = 0 if "train" not in m else 1 + _train(m["train"], seats, variant, hand, number)
        return _new(Move, (seat, "play", _tile(value, hand, number), on, train, ()))
    if kind == "pass":
        if value is not True:
            raise RecordError(Message(N_('a pass is written {{"pass": true}}')), hand, number)
        return Move.pass_(seat)
    if isinstance(value, bool) or not isinstance(value, int | list):
        raise RecordError(
            Message(N_("draw takes a number of tiles or a list of tiles")), hand, number
        )
    if isinstance(value, list):
        if not value:
            raise RecordError(Message(N_("a draw takes at least one tile")), hand, number)
        return Move.draw(seat, tuple(_tile(t, hand, number) for t in value))
    if value < 1:
        raise RecordError(Message(N_("a draw takes at least one tile")), hand, number)
    return Move.draw(seat, value)


# -- replaying ----------------------------------------------------------------------------
def replay(
    record: Record, stop_at_false_pass: bool = True, resume: Match | None = None
) -> tuple[Match, Fault | None]:
    """Rebuild the match by replaying every move; stop at the first illegal one.
    RecordError for what makes the record unreadable (players, ambiguity, order of hands).
    With stop_at_false_pass=False a pass proved false (C-RENEGE) is kept in the hand's
    `false_passes` and the replay goes on: the table app shows it rather than stopping.
    `resume`: the same match already replayed up to some hand (its own, not shared: it is
    carried on): only the record's hands after its hands are replayed."""
    if resume is not None:
        match = resume
    else:
        try:
            match = Match(record.variant, record.players, record.options)
        except SetupError as e:
            raise RecordError(e.message) from None
    for number, h in enumerate(record.hands[len(match.hands) :], len(match.hands) + 1):
        prev = match.current
        if prev is not None and not prev.ended:
            raise RecordError(
                Message(
                    N_("hand {hand} is not finished, but another hand follows"), hand=number - 1
                )
            )
        if prev is not None and prev.settlement is None:
            raise RecordError(
                Message(
                    N_("hand {hand} has no remaining tiles to settle it, but another hand follows"),
                    hand=number - 1,
                )
            )
        try:
            hand = match.new_hand(h.dealt)
        except IllegalMove as e:
            return match, Fault(number, 1, e.rule, e.message)
        except RecordError as e:
            raise RecordError(e.message, number) from None
        fault = _replay_hand(hand, h, number, stop_at_false_pass)
        if fault:
            return match, fault
        if h.remaining is not None and not hand.ended:
            raise RecordError(
                Message(N_("the hand is not finished, yet its remaining tiles are given")), number
            )
    return match, None


def replay_at_table(record: Record, resume: Match | None = None) -> tuple[Match, Fault | None]:
    """Replay as the table app takes the moves: knowing only what the record says (the deal
    only where it is given). A pass (C-RENEGE) or a Čtyřka lead (CT-LEAD) that only a later
    lay or the tiles left prove wrong could not be refused when it was made: it is kept,
    flagged in the hand's `false_passes` / `wrong_leads`, and the replay goes on. A move the
    rules refuse with what was known when it was made stops it, as in `replay` (which
    `check` uses, and where a proven false pass or wrong lead is the record's fault)."""
    return replay(record, stop_at_false_pass=False, resume=resume)


def _replay_hand(hand: Hand, h: HandRecord, number: int, strict: bool) -> Fault | None:
    for i, move in enumerate(h.moves, 1):
        try:
            hand.apply(move)
        except IllegalMove as e:
            return Fault(number, i, e.rule, e.message)
        except AmbiguousPlay as e:
            raise RecordError(e.message, number, i) from None
        except RecordError as e:
            raise RecordError(e.message, number, i) from None
        if strict and (hand.false_passes or hand.wrong_leads):
            return _renege(hand, number) if hand.false_passes else _wrong_lead(hand, number)
    if hand.ended and (h.remaining is not None or hand.full):
        try:
            hand.settle(h.remaining)
        except IllegalMove as e:
            return Fault(number, None, e.rule, e.message)
        if strict and _faults(hand):
            return _renege(hand, number)
        if strict and hand.wrong_leads:
            return _wrong_lead(hand, number)
    return None


def _faults(hand: Hand) -> list:
    """The false passes that make the record illegal: those the settlement does not
    penalise instead (F3-MISPLAY)."""
    return [f for f in hand.false_passes if not hand.variant.penalised(hand, f)]


def _renege(hand: Hand, number: int) -> Fault:
    """Report a false pass at the pass, with the hand rolled back to just before it."""
    false = min(_faults(hand))
    message = hand.false_pass_message(false)
    while len(hand.moves) >= false.move or hand.settlement is not None:
        hand.undo()
    return Fault(number, false.move, "C-RENEGE", message)


def _wrong_lead(hand: Hand, number: int) -> Fault:
    """Report a lead proven wrong (CT-LEAD: the opening's rule) at the lead, the hand rolled
    back before it."""
    message = hand.wrong_lead_message(hand.wrong_leads[0])
    lead = next(i for i, m in enumerate(hand.moves, 1) if m.kind == "play")
    while len(hand.moves) >= lead or hand.settlement is not None:
        hand.undo()
    return Fault(number, lead, hand.opening.rule, message)


# -- writing ------------------------------------------------------------------------------
def move_json(hand: Hand, move: Move) -> dict:
    out: dict = {"player": hand.players[move.player]}
    if move.kind == "play":
        out["play"] = str(move.tile)
        if move.on is not None:
            out["on"] = str(move.on)
        if move.train is not None:
            k = move.train
            out["train"] = hand.players[k] if k < len(hand.players) else hand.variant.public_train
    elif move.kind == "draw":
        out["draw"] = [str(t) for t in move.drawn] if move.drawn else move.count
    else:
        out["pass"] = True
    return out


def to_json(match: Match) -> dict:
    """The match as a game record (a JSON value)."""
    hands = []
    for hand in match.hands:
        h: dict = {}
        dealt = hand._args[4]
        if dealt:
            h["dealt"] = {hand.players[s]: [str(t) for t in ts] for s, ts in dealt.items()}
        h["moves"] = [move_json(hand, m) for m in _placed(hand)]
        if hand.left is not None:
            h["remaining"] = {
                p: [str(t) for t in ts] for p, ts in zip(hand.players, hand.left, strict=True)
            }
        hands.append(h)
    return {
        "format": FORMAT,
        "variant": match.variant.name,
        "players": list(match.players),
        "options": dict(match.options),
        "hands": hands,
    }


def _placed(hand: Hand) -> list[Move]:
    """The hand's moves with every play saying which tile it was laid on."""
    out = []
    for i, move in enumerate(hand.moves):
        if move.kind == "play" and move.on is None and i and hand.layout.nodes:
            node = hand.layout.by_tile[move.tile]  # type: ignore[index]  # a play's tile
            if node.parent is not None:
                move = move._replace(on=hand.layout.nodes[node.parent].tile)
        if move.kind == "play" and move.train is None and hand.variant.trains:
            train = hand.layout.by_tile[move.tile].arm  # type: ignore[index]  # a play's tile
            if train is not None:  # not the engine
                move = move._replace(count=1 + train)
        out.append(move)
    return out


def dumps(match: Match) -> str:
    return json.dumps(to_json(match), indent=1, ensure_ascii=False)
