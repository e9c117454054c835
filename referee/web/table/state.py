"""The replayed state of a match, cached in each process and keyed by the match's version.

A match's state is what replaying its moves through the engine gives; the database holds
only the moves. Replaying a long match at every request costs, so each process keeps the
last state it replayed of each match (a bounded LRU), labelled with the version it was read
at. `matches.version` is one more at every write, in the write's transaction
(`transaction.lock`), so a state is used only while the database still says that version:
a copy is never served stale, across processes too.

When the version has moved on, only what may have changed is read and replayed: the hand
rows of the match, the moves of its current hand and of any hand after it (one query, in
one snapshot with the version), replayed on top of the earlier hands kept from the cached
state. Anything else (an earlier hand changed: a settlement taken back, a correction of
any hand, seen by the id of the match's last correction read with the rows) replays it all.

The rows are read with Core selects into small tuples, not ORM objects, each in one round
trip outside any transaction (`reads`).

Over 400 lines: the rows read, the cache and the replay on top of it are one piece (what
is read decides what is replayed again, and both are checked by one version); splitting
them would put the version's check in two places.
"""

from __future__ import annotations

import copy
import functools
import os
from dataclasses import dataclass
from typing import NamedTuple

from flask import current_app
from sqlalchemy import and_, bindparam, exists, func, select

from referee.engine import Move, parse_tile, record
from referee.engine.hand import Hand as EngineHand
from referee.engine.match import Match as EngineMatch
from referee.engine.tiles import Tile

from .. import i18n
from ..audit.models import Change
from ..events.models import Event, EventGame
from ..models import Hand, Match, is_token
from ..models import Move as MoveRow
from ..server.cache import LRU
from ..store import read

CACHE_SIZE = int(os.environ.get("REFEREE_CACHE_SIZE", "512"))  # matches per process


class MatchRow(NamedTuple):
    """A match's settings and links, as read from its row."""

    id: int
    variant: str
    players: list
    options: dict
    write_token: str
    read_token: str
    version: int
    code: str | None = None  # the table code (matches/)
    abandoned: object = None  # when it was abandoned (a datetime), if it was
    abandon_reason: str | None = None
    public: bool = False  # listed on the home page
    language: str | None = None  # the table's language, if one is set (i18n)
    time_hands: int | None = None  # time called (events): the hands the match counts
    event_id: int | None = None  # the event whose table it is a game of (transaction.lock)
    event_finished: bool | None = False  # its event is finished (transaction.begin refuses)


class MoveRec(NamedTuple):
    seq: int
    seat: int
    kind: str
    tile: str | None
    on: str | None
    count: int | None
    drawn: list | None


@dataclass
class HandRow:
    """A hand's row: its number, the lot, the tiles dealt and left, and its moves."""

    id: int
    number: int
    lot: int | None
    dealt: list | None
    remaining: list | None
    moves: list[MoveRec]

    @property
    def key(self) -> tuple:
        return (self.id, self.number, self.lot, self.dealt, self.remaining)


@dataclass
class Table:
    """A match as the database holds it at `version`, replayed through the engine.

    Shared between the requests of a process: read it, never change it; a write changes
    the copy `fork` makes."""

    row: MatchRow
    hand_rows: list[HandRow]
    match: EngineMatch
    fault: record.Fault | None = None
    corrected: int | None = None  # the match's last correction (its change id), if any
    in_event: bool = False  # a game of an event (the table screen shows its series)
    overridden: bool = False  # unlocked once (the table screen shows who and why)
    replayed: tuple | None = None  # replayed for a write, not kept (`for_write`)
    # the current hand and its row as they stood before its last move, when this process
    # made that move (`undone`); a fork's `forked` is what it was copied from until then
    undo_to: tuple[EngineHand, HandRow] | None = None
    forked: tuple[EngineHand, HandRow] | None = None
    # a write's state whose statement the database has not answered yet: what to keep
    # once it has (`transaction.landed`); nothing is kept of it before
    landing: list | None = None

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def hand(self) -> EngineHand | None:
        """The hand being played (or the last one, when the match is over)."""
        return self.match.current

    @property
    def hand_row(self) -> HandRow | None:
        return self.hand_rows[-1] if self.hand_rows else None

    @property
    def variant(self):
        return self.match.variant

    @property
    def players(self) -> tuple[str, ...]:
        return self.match.players

    @property
    def position(self) -> tuple[int, int, bool]:
        """What a phone says it saw when it writes: (hand number, moves in it, settled)."""
        row = self.hand_row
        return (row.number, len(row.moves), row.remaining is not None) if row else (0, 0, False)


# -- the cache ----------------------------------------------------------------------------
def _cache() -> LRU:
    """This app's cache of replayed matches, by match id at their version (one per app:
    tests run several apps, on several databases, in one process)."""
    found = current_app.extensions.get("referee_state")
    if found is None:
        found = current_app.extensions.setdefault("referee_state", LRU(CACHE_SIZE))
    return found


def _ids() -> LRU:
    """The match id of each players' link whose state this process has kept."""
    found = current_app.extensions.get("referee_state_ids")
    if found is None:
        found = current_app.extensions.setdefault("referee_state_ids", LRU(CACHE_SIZE))
    return found


def _keep(table: Table) -> None:
    _cache().put(table.row.id, table.version, table)
    _ids().put(table.row.write_token, None, table.row.id)


def kept_row(token: str) -> MatchRow | None:
    """The row of the match at this players' link as the state this process keeps of it
    was read, or None: a write may start from it without reading the match
    (`transaction.begin`), since its first statement adds to the version only if the
    version is still this one (every change to the row adds to it)."""
    match_id = _ids().get(token)
    kept = _cache().latest(match_id) if match_id is not None else None
    if kept is None or kept[1].row.write_token != token:
        return None
    row = kept[1].row
    i18n.read_table_language(token, row.language)
    return row


MATCH_COLUMNS = (
    Match.id,
    Match.variant,
    Match.players,
    Match.options,
    Match.write_token,
    Match.read_token,
    Match.version,
    Match.code,
    Match.abandoned,
    Match.abandon_reason,
    Match.public,
    Match.language,
    Match.time_hands,
    Match.event_id,
)


# a link's read says too whether the match's event is finished (no second read): a write
# link's write is refused then, and both links' screens say so
EVENT_FINISHED = (
    select(Event.finished).where(Event.id == Match.event_id).scalar_subquery().label("finished")
)
BY_TOKEN = {  # built once: SQLAlchemy's compiled cache then serves every request
    True: select(*MATCH_COLUMNS, EVENT_FINISHED).where(Match.write_token == bindparam("token")),
    False: select(*MATCH_COLUMNS, EVENT_FINISHED).where(Match.read_token == bindparam("token")),
}


def match_row(token: str, *, write: bool) -> MatchRow | None:
    """The match at a link (one indexed read), or None."""
    if not is_token(token):
        return None
    found = read(BY_TOKEN[write], {"token": token}).one_or_none()
    if found is None:
        return None
    row = MatchRow(*found)
    i18n.read_table_language(token, row.language)
    return row


def table(token: str, *, write: bool) -> Table | None:
    """The replayed match at a link, from this process's cache while its version holds."""
    row = match_row(token, write=write)
    return None if row is None else state(row)


def state(row: MatchRow) -> Table:
    cache = _cache()
    kept = cache.latest(row.id)
    cached = kept[1] if kept is not None else None
    if cached is not None and cached.row.write_token != row.write_token:
        cached = None  # another match under a reused id
    if cached is not None and cached.version == row.version:
        cache.counts["hits"] += 1
        return cached
    if cached is not None and cached.fault is None and cached.hand_rows:
        fresh = _resume(row, cached)
        if fresh is not None:
            cache.counts["partial"] += 1
            _keep(fresh)
            return fresh
    cache.counts["misses"] += 1
    version, hands, facts = _read(row.id, 1)
    hands = counted(row, hands)
    fresh = _replay(row._replace(version=version), hands)
    fresh.corrected, fresh.in_event, fresh.overridden = facts
    _keep(fresh)
    return fresh


def for_write(row: MatchRow) -> Table:
    """A private copy of the match's state for a write to change: the kept state forked
    (its hand in play replayed afresh), or, when this process has not kept the match at
    this version, replayed once (only the hand in play when an earlier version is kept)
    and not kept: the write keeps what it makes (`remember`), and a refused write keeps it
    as it was replayed (`unchanged`)."""
    cache = _cache()
    kept = cache.latest(row.id)
    cached = kept[1] if kept is not None else None
    if cached is not None and cached.row.write_token != row.write_token:
        cached = None  # another match under a reused id
    if cached is not None and cached.version == row.version:
        cache.counts["hits"] += 1
        return fork(cached)
    fresh = None
    if cached is not None and cached.fault is None and cached.hand_rows:
        fresh = _resume(row, cached)
        if fresh is not None:
            cache.counts["partial"] += 1
    if fresh is None:
        cache.counts["misses"] += 1
        version, hands, facts = _read(row.id, 1)
        fresh = _replay(row._replace(version=version), counted(row, hands))
        fresh.corrected, fresh.in_event, fresh.overridden = facts
    fresh.replayed = _shape(fresh)
    return fresh


def _shape(t: Table) -> tuple:
    hand = t.hand
    return (
        (t.version, len(hand.moves), hand.settlement is None) if hand is not None else (t.version,)
    )


def unchanged(t: Table) -> None:
    """Keep a state replayed for a write that was refused before it changed it."""
    if t.replayed is not None and t.replayed == _shape(t):
        t.replayed = None
        remember(t)


def drawn(t: Table, key: tuple, draw) -> str:
    """What `draw()` gives for this match at this version (the SVG picture of a layout),
    kept per process: the phones of a table ask for the same picture after every move.
    Of a state not yet written (`landing`), kept once it is."""
    store = current_app.extensions.get("referee_drawn")
    if store is None:
        store = current_app.extensions.setdefault("referee_drawn", LRU(CACHE_SIZE))
    key = (t.row.id, t.row.write_token, *key)
    if t.landing is None:
        return store.make(key, t.version, draw)
    found = draw()  # (not looked for: the version is not written yet)
    when_written(t, functools.partial(store.put, key, t.version, found))
    return found


def when_written(t: Table, keep) -> None:
    """Call `keep()` now, or, for a state whose write the database has not answered yet
    (`landing`), once it has (`transaction.landed`): nothing is kept of a write that may
    not be."""
    if t.landing is None:
        keep()
    else:
        t.landing.append(keep)


REMEMBERED = "referee_remembered"  # app.extensions: what else is told of a write's state


def remember(table: Table) -> None:
    """Keep the state a write made (`transaction.commit`), and tell whoever asked
    (`on_remember`: an event keeps its game's result for the host)."""
    _keep(table)
    for hook in current_app.extensions.get(REMEMBERED, ()):
        hook(table)


def on_remember(app, hook) -> None:
    """Call `hook(table)` with the state every write of this app makes."""
    app.extensions.setdefault(REMEMBERED, []).append(hook)


def forget(match_id: int) -> None:
    """Drop the state kept of a match (a correction changed an earlier hand)."""
    _cache().pop(match_id)


# -- reading and replaying ----------------------------------------------------------------
HAND_COLUMNS = (Hand.id, Hand.number, Hand.lot, Hand.dealt, Hand.remaining)
MOVE_COLUMNS = (
    MoveRow.seq,
    MoveRow.seat,
    MoveRow.kind,
    MoveRow.tile,
    MoveRow.on,
    MoveRow.count,
    MoveRow.drawn,
)


def _facts() -> tuple:
    """What a replay reads beside the rows: the match's last correction (which may have
    changed any hand), whether it is a game of an event, and whether it was ever unlocked
    (the table screen reads neither the event nor the change log when not)."""
    match = bindparam("match")
    return (
        select(func.max(Change.id))
        .where(Change.match_id == match, Change.kind == "correct")
        .scalar_subquery(),
        exists().where(EventGame.match_id == match),
        exists().where(Change.match_id == match, Change.kind == "override"),
    )


# built once (SQLAlchemy compiles each once; building one costs as much as running it)
READ = (
    select(Match.version, *_facts(), *HAND_COLUMNS, *MOVE_COLUMNS)
    .select_from(Match)
    .join(Hand, Hand.match_id == Match.id)
    .outerjoin(
        MoveRow,
        and_(
            MoveRow.hand_id == Hand.id,
            Hand.number >= bindparam("from_hand"),
            MoveRow.taken_back.is_(None),  # the live moves: none taken back
        ),
    )
    .where(Match.id == bindparam("match"))
    .order_by(Hand.number, MoveRow.seq)
)
READ_NO_HANDS = select(Match.version, *_facts()).where(Match.id == bindparam("match"))


def _read(match_id: int, from_hand: int) -> tuple[int, list[HandRow], tuple]:
    """(version, hand rows, facts): every hand's row, with the moves of hands `from_hand`
    on, and the facts (`_facts`: the last correction, in an event, unlocked); in one
    statement, so that all are of one moment."""
    version, known, hands = None, None, []
    for r in read(READ, {"match": match_id, "from_hand": from_hand}):
        version, known = r[0], (r[1], bool(r[2]), bool(r[3]))
        if not hands or hands[-1].id != r[4]:
            hands.append(HandRow(r[4], r[5], r[6], r[7], r[8], []))
        if r[9] is not None:
            hands[-1].moves.append(MoveRec(*r[9:]))
    if version is None:  # a match without hands
        r = read(READ_NO_HANDS, {"match": match_id}).one()
        version, known = r[0], (r[1], bool(r[2]), bool(r[3]))
    return version, hands, known


def counted(row: MatchRow, hands: list[HandRow]) -> list[HandRow]:
    """The hands the match plays: once time is called (events), a hand after those time
    counts in which nothing was recorded is none of the match's (it was dealt before time
    was called; the match ends on the hands counted)."""
    n = row.time_hands
    if n is None:
        return hands
    return [h for h in hands if h.number <= n or h.moves or h.remaining or h.lot is not None]


def _resume(row: MatchRow, cached: Table) -> Table | None:
    """The match replayed from its current hand on, on top of the cached earlier hands;
    None when an earlier hand has changed (then everything is replayed): its row, or any
    hand's moves by a correction."""
    k = len(cached.hand_rows)
    version, hands, facts = _read(row.id, k)
    hands = counted(row, hands)
    if (
        facts[0] != cached.corrected
        or len(hands) < k
        or any(
            a.key != b.key for a, b in zip(hands[: k - 1], cached.hand_rows[: k - 1], strict=True)
        )
    ):
        return None
    for a, b in zip(hands[: k - 1], cached.hand_rows[: k - 1], strict=True):
        a.moves = b.moves
    fresh = _replay(row._replace(version=version), hands, cached)
    fresh.corrected, fresh.in_event, fresh.overridden = facts
    return fresh


def _replay(row: MatchRow, hands: list[HandRow], base: Table | None = None) -> Table:
    """Replay the rows; with `base`, only from `base`'s current hand on (its earlier hands,
    the same as in `hands`, are taken as they are)."""
    start, skip = None, 0
    if base is not None and base.hand_rows:
        skip = len(base.hand_rows) - 1
        start = copy.copy(base.match)
        start.hands = base.match.hands[:skip]
    rec = to_record(row, hands, skip=skip)
    match, fault = record.replay_at_table(rec, resume=start)
    t = Table(row, hands, match, fault)
    hand, last = t.hand, t.hand_row
    if hand is not None and last is not None and last.lot is not None and not hand.moves:
        hand.lead_by(last.lot)
    return t


def fork(t: Table) -> Table:
    """A private copy to write through: the current hand copied (`Hand.copy`; no database,
    no replay), the earlier hands shared (they are not changed)."""
    if not t.hand_rows or t.fault is not None or t.hand is None:
        mine = _replay(t.row, list(t.hand_rows))
        mine.corrected, mine.in_event, mine.overridden = t.corrected, t.in_event, t.overridden
        return mine
    last = copy.copy(t.hand_rows[-1])
    last.moves = list(last.moves)
    mine = _with_current(t, t.hand.copy(), last)
    mine.undo_to, mine.forked = t.undo_to, (t.hand, t.hand_rows[-1])
    return mine


def moved(t: Table) -> None:
    """`t` is kept as the match's new state (`transaction`): if it is a fork a move was
    made on, what it was copied from is the hand as it stood before that move (`undone`);
    else that is not known."""
    t.undo_to, t.forked = t.forked, None


def undone(t: Table) -> Table | None:
    """The state once the current hand's last move is taken back, when this process made
    that move: the hand as it stood before it (`undo_to`: kept, never changed), with no
    read and no replay. None when it is not known here (made by another process, after a
    restart, a second Undo in a row): the Undo's answer then reads and replays."""
    if t.undo_to is None or t.hand_row is None:
        return None
    hand, row = t.undo_to
    last = t.hand_row
    if row.key != last.key or row.moves != last.moves[:-1]:
        return None
    return _with_current(t, hand, row)


def _with_current(t: Table, hand: EngineHand, row: HandRow) -> Table:
    """`t` with `hand` and `row` as its current hand, the earlier hands and what the
    replay read beside the rows (`_facts`) shared."""
    match = copy.copy(t.match)
    match.hands = [*t.match.hands[:-1], hand]
    mine = Table(t.row, [*t.hand_rows[:-1], row], match, t.fault)
    mine.corrected, mine.in_event, mine.overridden = t.corrected, t.in_event, t.overridden
    return mine


def to_record(
    row: MatchRow, hands: list[HandRow], extra: Move | None = None, left=None, skip: int = 0
):
    """The rows as an engine Record; `extra` (a move) and `left` (tiles left in hands) are
    added to the last hand, to ask the engine about them the way a record would be checked.
    The first `skip` hands are left empty (a replay that resumes after them)."""
    out = [record.HandRecord(None, [], None)] * skip
    for i, h in enumerate(hands[skip:], skip):
        moves = [engine_move(m) for m in h.moves]
        remaining = _by_seat(h.remaining)
        if i == len(hands) - 1:
            if extra is not None:
                moves.append(extra)
            if left is not None:
                remaining = left
        out.append(record.HandRecord(_by_seat(h.dealt), moves, remaining))
    return record.Record(row.variant, list(row.players), dict(row.options), out)


def _by_seat(lists) -> dict[int, list[Tile]] | None:
    if lists is None:
        return None
    return {s: [parse_tile(t) for t in ts] for s, ts in enumerate(lists) if ts is not None}


def engine_move(m: MoveRec) -> Move:
    if m.kind == "play":
        train = m.count - 1 if m.count else None  # a hub of trains: the train it went on
        return Move.play(m.seat, parse_tile(m.tile), parse_tile(m.on) if m.on else None, train)
    if m.kind == "draw":
        if m.drawn:
            return Move.draw(m.seat, tuple(parse_tile(t) for t in m.drawn))
        return Move.draw(m.seat, m.count)
    return Move.pass_(m.seat)
