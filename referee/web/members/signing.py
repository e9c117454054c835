"""Signatures per side: a side signs a decided match's result with the credential of one
of its own members: their PIN typed on the table's phone (`with_pin`), or their personal
link on their own phone (`with_link`). The table's players' link alone signs for no side
that has members (`audit.service.confirm` refuses it). PIN tries are recorded in the
database before they are checked, and limited (`cards`: per member and client address,
per member, per match and client)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from .. import db
from ..audit import service as audit
from ..errors import Refused
from ..models import Match
from ..table import service as table_service
from . import cards
from .models import Member
from .service import side_members


def _wait(minutes: int) -> str:
    return ngettext(
        "Too many wrong PINs: wait %(num)d minute and try again, or sign from the member's "
        "personal link.",
        "Too many wrong PINs: wait %(num)d minutes and try again, or sign from the member's "
        "personal link.",
        minutes,
    )


def check_pin(m: Member, pin: str, client: str, match_id: int | None = None, sheet=None) -> None:
    """Refused unless `pin` is the member's PIN. The try is recorded before it is checked
    (`cards.take_try`): past a limit nothing is checked (429); a wrong one counts (403,
    with the tries left). `client`: the phone's address; `match_id` the match signed, or
    `sheet` a league fixture's sheet. The one PIN check: the table's signatures and the
    leagues' use it."""
    addr = cards.address(client)
    place = addr if sheet is None else f"fixture{sheet}:{addr}"[:64]
    if m.pin_hash is None:
        raise Refused(
            409,
            _("%(name)s has no card yet: the club's secretary makes one.", name=m.name),
            field="pin",
        )
    tried = cards.take_try(m.id, match_id, place, addr)
    if tried is None:
        raise Refused(429, _wait(int(cards.WINDOW.total_seconds() // 60)), field="pin")
    if cards.pin_matches(cards.normal_pin(pin), m.pin_hash):
        cards.right(tried)
        return
    left = cards.tries_left(m.id, match_id, place, addr)
    if left <= 0:
        raise Refused(429, _wait(int(cards.WINDOW.total_seconds() // 60)), field="pin")
    raise Refused(
        403,
        ngettext(
            "Wrong PIN for %(name)s: %(num)d more try.",
            "Wrong PIN for %(name)s: %(num)d more tries.",
            left,
            name=m.name,
        ),
        field="pin",
    )


def with_pin(token: str, side, member_id, pin: str, score: str, client: str) -> str:
    """Sign for `side` at the table (the players' link `token`) with a member's PIN. The
    member must sit on that side; a wrong PIN is counted (Refused 403, with the tries
    left), and past either limit nothing is checked (Refused 429)."""
    table = table_service.table(token, write=True)
    if table is None:
        raise Refused(404, _("There is no table at this link."))
    try:
        side = int(side)
        table.match.sides[side]
    except (TypeError, ValueError, IndexError):
        raise Refused(400, _("Say which side confirms.")) from None
    members = side_members(table.row.id, table.match.sides)[side]
    m = next((x for x in members if str(x.id) == str(member_id)), None)
    if m is None:
        if len(members) == 1 and member_id in (None, ""):
            m = members[0]
        else:
            raise Refused(400, _("Choose the member who signs for this side."), field="member")
    check_pin(m, pin, client, match_id=table.row.id)
    return audit.sign(token, side, score, m, "pin")


def with_link(m: Member, match_id, score: str) -> str:
    """Sign a match for the member's side from their personal link (their own phone)."""
    try:
        row = db.session.get(Match, int(match_id))
    except (TypeError, ValueError):
        row = None
    if row is None:
        raise Refused(404, _("There is no such match."))
    table = table_service.table(row.write_token, write=True)
    for i, members in enumerate(side_members(row.id, table.match.sides)):
        if any(x.id == m.id for x in members):
            return audit.sign(row.write_token, i, score, m, "link")
    raise Refused(403, _("%(name)s does not play in this match.", name=m.name))
