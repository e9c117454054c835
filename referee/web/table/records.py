"""Game records (`domino-record/1`, shared/spec/record-format.md): a match exported as its
record, an uploaded record read and judged by the engine (the `check` verdict), or stored
as a new match to carry on playing. The record download and the /import page show them."""

from __future__ import annotations

import json

from referee.engine import RecordError, check, record

from ..errors import Refused
from ..models import Hand, Match
from ..models import Move as MoveRow
from ..store import db
from .state import Table
from .transaction import writes


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


def text(table: Table) -> str:
    """The match's record as the file a download holds (JSON, one space indents)."""
    return json.dumps(export(table), indent=1, ensure_ascii=False) + "\n"


def file_name(table: Table) -> str:
    """The record's file name: the variant and the players ("<variant id>-Ana-Ben.json")."""
    return f"{table.variant.name}-{'-'.join(table.players)}.json"
