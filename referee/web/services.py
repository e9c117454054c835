"""The one place where the web side talks to the engine.

A match in the database is its settings and the list of its moves; its state (layout,
turn, scores, settlements) is what replaying them through the engine gives. The database
rows are turned into an engine `Record` and replayed with `record.replay`, the same path
that import, export and the `check` command take.

Every write (a move, the lot, the tiles left, an undo) takes the match's state at some
version (`state`: cached per process, replayed only as far as needed, never while holding
a lock), checks that the phone saw the table as it is (`hand` and `after`: the number of
moves it follows), asks the engine, and only then writes: its first statement adds one to
the match's version on the condition that it is still the one the state was read at
(`_lock`: a row lock on PostgreSQL, the write lock on SQLite, held for a few inserts). If
another write came first, the whole service runs again on the new state (`writes`), where
the phone's stale view is refused (409). The unique (hand, seq) constraint on moves
refuses a duplicate move even if that line were ever broken.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from flask_babel import get_locale, ngettext
from flask_babel import gettext as _
from sqlalchemy import bindparam, delete, insert, null, select, update
from sqlalchemy.exc import IntegrityError

from referee.engine import (
    IllegalMove,
    Move,
    NotationError,
    RecordError,
    RefereeError,
    SetupError,
    check,
    draw_lot,
    get_variant,
    parse_tile,
    record,
    rulebook,
)
from referee.engine import names as names_rule
from referee.engine.hand import Hand as EngineHand
from referee.engine.match import Match as EngineMatch
from referee.engine.messages import N_, Message
from referee.engine.tiles import Tile, tile_set
from referee.engine.variants import VARIANTS

from . import db, state
from .audit.log import Locked, log_change, phone, refuse_if_locked
from .i18n import say
from .models import ClientMove, Hand, Match, is_token, now
from .models import Move as MoveRow

Table = state.Table

VARIANT_NAMES = VARIANTS.keys()  # the registry's ids, as it has them now (a live view)


class Refused(Exception):
    """A write the app refuses: an HTTP status, the sentence for the table, and the rule
    it cites (None for what is not a rule: a stale page, an unreadable tile...)."""

    def __init__(
        self,
        status: int,
        message: str,
        rule: str | None = None,
        *,
        hand: int | None = None,
        move: int | None = None,
        field: str | None = None,
    ):
        super().__init__(message)
        self.status, self.message, self.rule = status, message, rule
        self.hand, self.move, self.field = hand, move, field
        self.seat: int | None = None  # the player whose name is refused (field "names")


class Moved(Exception):
    """The match's version moved on between the replay and the lock: run the write again."""


RETRIES = 5


def rule_title(rule: str) -> str:
    """A rule's title in the language of the request (the rulebook has all three)."""
    return rulebook.rule(rule, str(get_locale())).title


def writes(service):
    """A write service: run again on the new state when another write to the match came
    first (`Moved`); a refusal rolls back everything it did, so that the database is left
    exactly as it was (and the lock on the match is released at once)."""

    @functools.wraps(service)
    def run(*args, **kwargs):
        info = db.session.info
        for _attempt in range(RETRIES):
            for key in ("locked", "writing", "bumped"):
                info.pop(key, None)
            try:
                done = service(*args, **kwargs)
            except Moved:
                db.session.rollback()
                continue
            except Exception:
                db.session.rollback()
                raise
            if info.pop("writing", False) and not info.pop("bumped", False):
                # a write to a match that did not add one to its version: no phone and no
                # other process would ever see it
                raise RuntimeError(f"{service.__name__} wrote without services._commit")
            return done
        raise Refused(409, _("The table is busy: other phones are writing to it. Try again."))

    return run


def variant_or_none(name: str):
    return get_variant(name) if name in VARIANT_NAMES else None


def by_token(token: str, *, write: bool) -> Match | None:
    """The match of a players' (write) or spectators' link; None for an unknown link, or
    for a text that cannot be a link (checked before any query: PostgreSQL refuses a NUL)."""
    if not is_token(token):
        return None
    column = Match.write_token if write else Match.read_token
    return db.session.execute(select(Match).where(column == token)).scalar_one_or_none()


def table(token: str, *, write: bool) -> Table | None:
    """The match at a link, replayed (from this process's cache while its version holds);
    None for an unknown link."""
    return state.table(token, write=write)


VERSION = {
    True: select(Match.version).where(Match.write_token == bindparam("token")),
    False: select(Match.version).where(Match.read_token == bindparam("token")),
}


def version(token: str, *, write: bool) -> str | None:
    """What the phones at a table poll to know when to fetch it again: the match's version,
    one more at every write (a move, the lot, a settlement, an undo...), read from the
    match's row by its unique token. None for an unknown link."""
    if not is_token(token):
        return None
    found = db.session.execute(VERSION[write], {"token": token}).scalar()
    return None if found is None else str(found)


# -- what the table screen shows ----------------------------------------------------------
def tiles_offered(hand: EngineHand) -> list[tuple[Tile, bool]]:
    """The tiles of the set not on the table, each with whether it fits somewhere now."""
    on_table = hand.layout.by_tile
    return [(t, bool(hand.places_for(t))) for t in tile_set(hand.max_pip) if t not in on_table]


def picker(hand: EngineHand) -> list[tuple[Tile, str]]:
    """Every tile of the set in a fixed order, for the tile picker: "fits" (somewhere
    now), "no" (nowhere now) or "gone" (on the table: an empty slot, so that no tile moves
    under the thumb as others leave)."""
    on_table = hand.layout.by_tile
    return [
        (t, "gone" if t in on_table else "fits" if hand.places_for(t) else "no")
        for t in tile_set(hand.max_pip)
    ]


def choose(hand: EngineHand, text: str):
    """The tile a player picked, with its places or the reason it fits nowhere.
    Refused(400) for an unreadable tile."""
    try:
        t = parse_tile(text)
    except NotationError as e:
        raise Refused(400, e.args[0], field="tile") from None
    places = hand.places_for(t) if not hand.ended else []
    why = None if places else hand.why_not(t)
    if why is None and not places:
        why = IllegalMove(
            "C-DOMINO" if hand.ended == "domino" else "C-BLOCK",
            Message(N_("{tile} cannot be played: the hand is over."), tile=t),
        )
    return t, places, why


@dataclass
class Actions:
    """What the player to move may do besides playing a tile."""

    seat: int | None = None  # who moves; None: any player may lead
    draw: bool = False
    draw_max: int = 0  # more than 1: the draw takes a count (Five-Up)
    passing: bool = False
    pose_pass: bool = False
    lot: bool = False  # the app may draw the lot for the lead
    end: bool = False  # the hand is over: enter the tiles left
    leaders: list[int] = field(default_factory=list)  # who may lead (turn not known)


def actions(table: Table) -> Actions:
    hand, row = table.hand, table.hand_row
    out = Actions()
    if hand is None or table.match.result()[0] or table.row.abandoned is not None:
        return out
    if hand.ended:
        out.end = hand.settlement is None
        return out
    out.seat = hand.turn
    if hand.turn is None:
        out.leaders = list(range(len(hand.players)))
        out.lot = hand.opening.lot and not hand.moves and (row is None or row.lot is None)
        return out
    most = hand.max_draw()
    out.draw = most > 0
    out.draw_max = most if most > 1 else 0
    passing = hand.may_pass()
    if hand.layout.nodes:
        out.passing = passing
    else:
        out.pose_pass = passing
    return out


def first_play(hand: EngineHand) -> int | None:
    """The number of the hand's first play (its lead), None before it."""
    return next((i for i, m in enumerate(hand.moves, 1) if m.kind == "play"), None)


def describe(hand: EngineHand, move: Move, number: int, lead_at: int | None = -1) -> str:
    """A move in words: "Ben laid 5-3 on 5-5". `lead_at`: `first_play(hand)`, when the
    caller describes many moves (history: one pass, not one per move)."""
    name = hand.players[move.player]
    if lead_at == -1:
        lead_at = first_play(hand)
    lead = lead_at is None or lead_at >= number
    if move.kind == "play":
        if lead:
            if hand.variant.poses:
                return _("%(player)s posed %(tile)s", player=name, tile=move.tile)
            return _("%(player)s led %(tile)s", player=name, tile=move.tile)
        if move.on is None:
            return _("%(player)s laid %(tile)s", player=name, tile=move.tile)
        return _("%(player)s laid %(tile)s on %(on)s", player=name, tile=move.tile, on=move.on)
    if move.kind == "draw":
        if move.drawn:
            return _(
                "%(player)s drew %(tiles)s",
                player=name,
                tiles=", ".join(str(t) for t in move.drawn),
            )
        return ngettext(
            "%(player)s drew %(num)d tile", "%(player)s drew %(num)d tiles", move.count, player=name
        )
    if lead:
        return _("%(player)s passed the pose", player=name)
    return _("%(player)s passed", player=name)


@dataclass
class Event:
    number: int
    text: str
    notes: list[dict]  # {"text": ..., "rule": ...}


def history(hand: EngineHand, last: int | None = None) -> list[Event]:
    """Every move of the hand (or the `last` few) in words, with what it scored or cost
    (Five-Up's count, French Connection's charges), as the engine computed them."""
    start = 1 if last is None else max(1, len(hand.moves) - last + 1)
    notes = _notes(hand, start)
    lead_at = first_play(hand)
    return [
        Event(i, describe(hand, hand.moves[i - 1], i, lead_at), notes.get(i, []))
        for i in range(start, len(hand.moves) + 1)
    ]


def _notes(hand: EngineHand, first: int = 1) -> dict[int, list[dict]]:
    """What each move from move `first` on scored or cost, by move number."""
    notes: dict[int, list[dict]] = {}
    for number, count, points, side in hand.plays:
        if number < first:
            continue
        if points:
            text = _(
                "count %(count)s: +%(points)s for %(side)s",
                count=count,
                points=points,
                side=hand.side_names[side],
            )
        else:
            text = _("count %(count)s", count=count)
        notes.setdefault(number, []).append({"text": text, "rule": "FU-SCORE" if points else None})
    for number, seat, points, rule in hand.charges:
        if number < first:
            continue
        why = rule_title(rule)
        text = ngettext(
            "%(player)s is charged %(num)d point: %(why)s",
            "%(player)s is charged %(num)d points: %(why)s",
            points,
            player=hand.players[seat],
            why=why,
        )
        notes.setdefault(number, []).append({"text": text, "rule": rule})
    return notes


def opening_line(table: Table) -> dict | None:
    """Who opens the current hand and with what (before its lead)."""
    hand, row = table.hand, table.hand_row
    if hand is None or any(m.kind == "play" for m in hand.moves):
        return None
    o = hand.opening
    text = o.text
    lot = None
    if row is not None and row.lot is not None and o.lot:
        lot = _("%(name)s won the lot and leads.", name=hand.players[row.lot])
    return {"text": text, "rule": o.rule, "lot": lot}


def hand_summaries(table: Table) -> list[dict]:
    """Every hand's summary, for the match page: the running totals in one pass."""
    totals = [0] * len(table.match.side_names)
    out = []
    for i, h in enumerate(table.match.hands):
        totals = [a + b for a, b in zip(totals, h.points, strict=True)]
        out.append(hand_summary(table, i, totals))
    return out


def hand_summary(table: Table, index: int, totals: list[int] | None = None) -> dict:
    """One hand for the match page and the settlement: how it ended, each side's points
    with the rule behind every line, and the running totals after it (`totals`, when the
    caller keeps them)."""
    hand = table.match.hands[index]
    names = table.match.side_names
    s = hand.settlement
    if hand.ended == "domino":
        end = _("Domino! by %(player)s", player=hand.players[hand.winner])
    elif hand.ended == "block":
        end = _("Blocked")
        if s is not None:
            # the side's name: a pair wins a blocked hand together ("Ana+Cleo")
            won = names[hand.side_of[s.winner]] if s.winner is not None else None
            end = (
                _("Blocked: won by %(side)s", side=won) if won is not None else _("Blocked: a tie")
            )
    else:
        end = _("In play")
    lines = []
    for number, count, points, side in hand.plays:
        if points:
            lines.append(
                {
                    "side": names[side],
                    "points": points,
                    "rule": "FU-SCORE",
                    "text": _("move %(move)s: count %(count)s", move=number, count=count),
                }
            )
    for number, seat, points, rule in hand.charges:
        lines.append(
            {
                "side": names[hand.side_of[seat]],
                "points": points,
                "rule": rule,
                "text": _("move %(move)s: %(rule)s", move=number, rule=rule_title(rule)),
            }
        )
    if s is not None:
        for line in s.lines:
            lines.append(
                {
                    "side": names[line.side] if line.side is not None else "—",
                    "points": line.points,
                    "rule": line.rule,
                    "text": line.text,
                }
            )
    if totals is None:
        totals = [0] * len(names)
        for h in table.match.hands[: index + 1]:
            totals = [a + b for a, b in zip(totals, h.points, strict=True)]
    return {
        "number": index + 1,
        "end": end,
        "ended": hand.ended,
        "settled": s is not None,
        "moves": len(hand.moves),
        "lines": lines,
        "points": list(zip(names, hand.points, strict=True)),
        "totals": list(zip(names, totals, strict=True)),
        "left": (
            [(hand.players[i], [str(t) for t in ts]) for i, ts in enumerate(hand.left)]
            if hand.left is not None
            else None
        ),
        "false_passes": [
            {"text": hand.false_pass_message(f), "rule": "C-RENEGE"} for f in hand.false_passes
        ],
        "wrong_leads": [
            {"text": hand.wrong_lead_message(w), "rule": "CT-LEAD"}
            for w in getattr(hand, "wrong_leads", ())
        ],
    }


def settled_points(table: Table) -> list[list[int]]:
    """Each side's points in each settled hand, in order (for the match chart)."""
    return [list(h.points) for h in table.match.hands if h.settlement is not None]


def tie(table: Table) -> dict | None:
    """Why the match goes on though a side has reached the target (C-TIE)."""
    if not table.match.tied() or outcome(table) is not None:  # decided on time
        return None
    return {"rule": "C-TIE", "title": rule_title("C-TIE"), "text": table.match.tie_message()}


def outcome(table: Table) -> dict | None:
    """Who won the match and why, once it is decided: by the variant's match rule, or on
    the totals of the hands it counts once an event's director has called time."""
    over, win = table.match.result()
    if not over and table.row.time_hands is not None:
        return on_time(table)
    if not over:
        return None
    m = table.match
    rule = m.match_rule
    return {
        "winner": m.side_names[win],
        "text": m.outcome_message(),
        "rule": rule,
        "title": rule_title(rule),
    }


def on_time(table: Table) -> dict | None:
    """The match decided on time (events: the director called time), once the hands it
    counts are settled: the best total wins; level totals win for nobody."""
    m, hands = table.match, table.row.time_hands
    over, win = m.result_on_time(hands)
    if not over:
        return None
    score = "–".join(str(p) for p in m.totals())
    if win is None:
        text = ngettext(
            "Time was called: the match ends level on the totals of the one hand "
            "played, %(score)s.",
            "Time was called: the match ends level on the "
            "totals of the %(num)d hands played, %(score)s.",
            hands,
            score=score,
        )
    else:
        text = ngettext(
            "Time was called: %(side)s won on the totals of the one hand played, %(score)s.",
            "Time was called: %(side)s won on the totals of the %(num)d hands played, %(score)s.",
            hands,
            side=m.side_names[win],
            score=score,
        )
    winner = m.side_names[win] if win is not None else None
    return {"winner": winner, "text": text, "rule": None, "title": None, "time": True}


def time_called(table: Table) -> int | None:
    """The hands the match counts, while time is called and they are not all settled."""
    if table.row.time_hands is None or outcome(table) is not None:
        return None
    return table.row.time_hands


def penalty_points(table: Table) -> bool:
    """Whether points are penalty points (the fewest win)."""
    m = table.match
    return m.variant.best(m.options) is min


# -- starting a match ---------------------------------------------------------------------
@writes
def create_match(
    variant: str, names: list[str], options: dict, language: str | None = None
) -> Match:
    """Store a new match after the engine accepts its players and options (SetupError is
    turned into Refused(400), naming the field); `language`: the table's language."""
    try:
        engine = EngineMatch(variant, names, options)
    except SetupError as e:
        field_name = "names" if e.field == "players" else e.field
        refused = Refused(400, e.message, e.rule, field=field_name)
        refused.seat = e.seat
        raise refused from None
    row = Match(
        variant=engine.variant.name,
        players=list(engine.players),
        options=engine.options,
        language=language or None,
    )
    row.hands.append(Hand(number=1))
    db.session.add(row)
    db.session.commit()
    return row


def name_faults(names: list[str]) -> dict[int, str]:
    """What the engine finds wrong with each name, by seat (C-NAMES)."""
    return names_rule.faults(names)


def count_refused(variant: str, players: int) -> Refused | None:
    """Why the engine refuses this many players for the variant (None: it does not)."""
    try:
        EngineMatch(variant, [f"Player {i + 1}" for i in range(players)], {})
    except SetupError as e:
        return Refused(400, e.message, e.rule, field="count")
    return None


def set_name(variant: str, players: int) -> str:
    """The set a number of players implies ("double-nine, 55 tiles")."""
    v = get_variant(variant)
    n = len(tile_set(v.max_pip(players)))
    return ngettext(
        "%(set)s, %(num)d tile", "%(set)s, %(num)d tiles", n, set=say(v.set_name(players))
    )


def default_options(variant: str, options: dict | None = None) -> dict:
    """The options the engine fills in (the default target...)."""
    return get_variant(variant).options(options or {})


# -- writing ------------------------------------------------------------------------------
def _begin(token: str, *, unlocked: bool = True) -> Table:
    """The match's state for this write: a private copy of the current hand, replayed
    without any lock held (`_lock` checks later that nothing was written meanwhile).
    Refused(404) for an unknown link, Refused(409) for a match whose result every side
    has confirmed (unless `unlocked` is False: a confirmation, which a locked match
    still takes)."""
    row = state.match_row(token, write=True)
    if row is None:
        raise Refused(404, _("There is no table at this link."))
    if row.abandoned is not None:
        raise Refused(409, _("This match was abandoned: %(reason)s", reason=row.abandon_reason))
    db.session.info["writing"] = True  # `writes` checks that `_lock` bumped the version
    table = state.fork(state.state(row))
    if unlocked:
        try:
            refuse_if_locked(row.id, len(table.match.side_names), outcome(table) is not None)
        except Locked as e:
            raise Refused(409, str(e)) from None
    return table


# built once (SQLAlchemy compiles them once): the two statements of every recorded move,
# on the tables themselves (Core: no ORM bookkeeping for rows the session does not hold)
_MATCHES, _MOVES = Match.__table__, MoveRow.__table__
BUMP = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("match"), _MATCHES.c.version == bindparam("seen"))
    .values(version=_MATCHES.c.version + 1, updated=bindparam("now"))
)
ADD_MOVE = insert(_MOVES)


def _lock(table: Table) -> None:
    """The write's first statement: add one to the match's version if it is still the one
    `table` was read at (else `Moved`: the service runs again). It locks the match until
    the commit (the row on PostgreSQL, the database on SQLite): nothing is replayed after
    it. Every write to a match goes through here (`_commit` calls it if needed)."""
    if db.session.info.get("locked") == table.row.id:
        return
    done = db.session.connection().execute(  # before the rows the write adds (no flush)
        BUMP, {"match": table.row.id, "seen": table.version, "now": now()}
    )
    if done.rowcount != 1:
        raise Moved()
    db.session.info["locked"] = table.row.id
    db.session.info["bumped"] = True


def _stale(table: Table, hand_no: int, after: int, settled: bool = False) -> None:
    """Refuse (409) a write made from a page that no longer shows the table as it is."""
    if (hand_no, after, settled) == table.position:
        return
    raise Refused(409, what_changed(table, hand_no, after))


def what_changed(table: Table, hand_no: int, after: int) -> str:
    """Why a phone's view is out of date: "already recorded: Ben laid 5-3 on 5-5"."""
    hands = table.match.hands
    if 1 <= hand_no <= len(hands):
        hand = hands[hand_no - 1]
        if after < len(hand.moves):
            return _(
                "already recorded: %(move)s", move=describe(hand, hand.moves[after], after + 1)
            )
        if after == len(hand.moves) and hand.settlement is not None:
            return _(
                "already recorded: the tiles left in hand %(hand)s, which is settled", hand=hand_no
            )
        if after > len(hand.moves):
            return _(
                "the table has changed: move %(move)s was taken back", move=len(hand.moves) + 1
            )
    if hand_no > len(hands):
        return _("the table has changed: hand %(hand)s was taken back", hand=hand_no)
    return _("the table has changed since this page was shown")


def _refuse_illegal(e: IllegalMove, status: int = 422) -> Refused:
    return Refused(status, e.message, e.rule, move=e.move)


def _false_passes(hand: EngineHand, known: int) -> list[str]:
    """The passes this write newly proves false (C-RENEGE), in words."""
    return [
        say(Message(N_("{message} ({rule})"), message=hand.false_pass_message(f), rule="C-RENEGE"))
        for f in hand.false_passes[known:]
    ]


def _seat(table: Table, value) -> int:
    try:
        seat = int(value)
    except (TypeError, ValueError):
        raise Refused(400, _("Say which player moves."), field="seat") from None
    if not 0 <= seat < len(table.players):
        raise Refused(400, _("There is no player %(number)s.", number=seat + 1), field="seat")
    return seat


@writes
def play(
    token: str,
    hand_no: int,
    after: int,
    seat,
    tile_text: str,
    on_text: str | None,
    client_id: str | None = None,
) -> str:
    """Lay a tile (on `on_text`, or the lead). Returns what happened, in words."""
    table = _begin(token)
    _still_open(table)
    _stale(table, hand_no, after)
    hand = table.hand
    try:
        t = parse_tile(tile_text)
        on = parse_tile(on_text) if on_text else None
    except NotationError as e:
        raise Refused(400, e.args[0], field="tile") from None
    who = hand.turn if seat in (None, "") and hand.turn is not None else _seat(table, seat)
    return _record(table, Move.play(who, t, on), client_id)


@writes
def draw(token: str, hand_no: int, after: int, seat, count, client_id: str | None = None) -> str:
    table = _begin(token)
    _still_open(table)
    _stale(table, hand_no, after)
    try:
        n = int(count) if count not in (None, "") else 1
    except (TypeError, ValueError):
        raise Refused(400, _("The number of tiles drawn must be a whole number.")) from None
    if n < 1:
        raise Refused(400, _("A draw takes at least one tile."))
    return _record(table, Move.draw(_seat(table, seat), n), client_id)


@writes
def pass_(token: str, hand_no: int, after: int, seat, client_id: str | None = None) -> str:
    table = _begin(token)
    _still_open(table)
    _stale(table, hand_no, after)
    return _record(table, Move.pass_(_seat(table, seat)), client_id)


def _still_open(table: Table) -> None:
    """Refuse a move once the match is decided (the engine's match rule)."""
    over = outcome(table)
    if over and over.get("time"):
        raise Refused(422, over["text"])
    if over:
        raise Refused(
            422, _("The match is over: %(winner)s won it.", winner=over["winner"]), over["rule"]
        )


def _record(table: Table, move: Move, client_id: str | None = None) -> str:
    """Check a move with the engine and append it to the current hand. A move sent from a
    phone's outbox keeps its client id (unique) with the answer, in the same transaction."""
    hand, row = table.hand, table.hand_row
    known = len(hand.false_passes)
    try:
        hand.apply(move)
    except IllegalMove as e:
        raise _refuse_illegal(e) from None
    except RecordError as e:  # a play that does not say where, when several places take it
        raise Refused(400, e.message, field="on") from None
    number = len(hand.moves)
    move = hand.moves[-1]
    on = hand.laid_on(move.tile) if move.kind == "play" else None  # also when not said
    saved = state.MoveRec(
        number,
        move.player,
        move.kind,
        str(move.tile) if move.tile else None,
        str(on) if on else None,
        move.count if move.kind == "draw" else None,
        [str(t) for t in move.drawn] if move.drawn else None,
    )
    said = describe(hand, move._replace(on=on), number)
    notes = [n["text"] for n in _notes(hand, number).get(number, [])]
    notes += _false_passes(hand, known)
    if hand.ended == "domino":
        notes.append(_("Domino! Enter the tiles left in each hand"))
    elif hand.ended == "block":
        notes.append(_("The hand is blocked. Enter the tiles left in each hand"))
    answer = "; ".join([said, *notes]) + "."
    _lock(table)
    values = saved._asdict()
    values["on_tile"] = values.pop("on")  # the column's name (Core keys are column names)
    db.session.connection().execute(
        ADD_MOVE, {"hand_id": row.id, "created": now(), "phone": phone(), **values}
    )
    if client_id is not None:  # kept with the move: a second send gets this answer again
        db.session.execute(
            insert(ClientMove).values(
                client_id=client_id, match_id=table.row.id, answer={"ok": True, "message": answer}
            )
        )
    row.moves.append(saved)  # the table's own copy (state.fork): kept as the new state
    _commit(table, row.number, number - 1, keep=True)
    return answer


def _commit(
    table: Table, hand_no: int | None = None, after: int | None = None, keep: bool = False
) -> None:
    """Lock (if not yet), commit; a unique-constraint refusal (a race lost) becomes
    'already recorded'. `keep`: `table` now holds exactly what was written (the move
    applied to it), so this process keeps it as the match's new state."""
    try:
        _lock(table)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        fresh = state.table(table.row.write_token, write=True)
        raise Refused(409, what_changed(fresh, hand_no or 0, after or 0)) from None
    finally:
        db.session.info.pop("locked", None)
    if keep:
        table.row = table.row._replace(version=table.version + 1)
        state.remember(table)


@writes
def lot(token: str, hand_no: int, after: int, rng: random.Random, seat=None) -> str:
    """The lot for the lead (FU-LEAD): the seat the table's own lot named (`seat`), or
    drawn by the app for the table (no `seat`). Undo takes it back."""
    table = _begin(token)
    _stale(table, hand_no, after)
    hand, row = table.hand, table.hand_row
    if hand is None or hand.moves or not hand.opening.lot or outcome(table) is not None:
        o = hand.opening if hand is not None else None
        raise Refused(
            422,
            _("This hand is not opened by lot.") + (f" {say(o.text)}" if o else ""),
            o.rule if o else None,
        )
    if row.lot is not None:
        raise Refused(
            409, _("already recorded: the lot, won by %(name)s", name=hand.players[row.lot])
        )
    by_table = seat not in (None, "")
    seat = _seat(table, seat) if by_table else draw_lot(hand.players, rng)
    _lock(table)
    done = db.session.execute(
        update(Hand).where(Hand.id == row.id, Hand.lot.is_(None)).values(lot=seat),
        execution_options={"synchronize_session": False},
    )
    if done.rowcount != 1:
        db.session.rollback()
        raise Refused(409, _("already recorded: the lot"))
    _commit(table)
    if by_table:
        return _("Recorded: %(name)s won the table's lot and leads.", name=hand.players[seat])
    return _("The app drew the lot: %(name)s won it and leads.", name=hand.players[seat])


def read_left(hand: EngineHand, texts: dict[int, list[str]]) -> dict[int, list[Tile]]:
    """The tiles left per seat from the form (checkboxes or "6-4 3-1" typed in)."""
    out: dict[int, list[Tile]] = {}
    for seat in range(len(hand.players)):
        tiles = []
        for text in texts.get(seat, []):
            for word in text.replace(",", " ").split():
                try:
                    tiles.append(parse_tile(word))
                except NotationError as e:
                    raise Refused(
                        400,
                        _("%(player)s: %(why)s", player=hand.players[seat], why=say(e.args[0])),
                        field=f"left-{seat}",
                    ) from None
        out[seat] = tiles
    return out


@writes
def settle(token: str, hand_no: int, after: int, texts: dict[int, list[str]]) -> str:
    """Settle the finished hand from the tiles left in each hand; start the next hand."""
    table = _begin(token)
    _stale(table, hand_no, after)
    hand, row = table.hand, table.hand_row
    if not hand.ended:
        raise Refused(409, _("The hand is not over yet."))
    left = read_left(hand, texts)
    if hand.full and not any(left.values()):
        left = None  # the engine knows every hand (an imported full record)
    known = len(hand.false_passes)
    try:
        hand.settle(left)
    except IllegalMove as e:
        raise _refuse_illegal(e) from None
    except RefereeError as e:
        raise Refused(400, e.args[0]) from None
    proved = _false_passes(hand, known)
    _lock(table)
    done = db.session.execute(
        update(Hand)
        .where(Hand.id == row.id, Hand.remaining.is_(None))
        .values(remaining=[[str(t) for t in ts] for ts in hand.left]),
        execution_options={"synchronize_session": False},
    )
    if done.rowcount != 1:
        db.session.rollback()
        raise Refused(409, _("already recorded: the tiles left in hand %(hand)s", hand=row.number))
    if outcome(table) is None:  # decided (the target, or time called): no next hand
        db.session.add(Hand(match_id=table.row.id, number=row.number + 1))
    _commit(table, hand_no, after)
    return " ".join([_("Hand %(hand)s is settled.", hand=row.number), *proved])


def undo_target(table: Table) -> str | None:
    """What Undo would take back, in words (None: nothing, or nothing it can take back:
    see `undo_refusal`)."""
    row, hand = table.hand_row, table.hand
    if row is None or table.row.abandoned is not None or _fixed_settlement(table) is not None:
        return None
    if row.remaining is not None:
        return _("the tiles left in hand %(hand)s (its settlement)", hand=row.number)
    if hand.moves:
        return describe(hand, hand.moves[-1], len(hand.moves))
    if row.lot is not None:
        return _("the lot for the lead (won by %(name)s)", name=hand.players[row.lot])
    if row.number > 1:
        return _("the tiles left in hand %(hand)s (its settlement)", hand=row.number - 1)
    return None


def _fixed_settlement(table: Table) -> int | None:
    """The number of the hand whose settlement Undo would take back, when it cannot: the
    engine knows every player's tiles (a full record, imported with its deals), so the
    hand settles itself again from them."""
    row, hands = table.hand_row, table.match.hands
    if row is None or not hands:
        return None
    if row.remaining is not None:
        number, engine_hand = row.number, hands[-1]
    elif not hands[-1].moves and row.number > 1 and len(hands) > 1:
        number, engine_hand = row.number - 1, hands[-2]
    else:
        return None
    return number if engine_hand.full and engine_hand.settlement is not None else None


def undo_refusal(table: Table) -> str:
    """Why Undo has nothing to take back, in words."""
    number = _fixed_settlement(table)
    if number is None:
        return _("There is nothing to take back.")
    return _(
        "The settlement of hand %(number)d cannot be taken back: the record names every "
        "player's tiles, so the hand settles itself from them.",
        number=number,
    )


@writes
def undo(token: str, hand_no: int, after: int, settled: bool) -> str:
    """Take back the last move, or the last settlement."""
    table = _begin(token)
    _stale(table, hand_no, after, settled)
    what = undo_target(table)
    row = table.hand_row
    if what is None:
        raise Refused(409, undo_refusal(table))
    _lock(table)
    if row.remaining is not None:
        log_change(table.row.id, "undo", hand=row.number, old={"remaining": row.remaining})
        db.session.execute(
            update(Hand).where(Hand.id == row.id).values(remaining=null()),
            execution_options={"synchronize_session": False},
        )
    elif row.moves:
        last = db.session.execute(
            select(MoveRow).where(
                MoveRow.hand_id == row.id,
                MoveRow.seq == len(row.moves),
                MoveRow.taken_back.is_(None),
            )
        ).scalar_one()
        change = log_change(
            table.row.id, "undo", hand=row.number, move=last.seq, old=[move_data(last)]
        )
        db.session.execute(  # the row stays, marked taken back
            update(MoveRow).where(MoveRow.id == last.id).values(taken_back=change.id),
            execution_options={"synchronize_session": False},
        )
    elif row.lot is not None:  # the lot for the lead, before any move
        log_change(table.row.id, "undo", hand=row.number, old={"lot": row.lot})
        db.session.execute(
            update(Hand).where(Hand.id == row.id).values(lot=null()),
            execution_options={"synchronize_session": False},
        )
    else:  # the next hand, not begun: its (empty) row goes, the settlement is taken back
        prev = table.hand_rows[-2]
        log_change(
            table.row.id,
            "undo",
            hand=prev.number,
            old={"remaining": prev.remaining, "next_hand": row.number, "lot": row.lot},
        )
        db.session.execute(
            delete(Hand).where(Hand.id == row.id), execution_options={"synchronize_session": False}
        )
        db.session.execute(
            update(Hand).where(Hand.id == prev.id).values(remaining=null()),
            execution_options={"synchronize_session": False},
        )
    _commit(table)
    return _("Taken back: %(what)s.", what=what)


def move_data(m: MoveRow) -> dict:
    """A move row as the change log keeps it: what, by whom, when, from which phone."""
    out = {"seq": m.seq, "seat": m.seat, "kind": m.kind}
    if m.tile:
        out["tile"] = m.tile
    if m.on:
        out["on"] = m.on
    if m.kind == "draw":
        out["count"] = m.count
        if m.drawn:
            out["drawn"] = list(m.drawn)
    created = getattr(m, "created", None)
    out["created"] = created.isoformat(timespec="seconds") if created else None
    out["phone"] = getattr(m, "phone", None)
    return out


# -- records ------------------------------------------------------------------------------
def export(table: Table) -> dict:
    """The match as a game record (shared/spec/record-format.md)."""
    return record.to_json(table.match)


def read_record(text: str | bytes) -> record.Record:
    """The record in an uploaded text, read once; Refused(400) when it is unreadable."""
    try:
        return record.loads(text)
    except RecordError as e:
        raise Refused(400, e.message, hand=e.hand, move=e.move) from None


def verdict(rec: record.Record) -> dict:
    """The engine's verdict on a record read by `read_record` (the `check --json` output),
    and `table_accepts`: whether carrying it on would store it (its fault is a pass or lead
    proven wrong only later, which the table keeps flagged)."""
    try:
        out = check.verdict(rec)
        out["table_accepts"] = out["ok"] or record.replay_at_table(rec)[1] is None
        return out
    except RecordError as e:
        raise Refused(400, e.message, hand=e.hand, move=e.move) from None


@writes
def import_record(rec: record.Record) -> Match:
    """Store a record (read by `read_record`) as a new match that can be carried on, if the
    table would have taken its moves (`record.replay_at_table`: a pass or lead proven wrong
    only later stays flagged, as on the table that recorded it); otherwise it is refused
    with the engine's verdict (hand, move, rule) and nothing is stored."""
    try:
        match, fault = record.replay_at_table(rec)
    except RecordError as e:
        raise Refused(400, e.message, hand=e.hand, move=e.move) from None
    if fault is not None:
        raise Refused(400, fault.message, fault.rule, hand=fault.hand, move=fault.move)
    data = record.to_json(match)
    seats = {name: i for i, name in enumerate(match.players)}
    row = Match(variant=match.variant.name, players=list(match.players), options=match.options)
    for number, h in enumerate(data["hands"], 1):
        hand = Hand(number=number)
        if "dealt" in h:
            hand.dealt = [h["dealt"].get(p) for p in match.players]
        if "remaining" in h:
            hand.remaining = [h["remaining"][p] for p in match.players]
        for seq, m in enumerate(h["moves"], 1):
            seat = seats[m["player"]]
            if "play" in m:
                mv = MoveRow(seq=seq, seat=seat, kind="play", tile=m["play"], on=m.get("on"))
            elif "draw" in m:
                named = isinstance(m["draw"], list)
                mv = MoveRow(
                    seq=seq,
                    seat=seat,
                    kind="draw",
                    count=len(m["draw"]) if named else m["draw"],
                    drawn=m["draw"] if named else None,
                )
            else:
                mv = MoveRow(seq=seq, seat=seat, kind="pass")
            hand.moves.append(mv)
        row.hands.append(hand)
    last = match.current
    if (last is None or last.settlement is not None) and not match.result()[0]:
        row.hands.append(Hand(number=len(match.hands) + 1))
    db.session.add(row)
    db.session.commit()
    return row
