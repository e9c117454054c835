"""The outbox's service: a move a phone kept while offline, judged by the table's own
services as if it had arrived live. Its client id is stored with the move (unique), so a
move sent twice (the answer lost on the way back) is recorded once, and the second send
gets the first answer again."""

from __future__ import annotations

import re

from flask_babel import gettext as _
from sqlalchemy import select

from ..errors import Refused
from ..models import ClientMove, Match
from ..store import db
from ..table import service

CLIENT_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
KINDS = ("play", "draw", "pass")


def _first_answer(token: str, client_id: str) -> dict | None:
    row = db.session.execute(
        select(ClientMove.answer, Match.write_token)
        .join(Match, Match.id == ClientMove.match_id)
        .where(ClientMove.client_id == client_id)
    ).one_or_none()
    if row is None:
        return None
    if row.write_token != token:
        return {"ok": False, "status": 409, "message": _("This move id belongs to another table.")}
    return {**row.answer, "duplicate": True}


def _int(data: dict, key: str, default=None):
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 10**6:
        raise Refused(400, _("The move's %(field)s must be a whole number.", field=key))
    return value


def receive(token: str, data) -> tuple[dict, int]:
    """Judge one kept move. Returns (answer, HTTP status)."""
    try:
        if not isinstance(data, dict):
            raise Refused(400, _("The move must be sent as a JSON object."))
        client_id = data.get("client_id")
        if not isinstance(client_id, str) or not CLIENT_ID.fullmatch(client_id):
            raise Refused(400, _("The move has no valid client id."))
        kind = data.get("kind")
        if kind not in KINDS:
            raise Refused(400, _("The move must be a play, a draw or a pass."))
        seen = _first_answer(token, client_id)
        if seen is not None:
            return seen, seen.pop("status", 200)
        hand, after, seat = _int(data, "hand"), _int(data, "after"), _int(data, "seat")
        try:
            if kind == "play":
                tile, on, train = data.get("tile"), data.get("on"), data.get("train")
                if not isinstance(tile, str) or not isinstance(on, str | None):
                    raise Refused(400, _("Say which tile was laid, and on which."))
                if train is not None and (isinstance(train, bool) or not isinstance(train, int)):
                    raise Refused(400, _("There is no such train at this table."))
                message = service.play(
                    token,
                    hand,
                    after,
                    seat,
                    tile,
                    on,
                    client_id=client_id,
                    train=None if train is None else str(train),
                )
            elif kind == "draw":
                count = _int(data, "count", 1)
                message = service.draw(token, hand, after, seat, count, client_id=client_id)
            else:
                message = service.pass_(token, hand, after, seat, client_id=client_id)
        except Refused as e:
            if e.status == 409:  # another send of the same move may have won the race
                seen = _first_answer(token, client_id)
                if seen is not None:
                    return seen, seen.pop("status", 200)
            raise
        return {"ok": True, "message": message, "duplicate": False}, 200
    except Refused as e:
        db.session.rollback()
        row = service.by_token(token, write=True) if e.status != 404 else None
        return {
            "ok": False,
            "message": e.message,
            "rule": e.rule,
            "variant": row.variant if row is not None else None,
        }, e.status
