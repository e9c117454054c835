"""The audit concern's services: the table at any position, the moves taken back, the
sign-off of a decided match, the lock override and the audit log export.

Every rule question goes to the engine: a position is what replaying the live moves up to
it gives; what fits there is the engine's `fitting` over its open places.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.orm import selectinload

from referee.engine import RecordError, record
from referee.engine.hand import Hand as EngineHand
from referee.engine.hand import fitting
from referee.engine.names import same
from referee.engine.tiles import Tile, tile_set

from ..errors import Refused
from ..i18n import gettext as _
from ..models import Hand, Match, now
from ..store import db
from ..table import state, transaction
from ..table.presenters import outcome
from ..table.service import move_data
from ..table.state import Table
from . import lock
from .log import changes, confirmations, locked, log_change, phone_id, sign_log
from .models import Change

AUDIT_FORMAT = "domino-audit/1"


def hand_rows(row: Match) -> list[Hand]:
    """The match's hands with their live moves, read fresh."""
    return list(
        db.session.execute(
            select(Hand)
            .where(Hand.match_id == row.id)
            .order_by(Hand.number)
            .options(selectinload(Hand.moves))
            .execution_options(populate_existing=True)
        ).scalars()
    )


# -- a position -----------------------------------------------------------------------------
@dataclass
class Position:
    """Hand `number` of a match as it stood after its first `k` moves."""

    number: int  # the hand
    k: int  # moves made
    total: int  # live moves in the hand
    hands: int  # hands in the match
    hand: EngineHand
    fault: record.Fault | None

    @property
    def last(self):
        return self.hand.moves[-1] if self.k else None


def position(row: Match, number: int, k: int, rows: list[Hand] | None = None) -> Position | None:
    """Replay hand `number` up to its move `k` (the hands before it in full); None when
    there is no such hand or move."""
    rows = hand_rows(row) if rows is None else rows
    if not 1 <= number <= len(rows):
        return None
    target = rows[number - 1]
    total = len(target.moves)
    if not 0 <= k <= total:
        return None
    rec = state.to_record(row, rows[:number])
    last = rec.hands[-1]
    remaining = last.remaining if k == total else None
    rec.hands[-1] = record.HandRecord(last.dealt, last.moves[:k], remaining)
    match, fault = record.replay(rec, stop_at_false_pass=False)
    if len(match.hands) < number:
        return None  # an earlier hand is refused: its fault shows on the table page
    hand = match.hands[number - 1]
    if not hand.moves and target.lot is not None and hand.opening.lot:
        hand.lead_by(target.lot)
    return Position(number, len(hand.moves), total, len(rows), hand, fault)


def position_of(t: Table, number: int, k: int) -> Position | None:
    """The same as `position`, from the match's replayed state (the process's cache): the
    hands before `number` are taken as they are, only hand `number` is replayed to `k`."""
    rows = t.hand_rows
    if t.fault is not None and number >= t.fault.hand:
        return None
    if not 1 <= number <= len(rows):
        return None
    total = len(rows[number - 1].moves)
    if not 0 <= k <= total:
        return None
    start = copy.copy(t.match)
    start.hands = t.match.hands[: number - 1]
    rec = state.to_record(t.row, rows[:number], skip=number - 1)
    last = rec.hands[-1]
    left = last.remaining if k == total else None
    rec.hands[-1] = record.HandRecord(last.dealt, last.moves[:k], left)
    match, fault = record.replay(rec, stop_at_false_pass=False, resume=start)
    if len(match.hands) < number:
        return None
    hand = match.hands[number - 1]
    target = rows[number - 1]
    if not hand.moves and target.lot is not None and hand.opening.lot:
        hand.lead_by(target.lot)
    return Position(number, len(hand.moves), total, len(rows), hand, fault)


def record_position(text: str, number: int, k: int) -> Position | None:
    """Hand `number` of an uploaded record (not stored) after its first `k` moves, with
    the engine's verdict on the whole record as `fault`; None for no such position."""
    try:
        rec = record.loads(text)
        fault = record.replay(rec)[1]
    except RecordError:
        return None
    if not 1 <= number <= len(rec.hands) or not 0 <= k <= len(rec.hands[number - 1].moves):
        return None
    hands = list(rec.hands[:number])
    last = hands[-1]
    total = len(last.moves)
    left = last.remaining if k == total else None
    hands[-1] = record.HandRecord(last.dealt, last.moves[:k], left)
    try:
        match = record.replay(rec._replace(hands=hands), stop_at_false_pass=False)[0]
    except RecordError:
        return None
    if len(match.hands) < number:
        return None
    return Position(
        number, len(match.hands[-1].moves), total, len(rec.hands), match.hands[number - 1], fault
    )


def fits(hand: EngineHand) -> dict:
    """What could legally be laid now: every tile not on the table with the places where
    it fits (the engine's one legality check), and, when the hand of the player to move is
    known, which of them he held."""
    if hand.ended:
        return {"tiles": [], "held": None, "holder": None}
    unplayed = [t for t in tile_set(hand.max_pip) if t not in hand.layout.by_tile]
    places: dict[Tile, list] = {}
    if hand.layout.nodes:
        for t, place in fitting(unplayed, hand.open_places()):
            places.setdefault(t, []).append(place)
    else:
        for t in unplayed:
            if hand.places_for(t):
                places[t] = []
    seat = hand.turn
    held = None
    if seat is not None and hand.known[seat] is not None:
        held = sorted((t for t in places if t in hand.known[seat]), reverse=True)
    tiles = [(t, places[t]) for t in sorted(places, reverse=True)]
    return {"tiles": tiles, "held": held, "holder": seat}


# -- evidence -------------------------------------------------------------------------------
def evidence(hand: EngineHand) -> dict:
    """What the record proves against the players of a hand, as the engine found it: passes
    proven false (C-RENEGE) and a Čtyřka lead proven wrong (CT-LEAD), each at its move."""
    items = [
        {
            "move": f.move,
            "text": hand.false_pass_message(f),
            "rule": hand.false_pass_rule(f),
            "what": _("False pass"),
        }
        for f in hand.false_passes
    ]
    wrong = getattr(hand, "wrong_leads", ())
    if wrong:
        lead = next(i for i, m in enumerate(hand.moves, 1) if m.kind == "play")
        items += [
            {
                "move": lead,
                "text": hand.wrong_lead_message(w),
                "rule": "CT-LEAD",
                "what": _("Wrong lead"),
            }
            for w in wrong
        ]
    by_move: dict[int, list[dict]] = {}
    for item in items:
        by_move.setdefault(item["move"], []).append(item)
    return {"items": items, "by_move": by_move}


# -- the moves taken back ------------------------------------------------------------------
def taken_back(row: Hand, players) -> list[dict]:
    """The moves of a hand that were taken back, in the order recorded, with when they
    were recorded and taken back, from which phones, and why (an undo, a correction)."""
    gone = [m for m in row.every_move if m.taken_back is not None]
    if not gone:
        return []
    by_id = {
        c.id: c
        for c in db.session.execute(
            select(Change).where(Change.id.in_({m.taken_back for m in gone}))
        ).scalars()
    }
    out = []
    for m in gone:
        change = by_id.get(m.taken_back)
        out.append(
            {
                "seq": m.seq,
                "text": move_text(m, players),
                "recorded": m.created,
                "phone": m.phone,
                "when": change.created if change else None,
                "by": change.phone if change else None,
                "why": change.kind if change else None,
            }
        )
    return out


def taken_back_of(match_id: int, number: int, players) -> list[dict]:
    """The moves of hand `number` of a match that were taken back."""
    row = db.session.execute(
        select(Hand)
        .where(Hand.match_id == match_id, Hand.number == number)
        .options(selectinload(Hand.every_move))
    ).scalar_one_or_none()
    return taken_back(row, players) if row is not None else []


def move_text(m, players) -> str:
    """A move row (or its logged copy) in words, without replaying it: "Ben: 5-0 on 5-5"."""
    get = m.get if isinstance(m, dict) else lambda k: getattr(m, k, None)
    name = players[get("seat")]
    kind = get("kind")
    if kind == "play":
        on = get("on")
        return (
            _("%(name)s: %(tile)s on %(on)s", name=name, tile=get("tile"), on=on)
            if on
            else _("%(name)s: %(tile)s", name=name, tile=get("tile"))
        )
    if kind == "draw":
        return _("%(name)s: draw %(count)s", name=name, count=get("count"))
    return _("%(name)s: pass", name=name)


# -- the signed scoresheet -----------------------------------------------------------------
def score_text(table: Table) -> str:
    """The totals as a side confirms them: "61–48"."""
    return "–".join(str(p) for p in table.match.totals())


def locked_because(table: Table) -> str | None:
    """The lock's sentence (and who may unlock it) when the match is locked, else None:
    the pages then offer no undo, no correction and no abandon or delete."""
    if outcome(table) is None:
        return None
    if not locked(sign_log(table.row.id), len(table.match.side_names)):
        return None
    return lock.sentence(table.row.id)


def _phone_of(c) -> str | None:
    """Which phone a confirmation came from: its id (`log.phone_id`), or for one made
    before phones had ids, its name (None: not known)."""
    new = c.new or {}
    return new.get("phone_id") or (f"name:{c.phone}" if c.phone else None)


def signoff(row, table: Table) -> dict:
    """Who has confirmed the result, from which phone, and whether the match is locked.
    A side whose confirmation came from a phone that confirmed for another side too is
    `shared` (confirmed *for* it, not *by* it); `one_phone`: every side on one phone (or
    phones the log cannot tell apart). A side with members seated (`members`) signs with a
    member's credential: `signed` says who and how; `signed_all`: locked by signatures."""
    log = sign_log(row.id)
    names = table.match.side_names
    held = {c.side: c for c in confirmations(log)}
    phones = {side: _phone_of(c) for side, c in held.items()}
    over = outcome(table) is not None
    overrides = [c for c in log if c.kind == "override"]
    is_locked = locked(log, len(names))
    seated = _members_of(row.id, table.match.sides) if over or held else [[] for _ in names]
    signed = {side: (c.new or {}) for side, c in held.items() if (c.new or {}).get("member_id")}
    sides = []
    for i, n in enumerate(names):
        others = [
            names[j]
            for j in held
            if j != i and i in held and i not in signed and phones[j] == phones[i]
        ]
        sides.append(
            {
                "index": i,
                "name": n,
                "confirmed": held.get(i),
                "shared": others,
                "members": seated[i],
                "signed": signed.get(i),
            }
        )
    unsigned = {i: p for i, p in phones.items() if i not in signed}
    one = (
        len(names) > 1
        and len(held) == len(names)
        and not signed
        and len(set(unsigned.values())) == 1
    )
    return {
        "signed_all": is_locked and len(signed) == len(names),
        "members": any(seated),
        "decided": over,
        "score": score_text(table),
        "sides": sides,
        "locked": is_locked,
        "one_phone": one,
        "shared": any(s["shared"] for s in sides),
        "signatures": bool(signed),
        "phone": held[0].phone if one else None,
        "unlock": lock.who_unlocks(row.id) if is_locked else None,
        "overrides": overrides,
    }


def _members_of(match_id: int, sides) -> list[list]:
    """The members seated on each side (the club's roster: `members.service`)."""
    from ..members.service import side_members

    return side_members(match_id, sides)


def _confirmable(table: Table, side, score: str) -> tuple[int, str, list]:
    """(the side, the score now, the sign log) of a confirmation the match takes: decided,
    not locked, a side it has, the result the phone saw, not confirmed for that side yet."""
    if outcome(table) is None:
        raise Refused(409, _("The match is not decided yet: there is no result to confirm."))
    names = table.match.side_names
    log = sign_log(table.row.id)
    if locked(log, len(names)):
        raise Refused(409, lock.sentence(table.row.id))
    try:
        side = int(side)
        names[side]
    except (TypeError, ValueError, IndexError):
        raise Refused(400, _("Say which side confirms.")) from None
    now_score = score_text(table)
    if score != now_score:
        raise Refused(
            409,
            _(
                "The result has changed since this page was shown: it is now %(score)s.",
                score=now_score,
            ),
        )
    if any(c.side == side for c in confirmations(log)):
        raise Refused(409, _("already recorded: %(side)s confirmed the result", side=names[side]))
    return side, now_score, log


@transaction.writes
def confirm(token: str, side, score: str) -> str:
    """One side confirms the result it saw (`score`), from this phone (its id is logged);
    when every side has, the match is locked. A side with members seated signs instead
    (`sign`): the players' link alone confirms for no side of theirs."""
    table = transaction.begin(token, unlocked=False)
    side, now_score, _log = _confirmable(table, side, score)
    names = table.match.side_names
    if _members_of(table.row.id, table.match.sides)[side]:
        raise Refused(
            403,
            _(
                "%(side)s signs with a PIN of one of its members, or a member's personal "
                "link: the table's link alone does not sign for it.",
                side=names[side],
            ),
        )
    transaction.lock(table)
    log_change(
        table.row.id,
        "confirm",
        side=side,
        new={"side": names[side], "score": now_score, "phone_id": phone_id()},
    )
    transaction.commit(table)
    return _("Confirmed %(score)s for %(side)s.", side=names[side], score=now_score)


@transaction.writes
def sign(token: str, side, score: str, member, how: str) -> str:
    """A side signs the result with the credential of one of its members (`member`, whose
    PIN or personal link the caller checked: `how` is "pin" or "link"); logged with who
    signed, how, and from which phone. When every side has, the match is locked."""
    table = transaction.begin(token, unlocked=False)
    side, now_score, _log = _confirmable(table, side, score)
    names = table.match.side_names
    if member.id not in [m.id for m in _members_of(table.row.id, table.match.sides)[side]]:
        raise Refused(
            403, _("%(name)s does not play for %(side)s.", name=member.name, side=names[side])
        )
    transaction.lock(table)
    log_change(
        table.row.id,
        "confirm",
        side=side,
        new={
            "side": names[side],
            "score": now_score,
            "phone_id": phone_id(),
            "member_id": member.id,
            "member": member.name,
            "how": how,
        },
    )
    transaction.commit(table)
    if same(member.name) == same(names[side]):  # a side of one: its name is the member's
        return _("%(name)s signed the result (%(score)s).", name=member.name, score=now_score)
    return _(
        "%(name)s signed the result (%(score)s) for %(side)s.",
        name=member.name,
        score=now_score,
        side=names[side],
    )


def override_lock(match_row: Match, reason: str, by: str) -> Change:
    """Unlock a signed match for an event director (`by`), with a reason, logged as a
    change: every confirmation before it lapses, so the sides confirm again afterwards.
    The director's route belongs to the events concern; this is its service."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise Refused(400, _("Give a reason for unlocking the match."))
    db.session.execute(
        update(Match)
        .where(Match.id == match_row.id)
        .values(updated=now(), version=Match.version + 1),
        execution_options={"synchronize_session": False},
    )
    change = log_change(match_row.id, "override", reason=reason, new={"by": by})
    change.phone = by
    db.session.commit()
    return change


# -- the audit log ---------------------------------------------------------------------------
def _stamp(when) -> str | None:
    return when.isoformat(timespec="seconds") + "Z" if when else None


def audit_log(row: Match) -> dict:
    """Every move ever recorded (taken back or not) and every change, in order: what the
    match's record was built from. Never part of the game record."""
    players = list(row.players)
    hands = list(
        db.session.execute(
            select(Hand)
            .where(Hand.match_id == row.id)
            .order_by(Hand.number)
            .options(selectinload(Hand.every_move))
        ).scalars()
    )
    moves = []
    for h in hands:
        for m in h.every_move:
            data = move_data(m)
            data.pop("created", None)
            moves.append(
                {
                    "hand": h.number,
                    **data,
                    "player": players[m.seat],
                    "recorded": _stamp(m.created),
                    "taken_back": m.taken_back,
                }
            )
    log = [
        {
            "id": c.id,
            "kind": c.kind,
            "hand": c.hand,
            "move": c.move,
            "side": c.side,
            "old": c.old,
            "new": c.new,
            "reason": c.reason,
            "phone": c.phone,
            "when": _stamp(c.created),
        }
        for c in changes(row.id)
    ]
    return {
        "format": AUDIT_FORMAT,
        "variant": row.variant,
        "players": players,
        "created": _stamp(row.created),
        "moves": moves,
        "changes": log,
    }
