"""What the database keeps of the club: its members, the seats of matches they sat in, the
secretary's link, the secretary's log, the PIN tries, and a cache of each match's result.

A match's recorded names are never rewritten: a seat is linked to a member beside it
(`SeatMember`). A merged member stays, pointing at the one kept (`merged_into`); the seats
linked to it count for the kept one when they are read. Credentials are kept only as
digests: the personal link's and the secretary's link's SHA-256, the PIN's salted scrypt
hash (`cards.py`); a sheet of cards keeps its once-key's digest and its members
(`CardSheet`), never a card's link or PIN.

Two members not merged never have one name (as the engine compares names): `name_key`
is unique, and a merged member's is empty (the name is the kept member's now).
"""

from __future__ import annotations

from sqlalchemy import false as sa_false
from sqlalchemy.orm import validates

from ..models import name_key, now
from ..store import db


class Member(db.Model):
    """A member of the club: a name (the engine's name rule), a short name, active or not,
    and their card (a personal link and a PIN, kept as digests)."""

    __tablename__ = "members"

    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(40), nullable=False)
    name_key = db.Column(db.String(64), nullable=True, unique=True)  # None once merged
    short = db.Column(db.String(20), nullable=True)
    active = db.Column(db.Boolean, nullable=False, default=True)
    link_digest = db.Column(db.String(64), nullable=True, unique=True)
    pin_hash = db.Column(db.String(200), nullable=True)
    card_issued = db.Column(db.DateTime, nullable=True)
    merged_into = db.Column(db.Integer, db.ForeignKey("members.id"), nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=now)
    updated = db.Column(db.DateTime, nullable=False, default=now)  # every change, a merge too

    @property
    def shown(self) -> str:
        return self.short or self.name

    @validates("name")
    def _keyed(self, _key, value: str) -> str:
        if self.merged_into is None:
            self.name_key = name_key(value)
        return value


class SeatMember(db.Model):
    """A seat of a match linked to the member who sat there (the recorded name stays)."""

    __tablename__ = "seat_members"

    match_id = db.Column(
        db.Integer, db.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat = db.Column(db.Integer, primary_key=True)
    member_id = db.Column(db.Integer, db.ForeignKey("members.id"), nullable=False, index=True)
    linked = db.Column(db.DateTime, nullable=False, default=now)


class ClubKey(db.Model):
    """The secretary's link (its digest); renewing it revokes the one before."""

    __tablename__ = "club_keys"

    id = db.Column(db.Integer, primary_key=True)
    digest = db.Column(db.String(64), nullable=False, unique=True)
    created = db.Column(db.DateTime, nullable=False, default=now)
    revoked = db.Column(db.DateTime, nullable=True)


class ClubAction(db.Model):
    """Something the secretary did, with the time (`what` names the act, `params` fill in
    its sentence): a member added, edited, deactivated, a card issued, seats linked, two
    members merged, the link renewed."""

    __tablename__ = "club_actions"

    id = db.Column(db.Integer, primary_key=True)
    at = db.Column(db.DateTime, nullable=False, default=now)
    what = db.Column(db.String(40), nullable=False)
    params = db.Column(db.JSON, nullable=False)


class PinTry(db.Model):
    """A PIN typed to sign: for whom, at which match (or `client` names the fixture's
    sheet), from which client `address`; recorded before it is checked (`cards.take_try`),
    and `matched` once it is found right (a right PIN does not count)."""

    __tablename__ = "pin_tries"
    __table_args__ = (
        db.Index("ix_pin_tries_member", "member_id", "at"),
        db.Index("ix_pin_tries_client", "match_id", "client", "at"),
        db.Index("ix_pin_tries_address", "member_id", "address", "at"),
    )

    id = db.Column(db.Integer, primary_key=True)
    member_id = db.Column(db.Integer, db.ForeignKey("members.id"), nullable=False)
    match_id = db.Column(db.Integer, db.ForeignKey("matches.id", ondelete="CASCADE"), nullable=True)
    client = db.Column(db.String(64), nullable=False)
    address = db.Column(db.String(64), nullable=False, default="", server_default="")
    matched = db.Column(db.Boolean, nullable=False, default=False, server_default=sa_false())
    at = db.Column(db.DateTime, nullable=False, default=now)


class CardSheet(db.Model):
    """A sheet of cards printed: its once-key's digest (unique: a sheet is made once, and
    the second request of a double tap finds it), where it was printed (`place`: "club",
    or "event:<id>" from an event's director), its members. The cards' links and PINs
    are made from the once-key (`cards.derived`), so the sheet's page shows them again
    from its address alone; the database keeps only their digests, on the members."""

    __tablename__ = "card_sheets"

    id = db.Column(db.Integer, primary_key=True)
    key_digest = db.Column(db.String(64), nullable=False, unique=True)
    place = db.Column(db.String(40), nullable=False)
    members = db.Column(db.JSON, nullable=False)  # member ids, in the sheet's order
    made = db.Column(db.DateTime, nullable=False, default=now)


class ResultCache(db.Model):
    """A cache, not a record: what the engine's replay of a match gave at `version` (the
    match's version): its sides, their places and totals, its hands' moves; `result` None
    while the match is not decided. Read only while the match's version is still
    `version`; deleting every row loses nothing (they are replayed again)."""

    __tablename__ = "result_cache"

    match_id = db.Column(
        db.Integer, db.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    version = db.Column(db.Integer, nullable=False)
    result = db.Column(db.JSON(none_as_null=True), nullable=True)
