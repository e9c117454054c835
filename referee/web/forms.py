"""The forms (Flask-WTF: every POST carries a CSRF token, button-only ones included).

Forms check only that input is there and readable; whether it is allowed is the engine's
question (services).
"""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional


class EmptyForm(FlaskForm):
    """A button-only form: nothing but its CSRF token."""

    submit = SubmitField("OK")


class StartForm(FlaskForm):
    """Start a match: the players in the order they play, and the variant's options."""

    count = IntegerField("Number of players", validators=[Optional()])
    names = FieldList(StringField("Name", validators=[Length(max=40)]), min_entries=0)
    target = IntegerField(
        "Target (points that end the match)", validators=[Optional(), NumberRange(min=1)]
    )
    scoring = RadioField("Scoring", choices=["penalty", "victory"], default="penalty")
    submit = SubmitField("Start the match")

    def fit(self, count: int) -> None:
        """Show exactly `count` name fields."""
        while len(self.names) < count:
            self.names.append_entry()
        while len(self.names) > count:
            self.names.pop_entry()

    def check_names(self) -> list[str] | None:
        """The names, or None after putting an error next to each bad one (missing,
        or the same as an earlier player's)."""
        names, ok = [], True
        for i, entry in enumerate(self.names):
            name = (entry.data or "").strip()
            if not name:
                entry.errors = [f"Enter a name for player {i + 1}."]
                ok = False
            elif name in names:
                entry.errors = [
                    f"{name} is already player {names.index(name) + 1}: "
                    "every player needs a different name."
                ]
                ok = False
            names.append(name)
        return names if ok else None


class PositionForm(FlaskForm):
    """What every table write carries: the hand and the number of moves it follows, so a
    write made from a page that is out of date is refused ("already recorded: ...")."""

    hand = IntegerField(validators=[InputRequired()])
    after = IntegerField(validators=[InputRequired(), NumberRange(min=0)])


class PlayForm(PositionForm):
    seat = HiddenField()
    tile = StringField("Tile", validators=[InputRequired()])
    on = HiddenField()
    submit = SubmitField("Lay it")


class DrawForm(PositionForm):
    seat = HiddenField(validators=[InputRequired()])
    count = IntegerField("Tiles drawn", validators=[Optional()], default=1)
    submit = SubmitField("Draw")


class PassForm(PositionForm):
    seat = HiddenField(validators=[InputRequired()])
    submit = SubmitField("Pass")


class LotForm(PositionForm):
    submit = SubmitField("Draw lots for the lead")


class UndoForm(PositionForm):
    settled = IntegerField(validators=[Optional()], default=0)
    submit = SubmitField("Yes, take it back")


class EndForm(PositionForm):
    """The tiles left in each hand come as `left-<seat>` fields (checkboxes or text)."""

    submit = SubmitField("Settle the hand")


class ImportForm(FlaskForm):
    file = FileField("Game record file (.json)")
    text = TextAreaField("or paste the record", validators=[Optional()])
    check = SubmitField("Check it")
    carry_on = SubmitField("Store it and carry on playing")
