"""The change log of a match: every undo, correction, confirmation and lock override.

Nothing is deleted: a move taken back keeps its row (marked with the id of the change
that took it back), and the change keeps what was taken back or changed (`old`), what
replaced it (`new`), when, and from which phone.
"""

from __future__ import annotations

from sqlalchemy import CheckConstraint

from ..models import now
from ..store import db

KINDS = ("undo", "correct", "confirm", "override")


class Change(db.Model):
    """One change to a match's record, in the order made."""

    __tablename__ = "changes"
    __table_args__ = (
        CheckConstraint("kind IN ('undo', 'correct', 'confirm', 'override')", name="kind"),
    )

    id = db.Column(db.Integer, primary_key=True)
    match_id = db.Column(
        db.Integer, db.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False, index=True
    )
    kind = db.Column(db.String(12), nullable=False)
    hand = db.Column(db.Integer, nullable=True)  # the hand's number
    move = db.Column(db.Integer, nullable=True)  # the first move it concerns
    side = db.Column(db.Integer, nullable=True)  # a confirmation: the side that confirms
    old = db.Column(db.JSON(none_as_null=True), nullable=True)  # what was taken back/changed
    new = db.Column(db.JSON(none_as_null=True), nullable=True)  # what replaced it
    reason = db.Column(db.Text, nullable=True)
    phone = db.Column(db.String(60), nullable=True)
    created = db.Column(db.DateTime, nullable=False, default=now)
