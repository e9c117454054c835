"""The import page (/import): a game record uploaded or pasted, checked by the engine (its
verdict, move by move) or stored as a new match to carry on playing (`table.records`)."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from referee.engine.variants import VARIANTS

from ..errors import Refused
from ..forms import ImportForm
from ..table import records
from . import bp


@bp.route("/import", methods=["GET", "POST"])
def import_record():
    form = ImportForm()
    if request.method == "GET":
        return render_template("import.html", form=form)
    text = b""
    if form.file.data:
        text = form.file.data.read()
    if not text.strip() and form.text.data:
        text = form.text.data.encode("utf-8")
    if not text.strip():
        form.file.errors = [_("Choose a record file, or paste a record.")]
        return render_template("import.html", form=form), 400
    variant = None
    try:
        rec = records.read_record(text)  # the text is parsed here, once
        variant = rec.variant if rec.variant in VARIANTS else None
        if form.carry_on.data:
            row = records.import_record(rec)
            flash(_("The record is stored: carry on playing here."))
            return redirect(url_for("table.table", token=row.write_token))
        result = records.verdict(rec)
    except Refused as e:
        return render_template("import.html", form=form, refused=e, variant=variant), 400
    return render_template(
        "import.html",
        form=form,
        result=result,
        variant=variant,
        record_text=text.decode("utf-8", "replace"),
    ), (200 if result["ok"] else 400)
