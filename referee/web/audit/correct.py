"""Correcting a past move, in the open: change move k (tile, place or player), insert a
missed pass or draw before it, or remove it. The engine replays everything after it; the
preview says which later moves stay legal and which would not (with the rule); a
correction that breaks a later move is refused unless those are corrected in the same step.
Saved as one change with old → new: the replaced rows are marked taken back, never deleted.

The moves from k on are written one a line, the way players say them: "Ana 5-5",
"Ben 5-0 on 5-5", "Cleo draw 2" (or "Cleo draw 6-1 3-2", the tiles named), "Dan pass"; on
a hub of trains a lay names its train as the record does, by its owner or the public
train's word: "Ben 12-6 on Ann", "Cleo 12-3 on mexican".
The words of every language of the app are read too ("Ben 5-0 na 5-5", "Cleo roba 2", "Dan
pas": `referee.languages`); the lines the app writes (the log, old → new) always use the
English ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import delete, update

from referee.engine import (
    IllegalMove,
    Move,
    NotationError,
    RecordError,
    get_variant,
    parse_tile,
    record,
)
from referee.languages import MOVE_WORDS

from ..errors import Refused
from ..i18n import say
from ..models import Hand as HandRow
from ..models import Match
from ..models import Move as MoveRow
from ..store import db
from ..table import state, transaction
from ..table.presenters import describe
from ..table.service import move_data, read_left, train_count
from .log import log_change, phone

# -- moves as lines ------------------------------------------------------------------------
# The words a line may use for "on", "draw" and "pass", in every language of the app (the
# registry's `Language.moves`; the hint shows the page's own). No word stands for two.


def _word(word: str) -> str | None:
    """The move word ("on", "draw", "pass") a word of a line stands for, if any."""
    word = word.casefold()
    return next((kind for kind, words in MOVE_WORDS.items() if word in words), None)


def trains_of(row: Match) -> list[str]:
    """The names a line gives a hub's trains, by number: each player's, then the public
    train's word (the record's); none when the match's variant lays no trains."""
    variant = get_variant(row.variant)
    return [*row.players, variant.public_train] if variant.trains else []


def line_of(m, players, trains=()) -> str:
    """A move row (or engine Move) as a line: "Ben 5-0 on 5-5"; a lay on a hub of trains
    (`trains`: their names) names its train: "Ben 12-6 on Ann"."""
    seat = m.player if isinstance(m, Move) else m.seat
    name, kind, tile, on, count, drawn = players[seat], m.kind, m.tile, m.on, m.count, m.drawn
    if kind == "play":
        if trains and count:  # a row's (or Move's) count on a hub: 1 + the train
            return f"{name} {tile} on {trains[count - 1]}"
        return f"{name} {tile}" + (f" on {on}" if on else "")
    if kind == "draw":
        return f"{name} draw " + (" ".join(str(t) for t in drawn) if drawn else str(count))
    return f"{name} pass"


def _train_named(trains, words: list[str]) -> int | None:
    """The number of the train `words` name (its owner, or the public train's word)."""
    said = " ".join(words).casefold()
    return next((k for k, t in enumerate(trains) if t.casefold() == said), None)


def parse_line(players, text: str, number: int, trains=()) -> Move:
    """A line as an engine Move; Refused(400) naming the line when it cannot be read."""
    words = text.split()
    seat = None
    for i, name in sorted(enumerate(players), key=lambda p: -len(p[1])):
        n = len(name.split())
        if [w.casefold() for w in words[:n]] == [w.casefold() for w in name.split()]:
            seat, rest = i, words[n:]
            break
    if seat is None:
        raise Refused(
            400,
            _("Move %(n)d: say who moves first (%(names)s).", n=number, names=", ".join(players)),
            move=number,
        )
    said = [_word(w) for w in rest]
    try:
        if said == ["pass"]:
            return Move.pass_(seat)
        if rest and said[0] == "draw":
            if len(rest) == 1:
                return Move.draw(seat, 1)
            if len(rest) == 2 and rest[1].isdigit():
                return Move.draw(seat, int(rest[1]))
            return Move.draw(seat, tuple(parse_tile(w) for w in rest[1:]))
        if len(rest) == 1:
            return Move.play(seat, parse_tile(rest[0]))
        if len(rest) >= 3 and said[1] == "on":
            train = _train_named(trains, rest[2:])
            if train is not None:
                return Move.play(seat, parse_tile(rest[0]), train=train)
            if len(rest) == 3:
                return Move.play(seat, parse_tile(rest[0]), parse_tile(rest[2]))
    except NotationError as e:
        raise Refused(
            400, _("Move %(n)d: %(why)s", n=number, why=say(e.args[0])), move=number
        ) from None
    raise Refused(
        400,
        _(
            'Move %(n)d: "%(text)s" is not a move (e.g. "Ana 5-5", "Ben 5-0 on 5-5", '
            '"Cleo draw 2", "Dan pass").',
            n=number,
            text=text,
        ),
        move=number,
    )


def read_lines(row: Match, text: str, k: int) -> list[Move]:
    """The lines of a correction of match `row`, from move k, as engine Moves."""
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    trains = trains_of(row)
    return [parse_line(row.players, ln, k + i, trains) for i, ln in enumerate(lines)]


# -- the preview ---------------------------------------------------------------------------
@dataclass
class Proposal:
    """Hand `number` with its moves from `k` replaced by `new` (and, when it was settled,
    its tiles left by `left`), as the engine judges it."""

    number: int
    k: int
    total: int  # live moves in the hand now
    old: list[str]
    new: list[Move] = field(default_factory=list)
    verdicts: list[dict] = field(default_factory=list)  # one per new move, in order
    refusal: dict | None = None  # a later hand, or a hand no longer over, the change breaks
    # the tiles left, when the hand was settled from them (None: not settled, or it
    # settles itself from a full record)
    left: list[str] | None = None  # per seat, as judged ("6-4 3-1")
    auto: list[str] | None = None  # per seat, what the app filled in (the recorded tiles
    #                                left that can be kept)
    recorded: list[list[str]] | None = None  # per seat, the tiles left as recorded
    sizes: list[int] | None = None  # per seat, the tiles held at the end after the change
    dropped: list[dict] = field(default_factory=list)  # recorded tiles left now on the table
    freed: list[str] = field(default_factory=list)  # on the table before, not after
    settlement: dict | None = None  # the engine's refusal of the tiles left
    remaining: list[list[str]] | None = None  # per seat, the tiles left to save
    match: object = None  # the whole match replayed with the change (the engine's Match)
    drop_next: bool = False  # the match is decided now: its next hand, not begun, goes
    add_next: bool = False  # the match is no longer decided: a next hand is begun

    @property
    def ok(self) -> bool:
        return (
            self.refusal is None and self.settlement is None and all(v["ok"] for v in self.verdicts)
        )

    @property
    def broken(self) -> list[dict]:
        return [v for v in self.verdicts if not v["ok"]]

    @property
    def lines(self) -> list[str]:
        return [v["line"] for v in self.verdicts]

    @property
    def left_changed(self) -> bool:
        return self.remaining is not None and self.remaining != self.recorded


def _left_lists(prop: Proposal, hand, target, texts: dict[int, str] | None) -> dict | None:
    """The tiles left to settle the corrected hand with, per seat (engine tiles), filling
    in `prop.left`, `auto`, `dropped` and `freed`; the form's text for a seat is taken as
    typed unless it is what the app filled in before (`auto-N`: then it is filled in
    again, for the moves as they now are). None: the hand settles itself (full record)."""
    recorded = target.remaining
    if recorded is None:
        return None
    players = list(hand.players)
    on_table = hand.layout.by_tile
    prop.recorded = [list(ts or []) for ts in recorded]
    prop.sizes = list(hand.sizes)
    prop.auto, prop.left = [], []
    for seat, tiles in enumerate(prop.recorded):
        kept = []
        for text in tiles:
            if parse_tile(text) in on_table:
                prop.dropped.append({"player": players[seat], "tile": text})
            else:
                kept.append(text)
        prop.auto.append(" ".join(kept))
    was_laid = set()
    for m in target.moves:
        if m.kind == "play":
            was_laid.add(parse_tile(m.tile))
    prop.freed = [str(t) for t in sorted(was_laid - set(on_table), reverse=True)]
    texts = texts or {}
    auto_sent = texts.get("auto", {})
    for seat in range(len(players)):
        typed = texts.get(seat)
        if typed is None or " ".join(typed.split()) == " ".join(auto_sent.get(seat, "").split()):
            typed = prop.auto[seat]  # not typed by the user: filled in for these moves
        prop.left.append(" ".join(typed.replace(",", " ").split()))
    try:
        return read_left(hand, {s: [t] for s, t in enumerate(prop.left)})
    except Refused as e:
        prop.settlement = {"message": e.message, "rule": None, "field": e.field}
        return None


def propose(
    row: Match, rows, number: int, k: int, new: list[Move], reseat: bool, left: dict | None = None
) -> Proposal:
    """Replay hand `number` with its moves from `k` on replaced by `new` (with `reseat`,
    every move after the first of them is credited to the player whose turn it then is),
    settle it again from the tiles left (`left`: the form's per seat, see `_left_lists`),
    and judge every move, the settlement and the later hands."""
    target = rows[number - 1]
    live = list(target.moves)
    players, trains = list(row.players), trains_of(row)
    prop = Proposal(number, k, len(live), [line_of(m, players, trains) for m in live[k - 1 :]])
    prefix = state.to_record(row, rows[: number - 1])
    match, fault = record.replay(prefix, stop_at_false_pass=False)
    if fault is not None or len(match.hands) != number - 1:
        prop.refusal = {
            "message": _("An earlier hand is refused: correct it first."),
            "rule": fault.rule if fault else None,
        }
        return prop
    try:
        hand = match.new_hand(state._by_seat(target.dealt))
    except (IllegalMove, RecordError) as e:
        prop.refusal = {"message": str(getattr(e, "message", e)), "rule": getattr(e, "rule", None)}
        return prop
    if target.lot is not None and hand.opening.lot:
        hand.lead_by(target.lot)
    before = [state.engine_move(m) for m in live[: k - 1]]
    for m in before:
        hand.apply(m)
    broken = False
    for i, move in enumerate(new):
        n = k + i
        if reseat and i > 0 and hand.turn is not None:
            move = move._replace(player=hand.turn)
        verdict = {
            "n": n,
            "line": line_of(move, players, trains),
            "ok": False,
            "rule": None,
            "message": None,
            "text": None,
        }
        if broken:
            verdict["message"] = _("not judged: an earlier move is refused")
        else:
            try:
                hand.apply(move)
            except IllegalMove as e:
                verdict.update(rule=e.rule, message=e.message)
                broken = True
            except RecordError as e:
                verdict.update(message=e.message)
                broken = True
            else:
                made = hand.moves[-1]
                if made.kind == "play":  # where it went, also when the line did not say
                    made = made._replace(on=hand.laid_on(made.tile))
                    if trains:
                        made = made._replace(count=train_count(hand, made) or 0)
                verdict.update(ok=True, text=describe(hand, made, n))
                prop.new.append(made)
        prop.verdicts.append(verdict)
    settled = target.remaining is not None or number < len(rows)
    if broken:
        if target.remaining is not None:  # the fields, as sent or as recorded
            _left_lists(prop, hand, target, left)
        return prop
    remaining = None
    if settled:
        if not hand.ended:
            prop.refusal = {
                "message": _(
                    "After this change the hand is no longer over, but "
                    "it was settled: correct the moves that end it too."
                ),
                "rule": None,
            }
            return prop
        tiles = _left_lists(prop, hand, target, left)
        if prop.settlement is not None:
            return prop
        try:
            hand.settle(tiles)
        except IllegalMove as e:
            prop.settlement = {"message": e.message, "rule": e.rule}
            return prop
        except RecordError as e:
            prop.settlement = {"message": e.message, "rule": None}
            return prop
        if tiles is not None:
            remaining = {s: list(ts) for s, ts in enumerate(hand.left)}
            prop.remaining = [[str(t) for t in ts] for ts in hand.left]
    # the whole match, replayed with the corrected hand (the later hands after it)
    rec = state.to_record(row, rows)
    h = rec.hands[number - 1]
    rec.hands[number - 1] = record.HandRecord(
        h.dealt, [*before, *prop.new], remaining if remaining is not None else h.remaining
    )
    last = rows[-1]
    empty_next = (
        len(rows) > number and not last.moves and last.lot is None and last.remaining is None
    )
    if empty_next and len(rows) == number + 1:
        done = record.replay(rec._replace(hands=rec.hands[:-1]), stop_at_false_pass=False)
        if done[1] is None and done[0].result()[0]:  # decided now: no next hand to begin
            rec = rec._replace(hands=rec.hands[:-1])
            prop.drop_next = True
    try:
        prop.match, fault = record.replay(rec, stop_at_false_pass=False)
    except RecordError as e:
        prop.refusal = {"message": e.message, "rule": None}
        return prop
    if fault is not None:
        prop.refusal = {
            "message": _(
                "Hand %(h)d, move %(m)s would be refused: %(why)s",
                h=fault.hand,
                m=fault.move or "-",
                why=fault.message,
            ),
            "rule": fault.rule,
        }
        return prop
    if number == len(rows) and hand.settlement is not None and not prop.match.result()[0]:
        prop.add_next = True  # no longer decided: the next hand is begun, as at a settlement
    return prop


def form_left(values, players) -> dict:
    """The tiles-left fields of a correction form (`left-N`, and `auto-N`: what the app
    filled in), by seat; empty when the form has none."""
    out: dict = {}
    auto: dict = {}
    for seat in range(len(players)):
        if f"left-{seat}" in values:
            out[seat] = values.get(f"left-{seat}", "")
        if f"auto-{seat}" in values:
            auto[seat] = values.get(f"auto-{seat}", "")
    if auto:
        out["auto"] = auto
    return out or None


def preview(
    row: Match, number: int, k: int, text: str, reseat: bool, left: dict | None = None
) -> Proposal:
    from .service import hand_rows

    rows = hand_rows(row)
    _check_place(rows, number, k)
    return propose(row, rows, number, k, read_lines(row, text, k), reseat, left)


def _check_place(rows, number: int, k: int) -> None:
    if not 1 <= number <= len(rows):
        raise Refused(404, _("There is no hand %(n)d in this match.", n=number))
    if not 1 <= k <= len(rows[number - 1].moves) + 1:
        raise Refused(404, _("There is no move %(k)d in hand %(n)d.", k=k, n=number))


def suggestion(row: Match, number: int, k: int, do: str) -> tuple[str, bool]:
    """The lines a quick correction starts from (the moves from k on), and whether the
    moves after it are re-seated: `pass`/`draw` insert one by the player whose turn it was
    before move k, `remove` drops move k, anything else leaves them as they are."""
    from .service import hand_rows, position

    rows = hand_rows(row)
    _check_place(rows, number, k)
    players, trains = list(row.players), trains_of(row)
    lines = [line_of(m, players, trains) for m in rows[number - 1].moves[k - 1 :]]
    if do in ("pass", "draw"):
        pos = position(row, number, k - 1, rows)
        seat = pos.hand.turn if pos and pos.hand.turn is not None else 0
        return "\n".join([f"{players[seat]} {do}", *lines]), True
    if do == "remove":
        return "\n".join(lines[1:]), False
    return "\n".join(lines), False


@transaction.writes
def save(
    token: str, number: int, k: int, text: str, reseat: bool, total: int, left: dict | None = None
) -> str:
    """Save a correction as one change (old → new) after the engine accepts it all: the
    moves from k on, and the tiles left of the hand when they change too."""
    table = transaction.begin(token)
    from .service import hand_rows

    row = table.row
    rows = hand_rows(row)
    _check_place(rows, number, k)
    target = rows[number - 1]
    if len(target.moves) != total:
        raise Refused(
            409,
            ngettext(
                "The hand has changed since this correction was prepared: "
                "it now has %(num)d move. Check it again.",
                "The hand has changed since this correction was prepared: "
                "it now has %(num)d moves. Check it again.",
                len(target.moves),
            ),
        )
    prop = propose(row, rows, number, k, read_lines(row, text, k), reseat, left)
    if not prop.ok:
        bad = prop.broken[0] if prop.broken else prop.refusal or prop.settlement
        raise Refused(
            422,
            _("Not saved: %(why)s", why=bad["message"]),
            bad.get("rule"),
            hand=number,
            move=bad.get("n"),
        )
    old_rows = list(target.moves[k - 1 :])
    same_moves = [line_of(m, row.players, trains_of(row)) for m in old_rows] == prop.lines
    if same_moves and not prop.left_changed:
        raise Refused(409, _("Nothing to correct: the moves are as recorded."))
    transaction.lock(table)  # the write's first statement: the match's version
    old = [move_data(m) for m in old_rows]
    new = [{"seq": v["n"], "line": v["line"]} for v in prop.verdicts]
    if prop.left_changed:  # the tiles left change with the moves: kept in the same change
        old = {"moves": old, "remaining": prop.recorded}
        new = {"moves": new, "remaining": prop.remaining}
    if prop.drop_next or prop.add_next:  # the next hand goes, or begins: said in the change
        old = old if isinstance(old, dict) else {"moves": old}
        new = new if isinstance(new, dict) else {"moves": new}
        (old if prop.drop_next else new)["next_hand"] = number + 1
    change = log_change(row.id, "correct", hand=number, move=k, old=old, new=new)
    if not same_moves:
        _replace_moves(row, target, k, old_rows, prop, change)
    if prop.left_changed:
        db.session.execute(
            update(HandRow).where(HandRow.id == target.id).values(remaining=prop.remaining),
            execution_options={"synchronize_session": False},
        )
    if prop.drop_next:  # decided now: the next hand, not begun (nothing recorded in it)
        db.session.execute(
            delete(HandRow).where(HandRow.id == rows[-1].id),
            execution_options={"synchronize_session": False},
        )
    if prop.add_next:
        db.session.add(HandRow(match_id=row.id, number=number + 1))
    transaction.commit(table, number, total)
    db.session.expire_all()
    state.forget(row.id)  # an earlier hand or its settlement changed
    if same_moves:
        return _(
            "Hand %(h)d corrected: the tiles left, %(old)s → %(new)s.",
            h=number,
            old=_left_text(row.players, prop.recorded),
            new=_left_text(row.players, prop.remaining),
        )
    said = _(
        "Hand %(h)d corrected from move %(k)d: %(old)s → %(new)s.",
        h=number,
        k=k,
        old="; ".join(prop.old) or "—",
        new="; ".join(prop.lines) or "—",
    )
    if prop.left_changed:
        said += " " + _(
            "The tiles left: %(old)s → %(new)s.",
            old=_left_text(row.players, prop.recorded),
            new=_left_text(row.players, prop.remaining),
        )
    return said


def _left_text(players, lists) -> str:
    return "; ".join(f"{p}: {' '.join(ts) or '—'}" for p, ts in zip(players, lists, strict=True))


def _replace_moves(row, target, k: int, old_rows, prop: Proposal, change) -> None:
    """Mark the moves from k on taken back by `change` and add the corrected ones (a move
    the correction leaves as it was keeps when and from which phone it was recorded)."""
    if old_rows:
        db.session.execute(
            update(MoveRow)
            .where(MoveRow.id.in_([m.id for m in old_rows]))
            .values(taken_back=change.id),
            execution_options={"synchronize_session": False},
        )
    by, trains = phone(), trains_of(row)
    for i, move in enumerate(prop.new):
        same = old_rows[i] if i < len(old_rows) else None
        kept = same is not None and line_of(same, row.players, trains) == prop.lines[i]
        fresh = MoveRow(
            hand_id=target.id,
            seq=k + i,
            seat=move.player,
            kind=move.kind,
            tile=str(move.tile) if move.tile else None,
            on=str(move.on) if move.on else None,
            count=move.count if move.kind == "draw" else (move.count or None),
            drawn=[str(t) for t in move.drawn] if move.drawn else None,
            phone=same.phone if kept else by,
        )
        if kept:
            fresh.created = same.created
        db.session.add(fresh)
