"""What the database keeps of seasons: a season's name and settings, and which events
belong to it (an event to one season at most). Never a table: a season's table is what
its events' standings give (`referee.seasons`)."""

from __future__ import annotations

from sqlalchemy.orm import validates

from ..models import name_key, now
from ..store import db


class Season(db.Model):
    """A season of the club: its name, the points per night (`places`: points by place,
    e.g. [10, 8, 6, 5, 4, 3, 2, 1]; None: each night's own score) and how many nights
    count for each player (`best`; None: all)."""

    __tablename__ = "seasons"

    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(120), nullable=False)
    name_key = db.Column(db.String(64), nullable=False, unique=True)  # one season a name
    places = db.Column(db.JSON(none_as_null=True), nullable=True)
    best = db.Column(db.Integer, nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=now)
    updated = db.Column(db.DateTime, nullable=False, default=now)

    @validates("name")
    def _keyed(self, _key, value: str) -> str:
        self.name_key = name_key(value)
        return value


class SeasonEvent(db.Model):
    """An event in a season (one season at most: the event is the key)."""

    __tablename__ = "season_events"

    event_id = db.Column(
        db.Integer, db.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    season_id = db.Column(
        db.Integer, db.ForeignKey("seasons.id", ondelete="CASCADE"), nullable=False, index=True
    )
    added = db.Column(db.DateTime, nullable=False, default=now)
