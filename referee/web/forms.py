"""The forms (Flask-WTF: every POST carries a CSRF token, button-only ones included).

Forms check only that input is there and readable; whether it is allowed is the engine's
question (services).
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    FieldList,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from referee.engine.variants.base import TARGET, Option
from referee.languages import NAMES

from . import i18n

DIGITS = 9  # an integer field takes at most this many digits (hands, moves, targets...)


class WholeNumberField(IntegerField):
    """An IntegerField that refuses more than DIGITS digits before any range check (a
    number of hundreds of digits would overflow NumberRange's float comparison)."""

    def process_formdata(self, valuelist):
        if valuelist and len(valuelist[0].strip().lstrip("+-")) > DIGITS:
            self.data = None
            raise ValueError(
                ngettext(
                    "Enter a whole number of at most %(num)d digit.",
                    "Enter a whole number of at most %(num)d digits.",
                    DIGITS,
                )
            )
        super().process_formdata(valuelist)


class Form(FlaskForm):
    """A form whose WTForms messages are in the request's language, from a catalogue read
    once per language and process (Flask-WTF reads it from disk at every request)."""

    class Meta(FlaskForm.Meta):
        def get_translations(self, form):
            return i18n.wtforms_translations()


class EmptyForm(Form):
    """A button-only form: nothing but its CSRF token."""

    submit = SubmitField(_l("OK"))


def option_field(option: Option):
    """The form field of a variant's option (`referee.engine.variants.Option`): a choice
    as radio buttons (the engine judges the value sent, with its message next to the
    field), a number as a whole number of at least its `low` (the engine says why a
    bigger one is refused)."""
    if option.choices:
        return RadioField(
            _l(option.label),
            choices=[c.value for c in option.choices],
            default=option.default,
            validate_choice=False,
        )
    bounds = [NumberRange(min=option.low)] if option.low is not None else []
    return WholeNumberField(_l(option.label), validators=[Optional(), *bounds])


class StartForm(Form):
    """Start a match: the players in the order they play, and the variant's options (the
    target here; `referee.web.start.form.start_form(variant)` adds the variant's own)."""

    count = WholeNumberField(_l("Number of players"), validators=[Optional()])
    names = FieldList(StringField(_l("Name")), min_entries=0)  # the engine judges them (C-NAMES)
    target = option_field(TARGET)
    language = SelectField(
        _l("Table language"),
        choices=[("", _l("Each phone's own")), *NAMES.items()],
        default="",
    )
    submit = SubmitField(_l("Start the match"))

    def fit(self, count: int) -> None:
        """Show exactly `count` name fields."""
        while len(self.names) < count:
            self.names.append_entry()
        while len(self.names) > count:
            self.names.pop_entry()

    def name_list(self) -> list[str]:
        """The names as typed, spaces around them removed."""
        return [(entry.data or "").strip() for entry in self.names]

    def name_errors(self, faults: dict[int, str]) -> None:
        """Put the engine's word on each bad name next to its field."""
        for seat, message in faults.items():
            self.names[seat].errors = [message]


class PositionForm(Form):
    """What every table write carries: the hand and the number of moves it follows, so a
    write made from a page that is out of date is refused ("already recorded: ...").

    Its CSRF token is checked once, by CSRFProtect, before any view runs (every POST of
    the app): the form does not check it again (nor carry a field for it: the table's
    forms put it in with the `csrf()` macro). That spares a move 0.03 ms."""

    class Meta(Form.Meta):
        csrf = False

    # hidden fields, never labelled on a page: "" spares WTForms a translated default label
    hand = WholeNumberField("", validators=[InputRequired()])
    after = WholeNumberField("", validators=[InputRequired(), NumberRange(min=0)])


# The forms of a move only read what the table screen sends (`table/moves_html.py` makes
# the screen's forms): no labels, no buttons, each field one less to make at every move.
class PlayForm(PositionForm):
    seat = HiddenField("")
    tile = StringField("", validators=[InputRequired()])
    on = HiddenField("")
    train = HiddenField("")  # a hub of trains: the train it is laid on (its number)


class DrawForm(PositionForm):
    seat = HiddenField("", validators=[InputRequired()])
    count = WholeNumberField("", validators=[Optional()], default=1)


class PassForm(PositionForm):
    seat = HiddenField("", validators=[InputRequired()])


class LotForm(PositionForm):
    """The lot for the lead: the seat the table's own lot named, or none to let the app
    draw it."""

    seat = HiddenField("")


class UndoForm(PositionForm):
    settled = WholeNumberField("", validators=[Optional()], default=0)
    submit = SubmitField(_l("Yes, take it back"))


class EndForm(PositionForm):
    """The tiles left in each hand come as `left-<seat>` fields (checkboxes or text)."""

    submit = SubmitField(_l("Settle the hand"))


class ImportForm(Form):
    file = FileField(_l("Game record file (.json)"))
    text = TextAreaField(_l("or paste the record"), validators=[Optional()])
    check = SubmitField(_l("Check it"))
    carry_on = SubmitField(_l("Store it and carry on playing"))


class CodeForm(Form):
    """The home page's "back to a table" form (`matches.views.code` takes it)."""

    code = StringField(_l("Table code"), validators=[Length(max=40)])
    submit = SubmitField(_l("Back to the table"))
