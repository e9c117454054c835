"""What the database keeps of an event: its settings, entrants, rounds, tables, the link
from a table to its matches, and the director's actions. Never a score: a table's result
is what replaying its matches gives (a forfeit is the director's act, with the score the
director set)."""

from __future__ import annotations

from sqlalchemy import UniqueConstraint

from ..models import new_token, now
from ..store import db


class Event(db.Model):
    """An event: its variant and the matches' options, its format, how many rounds (None:
    until the director stops), a series length (best of N), the standings' settings, and
    the director's and the public links."""

    __tablename__ = "events"

    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(120), nullable=False)
    variant = db.Column(db.String(40), nullable=False)
    options = db.Column(db.JSON, nullable=False)  # the matches' options (target, scoring)
    pairs = db.Column(db.Boolean, nullable=False, default=False)  # Five-Up in pairs
    # players a table seats: Five-Up 2 or 3, each player for themselves, Čtyřka's preferred pod size
    table_size = db.Column(db.Integer, nullable=True)
    format = db.Column(db.String(40), nullable=False)
    rounds = db.Column(db.Integer, nullable=True)
    series = db.Column(db.Integer, nullable=False, default=1)  # best of N
    settings = db.Column(db.JSON, nullable=False)  # standings: points, bye, time cap
    director_token = db.Column(db.String(64), nullable=False, unique=True, default=new_token)
    public_token = db.Column(db.String(64), nullable=False, unique=True, default=new_token)
    finished = db.Column(db.Boolean, nullable=False, default=False)
    created = db.Column(db.DateTime, nullable=False, default=now)
    updated = db.Column(db.DateTime, nullable=False, default=now)  # every change of the event
    # One more at every write to the event or to one of its matches, in the write's
    # transaction (`service._touch`, `table.transaction.lock`): what its public pages poll.
    version = db.Column(db.Integer, nullable=False, default=0, server_default="0")

    entrants = db.relationship(
        "Entrant", order_by="Entrant.number", cascade="all, delete-orphan", passive_deletes=True
    )
    rounds_ = db.relationship(
        "Round", order_by="Round.number", cascade="all, delete-orphan", passive_deletes=True
    )
    actions = db.relationship(
        "EventAction",
        order_by="EventAction.id",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class Entrant(db.Model):
    """A player, or a fixed pair (`members`: their names, the first plays first)."""

    __tablename__ = "entrants"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id = db.Column(db.Integer, primary_key=True)
    event_id = db.Column(
        db.Integer, db.ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    number = db.Column(db.Integer, nullable=False)  # from 1, in the order entered
    members = db.Column(db.JSON, nullable=False)
    withdrawn = db.Column(db.Boolean, nullable=False, default=False)
    created = db.Column(db.DateTime, nullable=False, default=now)

    @property
    def name(self) -> str:
        return " & ".join(self.members)


class Round(db.Model):
    """A round: proposed (its pairing may still be changed), then started, then complete.
    `byes`: the entrants who sit it out; `time_called`: when the director called time."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("event_id", "number"),)

    id = db.Column(db.Integer, primary_key=True)
    event_id = db.Column(
        db.Integer, db.ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    number = db.Column(db.Integer, nullable=False)
    byes = db.Column(db.JSON, nullable=False)  # entrant ids
    started = db.Column(db.DateTime, nullable=True)
    time_cap = db.Column(db.Integer, nullable=True)  # minutes
    time_called = db.Column(db.DateTime, nullable=True)

    tables = db.relationship(
        "EventTable",
        order_by="EventTable.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class EventTable(db.Model):
    """One table of a round: its entrants with seats in order, the table's link (which
    leads to the players' link of its current match), and what the director decided:
    a forfeit with its score, an abandon with its reason, the hands counted on time."""

    __tablename__ = "event_tables"
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    id = db.Column(db.Integer, primary_key=True)
    round_id = db.Column(
        db.Integer, db.ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False, index=True
    )
    number = db.Column(db.Integer, nullable=False)
    entrants = db.Column(db.JSON, nullable=False)  # entrant ids, seats in order
    token = db.Column(db.String(64), nullable=False, unique=True, default=new_token)
    forfeit = db.Column(db.JSON(none_as_null=True), nullable=True)  # {"totals", "wins"}
    abandoned = db.Column(db.String(300), nullable=True)  # the reason
    time_hands = db.Column(db.Integer, nullable=True)  # hands counted when time was called

    games = db.relationship(
        "EventGame",
        order_by="EventGame.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class EventGame(db.Model):
    """The link from a table of an event to one of its matches (a series has several)."""

    __tablename__ = "event_games"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id = db.Column(db.Integer, primary_key=True)
    table_id = db.Column(
        db.Integer,
        db.ForeignKey("event_tables.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    )
    number = db.Column(db.Integer, nullable=False)  # from 1
    match_id = db.Column(
        db.Integer, db.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False, unique=True
    )

    match = db.relationship("Match")


class EventAction(db.Model):
    """Something the director did, with the time: listed on the event page (`what` names
    the act, `params` fill in its sentence, translated when shown)."""

    __tablename__ = "event_actions"

    id = db.Column(db.Integer, primary_key=True)
    event_id = db.Column(
        db.Integer, db.ForeignKey("events.id", ondelete="CASCADE"), nullable=False, index=True
    )
    at = db.Column(db.DateTime, nullable=False, default=now)
    what = db.Column(db.String(40), nullable=False)
    params = db.Column(db.JSON, nullable=False)
