"""The services behind finding a match again and ending it (no Flask request here, so
other parts, such as an events director, may call them too).

Code attempts are kept in the database (`code_attempts`), so that the limit holds across
the processes of a production server: at most `ATTEMPTS` failed codes per client address
in `WINDOW` (a code that opens a match does not count). An attempt is recorded before the
code is looked up, in one statement with its count (`_take_attempt`): codes sent at once
are counted one after the other.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import delete as sql_delete
from sqlalchemy import func, insert, literal, select, update

from .. import names, once
from ..audit import lock
from ..audit.log import Locked, locked, refuse_if_locked, sign_log
from ..errors import Refused
from ..i18n import say
from ..models import CODE_ALPHABET, CODE_LENGTH, CodeAttempt, Hand, Match, Move, now
from ..store import db
from ..table import service as tables
from ..table import state, transaction
from ..table.presenters import outcome
from ..table.state import Table

ATTEMPTS = 10  # table codes a client may try...
WINDOW = timedelta(minutes=10)  # ...in this long
REASON_MAX = 200


def _clean_reason(reason: str | None) -> str:
    return names.reason(reason, most=REASON_MAX, empty=_("Say why the match is abandoned."))


def _closable(row: Match, act: str) -> Table:
    """The match's state for `act` ("abandon", "delete" or "public": the players' link
    ending or listing it), or why not: a locked match (the lock's sentence), a game of an
    event (its director abandons it; deleted it would leave the event's standings), an
    abandoned or decided match (not abandoned again). The match's version is then taken
    at this state (`transaction.lock`), so a confirmation sent meanwhile makes it run again."""
    match_row = state.match_row(row.write_token, write=True)
    if match_row is None:
        raise Refused(404, _("There is no table at this link."))
    if act == "abandon" and match_row.abandoned is not None:
        raise Refused(
            409, _("This match is already abandoned: %(reason)s", reason=match_row.abandon_reason)
        )
    table = state.state(match_row)
    over = outcome(table)
    try:
        refuse_if_locked(match_row.id, len(table.match.side_names), over is not None)
    except Locked as e:
        raise Refused(409, str(e)) from None
    if act == "public":
        return table
    event = lock.event_name(match_row.id)
    if event is not None:
        if act == "delete":
            raise Refused(
                409,
                _(
                    "This match is a game of the event “%(event)s”: it is not "
                    "deleted from the players' link. If it is not to be played, "
                    "the event's director abandons its table.",
                    event=event,
                ),
            )
        raise Refused(
            409,
            _(
                "This match is a game of the event “%(event)s”: only the event's "
                "director abandons it, from the event's page.",
                event=event,
            ),
        )
    if act == "abandon" and over is not None:
        raise Refused(
            409,
            _(
                "The match is decided, so it is not abandoned: %(outcome)s",
                outcome=say(over["text"]),
            ),
        )
    return table


def refuse_closing(row: Match, act: str) -> None:
    """Refused, as `act` would be, when the match itself refuses it (whatever the form
    said): a form with an error on a match that is locked or already abandoned says so."""
    _closable(row, act)


def closing(table: Table) -> dict:
    """What the players' link may still do to end the match, for its pages: `locked` (the
    lock's sentence, when locked), `event` (the event's name, for a game of one),
    `decided` (it is then not abandoned)."""
    over = outcome(table) is not None
    match_id = table.row.id
    shut = over and locked(sign_log(match_id), len(table.match.side_names))
    return {
        "locked": lock.sentence(match_id) if shut else None,
        "event": lock.event_name(match_id),
        "decided": over,
    }


@transaction.writes
def abandon(row: Match, reason: str | None) -> None:
    """Abandon a match, saying why: it is kept (and can be watched and downloaded) but
    takes no more moves. Refused(400) without a readable reason, Refused(409) when it is
    already abandoned, decided, locked or a game of an event."""
    table = _closable(row, "abandon")
    text = _clean_reason(reason)
    transaction.lock(table)
    db.session.execute(
        update(Match).where(Match.id == row.id).values(abandoned=now(), abandon_reason=text),
        execution_options={"synchronize_session": False},
    )
    transaction.commit(table)
    if isinstance(row, Match):
        db.session.refresh(row)


@transaction.writes
def delete(row: Match) -> None:
    """Delete a match with its hands, moves and change log, for good (the database's
    cascades, on SQLite too). Refused(409) for a locked match and for a game of an event."""
    table = _closable(row, "delete")
    transaction.lock(table)
    db.session.execute(  # its hands, moves, changes... go with it (ON DELETE CASCADE)
        sql_delete(Match).where(Match.id == row.id),
        execution_options={"synchronize_session": False},
    )
    transaction.commit(table)
    db.session.expunge_all()


@transaction.writes
def set_public(row: Match, public: bool) -> None:
    """List the match on the home page (its spectators' link, status and score) or not.
    Refused(409) for a locked match, as every write is."""
    table = _closable(row, "public")
    transaction.lock(table)
    db.session.execute(
        update(Match).where(Match.id == row.id).values(public=bool(public)),
        execution_options={"synchronize_session": False},
    )
    transaction.commit(table)
    db.session.refresh(row)


def normal_code(text: str | None) -> str:
    """A code as typed ("k7m2 qx9p", "K7M2-QX9P") in its stored form ("K7M2QX9P")."""
    return "".join(c for c in (text or "").upper() if c.isalnum())


def show_code(code: str | None) -> str:
    """A code as shown: two groups of four ("K7M2 QX9P")."""
    code = code or ""
    return f"{code[:4]} {code[4:]}".strip()


def find_by_code(text: str | None, client: str) -> Match:
    """The match whose table code was typed. A code that opens no match counts against the
    client's limit (a code that works does not); Refused(429) past it, Refused(400) for
    what is not a code, Refused(404) for a code no match has. `client` is the phone's
    address (behind trusted proxies, the one they forwarded: `referee/web/public.py`)."""
    client = (client or "unknown")[:64]
    tried = _take_attempt(client)
    if tried is None:
        raise Refused(
            429,
            ngettext(
                "Too many codes tried from here: wait %(num)d minute and try again.",
                "Too many codes tried from here: wait %(num)d minutes and try again.",
                WINDOW.seconds // 60,
            ),
            field="code",
        )
    code = normal_code(text)
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise Refused(
            400,
            ngettext(
                "A table code is %(num)d letter or digit, as the players' screen shows it.",
                "A table code is %(num)d letters and digits, as the players' screen shows it.",
                CODE_LENGTH,
            ),
            field="code",
        )
    row = db.session.execute(select(Match).where(Match.code == code)).scalar_one_or_none()
    if row is None:
        raise Refused(404, _("No table has this code."), field="code")
    db.session.execute(  # a code that opens a match does not count
        sql_delete(CodeAttempt).where(CodeAttempt.id == tried),
        execution_options={"synchronize_session": False},
    )
    db.session.commit()
    return row


def _take_attempt(client: str) -> int | None:
    """Record a code attempt before the code is looked up, if the client is within its
    limit: one statement that counts and inserts (the client's attempts counted one after
    the other: `once.serialized`), committed at once; the attempts past the window are
    dropped first. The attempt's id, or None past the limit (nothing recorded)."""
    at = now()
    since = at - WINDOW
    once.serialized(f"code:{client}")
    db.session.execute(
        sql_delete(CodeAttempt).where(CodeAttempt.at < since),
        execution_options={"synchronize_session": False},
    )
    tried = (
        select(func.count())
        .select_from(CodeAttempt)
        .where(CodeAttempt.client == client, CodeAttempt.at >= since)
        .scalar_subquery()
    )
    cols = CodeAttempt.__table__.c
    row = db.session.execute(
        insert(CodeAttempt)
        .from_select(
            ["client", "at"],
            select(literal(client, cols.client.type), literal(at, cols.at.type)).where(
                tried < ATTEMPTS
            ),
        )
        .returning(CodeAttempt.id)
    ).scalar()
    db.session.commit()
    return row


@dataclass
class Status:
    """A match as the home page lists it."""

    row: Match
    variant: object
    state: str  # "playing", "won", "abandoned"
    text: str  # "Hand 3 in play", "Won by Ana", "Abandoned: rain"
    winner: str | None
    scores: list[tuple[str, int]]
    last_move: datetime | None = None  # when its last move (not any write) was recorded


def status(row: Match) -> Status:
    """Where a match stands: in play (which hand), won (by whom) or abandoned, and the
    totals, as replaying its moves gives them."""
    table = tables.table(row.write_token, write=True)
    m = table.match
    scores = list(zip(m.side_names, m.totals(), strict=True))
    over, win = m.result()
    winner = m.side_names[win] if over else None
    if row.abandoned is not None:
        state, text = "abandoned", _("Abandoned: %(reason)s", reason=row.abandon_reason)
    elif over:
        state, text = "won", _("Won by %(name)s", name=winner)
    else:
        state, text = "playing", _("Hand %(num)d in play", num=len(m.hands))
    return Status(row, table.variant, state, text, winner, scores)


def listed(limit: int = 10) -> list[Status]:
    """The matches their players chose to show on the home page, latest first."""
    rows = db.session.execute(
        select(Match).where(Match.public.is_(True)).order_by(Match.updated.desc()).limit(limit)
    ).scalars()
    shown = [status(r) for r in rows]
    last = dict(
        db.session.execute(  # the moves that stand: one taken back is no longer the last
            select(Hand.match_id, func.max(Move.created))
            .join(Move, Move.hand_id == Hand.id)
            .where(Hand.match_id.in_([s.row.id for s in shown]), Move.taken_back.is_(None))
            .group_by(Hand.match_id)
        ).all()
    )
    for s in shown:
        s.last_move = last.get(s.row.id)
    return shown
