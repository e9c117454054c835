"""The home page: start a match (a variant's start form), go back to a table by its code,
import a record, and the matches their players chose to list."""

from __future__ import annotations

from flask import render_template

from referee.engine.variants import VARIANTS

from ..forms import CodeForm, ImportForm
from . import bp


@bp.get("/")
def home():
    return render_home()


def render_home(code_form=None, status: int = 200):
    """The home page; `code_form` with its errors after a table code was refused."""
    from ..matches import listed

    return render_template(
        "home.html",
        variants=list(VARIANTS.values()),
        matches=listed(),
        import_form=ImportForm(),
        code_form=code_form or CodeForm(formdata=None),
    ), status
