"""What the database keeps: a match, its settings, its hands and their moves.

The moves are the truth: scores and the layout are always what replaying them through
the engine gives (`table.state`, cached per match and version), never stored. Moves are
only ever appended, in order; an undo or a correction does not delete a row but marks it
taken back (`taken_back`, the id of the change that did it, see `audit.models.Change`),
so the live moves of a hand are its rows not taken back. A partial unique index on
(hand, seq) over the live moves makes
it impossible to record two moves for the same turn, even when two phones race.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import UTC, datetime

from sqlalchemy import CheckConstraint, Index, UniqueConstraint, and_, false, text

from referee.engine.names import same

from .ids import id_of
from .store import db


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable link token (128 bits)."""
    return secrets.token_urlsafe(16)


TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")  # the shape of every token new_token makes


def is_token(text: str) -> bool:
    """Whether a link's text can be a token; checked before any query (PostgreSQL refuses
    a NUL in a text, for one)."""
    return TOKEN.fullmatch(text) is not None


def name_key(name: str) -> str:
    """What a unique key on a name holds: the SHA-256 of the name as the engine compares
    names (`same`: "Ana", "ana", "ＡＮＡ" are one name), in hex (a fixed length, however
    far NFKC stretches the name)."""
    return hashlib.sha256(same(name).encode()).hexdigest()


def by_id(model, value):
    """The row of `model` whose id a form or a link sent, or None: also for anything that
    is no id either database holds (text, signs, past ID_MAX), never a query with it."""
    number = id_of(value)
    return None if number is None else db.session.get(model, number)


CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed
CODE_LENGTH = 8  # 40 bits: with attempts limited per client, not found by trying


def new_code() -> str:
    """A table code: 8 letters and digits, shown on the players' screen."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Match(db.Model):
    """A match: its variant, players in turn order, options and the two table links."""

    __tablename__ = "matches"

    id = db.Column(db.Integer, primary_key=True)
    variant = db.Column(db.String(40), nullable=False)
    players = db.Column(db.JSON, nullable=False)  # names, in turn order (C-SEAT)
    options = db.Column(db.JSON, nullable=False)  # as the engine filled them in
    write_token = db.Column(db.String(64), nullable=False, unique=True, default=new_token)
    read_token = db.Column(db.String(64), nullable=False, unique=True, default=new_token)
    created = db.Column(db.DateTime, nullable=False, default=now)
    # Touched by every write: the row lock that puts the writes to one match in a line.
    updated = db.Column(db.DateTime, nullable=False, default=now, index=True)
    # One more at every write to the match, in the write's transaction (transaction.lock):
    # what the phones poll, and the key of each process's cache of the replayed match.
    version = db.Column(db.Integer, nullable=False, default=0, server_default="0")
    # The table's language (a code of referee/languages.py): every phone at the table shows
    # it unless the phone chose its own (?lang=, the switch); None: each phone's browser decides.
    language = db.Column(db.String(8), nullable=True)
    code = db.Column(db.String(16), nullable=True, unique=True, default=new_code)
    abandoned = db.Column(db.DateTime, nullable=True)  # when it was abandoned, if it was
    abandon_reason = db.Column(db.String(200), nullable=True)
    public = db.Column(db.Boolean, nullable=False, default=False, server_default=false())
    # Time called by an event's director: the match ends once this many hands are settled,
    # decided on their totals (events.service.call_time); None: no time called.
    time_hands = db.Column(db.Integer, nullable=True)
    # The event whose table this match is a game of (None: a match started by hand): every
    # write to the match adds one to the event's version too (transaction.lock).
    event_id = db.Column(
        db.Integer, db.ForeignKey("events.id", ondelete="SET NULL"), nullable=True, index=True
    )

    hands = db.relationship(
        "Hand",
        back_populates="match",
        order_by="Hand.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )

    def __repr__(self) -> str:
        return f"<Match {self.id} {self.variant} {self.players}>"


class Hand(db.Model):
    """One hand of a match. `remaining` is set when the hand is settled."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id = db.Column(db.Integer, primary_key=True)
    match_id = db.Column(
        db.Integer, db.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False
    )
    number = db.Column(db.Integer, nullable=False)  # from 1
    lot = db.Column(db.Integer, nullable=True)  # the seat that won the lot, if the app drew it
    # per seat: the tiles dealt (imported full records), and the tiles left at the end;
    # none_as_null: no value is SQL NULL, not the JSON value null
    dealt = db.Column(db.JSON(none_as_null=True), nullable=True)
    remaining = db.Column(db.JSON(none_as_null=True), nullable=True)

    match = db.relationship("Match", back_populates="hands")
    # the live moves (not taken back), in order
    moves = db.relationship(
        "Move",
        primaryjoin=lambda: and_(Hand.id == Move.hand_id, Move.taken_back.is_(None)),
        back_populates="hand",
        order_by="Move.seq",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    # every move ever recorded in the hand, taken back or not, in the order recorded
    every_move = db.relationship("Move", order_by="Move.id", viewonly=True, overlaps="moves")


class Move(db.Model):
    """One move of a hand: a play (tile laid on `on`, None for the lead), a draw or a pass."""

    __tablename__ = "moves"
    __table_args__ = (
        # one live move per turn (SQLite and PostgreSQL both take a partial index)
        Index(
            "uq_moves_live_seq",
            "hand_id",
            "seq",
            unique=True,
            sqlite_where=text("taken_back IS NULL"),
            postgresql_where=text("taken_back IS NULL"),
        ),
        CheckConstraint("kind IN ('play', 'draw', 'pass')", name="kind"),
        CheckConstraint("seq >= 1", name="seq"),
    )

    id = db.Column(db.Integer, primary_key=True)
    hand_id = db.Column(db.Integer, db.ForeignKey("hands.id", ondelete="CASCADE"), nullable=False)
    seq = db.Column(db.Integer, nullable=False)  # 1-based, in the order made
    seat = db.Column(db.Integer, nullable=False)
    kind = db.Column(db.String(8), nullable=False)
    tile = db.Column(db.String(8), nullable=True)  # "5-3"
    on = db.Column("on_tile", db.String(8), nullable=True)  # the tile it was laid against
    count = db.Column(db.Integer, nullable=True)  # tiles drawn
    # the tiles drawn, when known (imported full records)
    drawn = db.Column(db.JSON(none_as_null=True), nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=now)
    phone = db.Column(db.String(60), nullable=True)  # the phone that recorded it (its own name)
    taken_back = db.Column(db.Integer, nullable=True)  # the id of the change that took it back

    hand = db.relationship("Hand", back_populates="moves")


class ClientMove(db.Model):
    """A move a phone kept offline and sent later, by the id the phone gave it: unique, so
    that a move sent twice is recorded once, with the answer the first send got (which the
    second send gets again)."""

    __tablename__ = "client_moves"

    client_id = db.Column(db.String(64), primary_key=True)
    match_id = db.Column(
        db.Integer, db.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False, index=True
    )
    answer = db.Column(db.JSON, nullable=False)  # {"ok": true, "message": "..."}
    created = db.Column(db.DateTime, nullable=False, default=now)


class CodeAttempt(db.Model):
    """A table code typed on the home page: who (client address) and when, to limit the
    attempts per address (`matches.find_by_code`)."""

    __tablename__ = "code_attempts"
    __table_args__ = (db.Index("ix_code_attempts_client", "client", "at"),)

    id = db.Column(db.Integer, primary_key=True)
    client = db.Column(db.String(64), nullable=False)
    at = db.Column(db.DateTime, nullable=False, default=now)
