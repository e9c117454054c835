"""The table's service: the match at a link, read and replayed (`state`), and the writes
the table screen makes: a play, a draw, a pass, the lot, the tiles left (a settlement),
an undo. Each write is one transaction under the match's lock (`transaction`): it asks
the engine first, and writes only what the engine accepted.

A match in the database is its settings and the list of its moves; its state (layout,
turn, scores, settlements) is what replaying them through the engine gives. The database
rows are turned into an engine `Record` and replayed with `record.replay`, the same path
that import, export and the `check` command take.

Over 400 lines: every write the table screen makes is here (a play, a draw, a pass, the
blocked hand's passes, the lot, the tiles left, an undo), each a few lines around the one
transaction they share; split, they would share it across modules.
"""

from __future__ import annotations

import random

from sqlalchemy import bindparam, delete, insert, null, select, update

from referee.engine import (
    IllegalMove,
    Move,
    NotationError,
    RecordError,
    RefereeError,
    draw_lot,
    parse_tile,
)
from referee.engine.hand import Hand as EngineHand
from referee.engine.tiles import Tile

from ..audit.log import log_change, phone
from ..errors import Refused
from ..i18n import gettext as _
from ..i18n import say
from ..models import ClientMove, Hand, Match, is_token, now
from ..models import Move as MoveRow
from ..store import db, read
from . import state
from .presenters import describe, false_passes, move_notes, outcome, undo_refusal, undo_target
from .state import Table
from .transaction import ADD_MOVE, add_move, begin, commit, lock, stale, writes


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
    found = read(VERSION[write], {"token": token}).scalar()
    return None if found is None else str(found)


# -- writing ------------------------------------------------------------------------------
def _refuse_illegal(e: IllegalMove, status: int = 422) -> Refused:
    return Refused(status, e.message, e.rule, move=e.move)


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
    train: str | None = None,
) -> str:
    """Lay a tile (on `on_text`, or the lead; on a hub of trains, on the train numbered
    `train`). Returns what happened, in words."""
    table = begin(token)
    _still_open(table)
    stale(table, hand_no, after)
    hand = table.hand
    try:
        t = parse_tile(tile_text)
        on = parse_tile(on_text) if on_text else None
    except NotationError as e:
        raise Refused(400, e.args[0], field="tile") from None
    who = hand.turn if seat in (None, "") and hand.turn is not None else _seat(table, seat)
    return _record(table, Move.play(who, t, on, _train(table, train)), client_id)


def _train(table: Table, text: str | None) -> int | None:
    """The train a play names (a hub of trains), or None; Refused(400) for no such train."""
    if text in (None, ""):
        return None
    try:
        k = int(text)  # type: ignore[arg-type]
    except ValueError:
        k = -1
    if not table.match.variant.trains or not 0 <= k <= len(table.hand.players):
        raise Refused(400, _("There is no such train at this table."), field="train")
    return k


@writes
def draw(token: str, hand_no: int, after: int, seat, count, client_id: str | None = None) -> str:
    table = begin(token)
    _still_open(table)
    stale(table, hand_no, after)
    try:
        n = int(count) if count not in (None, "") else 1
    except (TypeError, ValueError):
        raise Refused(400, _("The number of tiles drawn must be a whole number.")) from None
    if n < 1:
        raise Refused(400, _("A draw takes at least one tile."))
    return _record(table, Move.draw(_seat(table, seat), n), client_id)


@writes
def pass_(token: str, hand_no: int, after: int, seat, client_id: str | None = None) -> str:
    table = begin(token)
    _still_open(table)
    stale(table, hand_no, after)
    return _record(table, Move.pass_(_seat(table, seat)), client_id)


@writes
def passes(token: str, hand_no: int, after: int) -> str:
    """A provably blocked layout's passes in one tap (C-BLOCK): each player in turn passes,
    as the engine says, until the hand ends; refused when a tile off the table still fits."""
    table = begin(token)
    _still_open(table)
    stale(table, hand_no, after)
    hand = table.hand
    if not hand.stuck:
        raise Refused(
            409, _("The layout is not blocked: a tile off the table still fits an open end."),
            "C-BLOCK",
        )  # fmt: skip
    said = ""
    for _turn in table.players:  # one pass each at most: the hand is blocked by then
        if hand.ended or hand.turn is None:
            break
        said = _record(table, Move.pass_(hand.turn))
    return said


def _still_open(table: Table) -> None:
    """Refuse a move once the match is decided (the engine's match rule)."""
    over = outcome(table)
    if over and over.get("time"):
        raise Refused(422, over["text"])
    if over:
        raise Refused(
            422, _("The match is over: %(winner)s won it.", winner=over["winner"]), over["rule"]
        )


def train_count(hand, move: Move) -> int | None:
    """What a play keeps in its `count`: on a hub of trains, 1 + the train it went on
    (named or not: `Move.train`); else nothing."""
    if not hand.variant.trains or move.kind != "play":
        return None
    train = hand.layout.by_tile[move.tile].arm
    return None if train is None else 1 + train


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
        move.count if move.kind == "draw" else train_count(hand, move),
        [str(t) for t in move.drawn] if move.drawn else None,
    )
    values = saved._asdict()
    values["on_tile"] = values.pop("on")  # the column's name (Core keys are column names)
    added = {"hand_id": row.id, "created": now(), "phone": phone(), **values}
    row.moves.append(saved)  # the table's own copy (state.fork): kept as the new state
    if client_id is None:
        add_move(table, added, row.number, number - 1)  # (PostgreSQL: may still be writing)
        return _answer(hand, move._replace(on=on), number, known)
    answer = _answer(hand, move._replace(on=on), number, known)
    lock(table)
    db.session.connection().execute(ADD_MOVE, added)
    # kept with the move: a second send gets this answer again
    db.session.execute(
        insert(ClientMove).values(
            client_id=client_id, match_id=table.row.id, answer={"ok": True, "message": answer}
        )
    )
    commit(table, row.number, number - 1, keep=True)
    return answer


def _answer(hand, move: Move, number: int, known: int) -> str:
    """What a move recorded did, in words: the move, what it scored or cost, the passes it
    proved false (the first `known` were proved before), the end of the hand."""
    said = describe(hand, move, number)
    notes = [n["text"] for n in move_notes(hand, number).get(number, [])]
    notes += false_passes(hand, known)
    if hand.ended == "domino":
        notes.append(_("Domino! Enter the tiles left in each hand"))
    elif hand.ended == "block":
        notes.append(_("The hand is blocked. Enter the tiles left in each hand"))
    return "; ".join([said, *notes]) + "."


@writes
def lot(token: str, hand_no: int, after: int, rng: random.Random, seat=None) -> str:
    """The lot for the lead (FU-LEAD): the seat the table's own lot named (`seat`), or
    drawn by the app for the table (no `seat`). Undo takes it back."""
    table = begin(token)
    stale(table, hand_no, after)
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
    lock(table)
    done = db.session.execute(
        update(Hand).where(Hand.id == row.id, Hand.lot.is_(None)).values(lot=seat),
        execution_options={"synchronize_session": False},
    )
    if done.rowcount != 1:
        db.session.rollback()
        raise Refused(409, _("already recorded: the lot"))
    commit(table)
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
    table = begin(token)
    stale(table, hand_no, after)
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
    proved = false_passes(hand, known)
    lock(table)
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
    commit(table, hand_no, after)
    return " ".join([_("Hand %(hand)s is settled.", hand=row.number), *proved])


@writes
def undo(token: str, hand_no: int, after: int, settled: bool) -> str:
    """Take back the last move, or the last settlement."""
    table = begin(token)
    stale(table, hand_no, after, settled)
    what = undo_target(table)
    row = table.hand_row
    if what is None:
        raise Refused(409, undo_refusal(table))
    lock(table)
    undone = None
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
        undone = state.undone(table)  # the hand before it, if this process made the move
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
    commit(undone or table, keep=undone is not None)  # kept: the answer shows it, no replay
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
