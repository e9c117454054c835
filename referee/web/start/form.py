"""The start form of a variant: the fields every match has (`forms.StartForm`) and one
per option the variant declares (`Variant.option_fields`), made once per variant."""

from __future__ import annotations

import functools

from ..forms import StartForm, option_field


@functools.cache
def start_form_class(variant) -> type[StartForm]:
    fields = {option.name: option_field(option) for option in variant.option_fields}
    return type(f"StartForm_{variant.name}", (StartForm,), fields)


def start_form(variant) -> StartForm:
    """The start form of `variant`, read from the request (Flask-WTF)."""
    return start_form_class(variant)()


def options(form: StartForm, variant) -> dict:
    """The options as the form sent them (a number left empty: the variant's default)."""
    out = {}
    for option in variant.option_fields:
        value = form[option.name].data
        if option.choices:
            out[option.name] = value or option.default
        elif value is not None:
            out[option.name] = value
    return out
