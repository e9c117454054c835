"""Routes for finding a match again and ending it: the home page's table code, the
players' choice to list the match on the home page, abandoning and deleting a match."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, StringField, SubmitField
from wtforms.validators import Length

from ..drawing import qr_svg
from ..errors import Refused
from ..forms import CodeForm, Form
from ..public import link
from ..table import service as tables
from . import service

bp = Blueprint("matches", __name__)


class AbandonForm(Form):
    reason = StringField(_l("Why is the match abandoned?"), validators=[Length(max=400)])
    submit = SubmitField(_l("Abandon the match"))


class DeleteForm(Form):
    sure = BooleanField(_l("Yes: delete this match and all its hands for good"))
    submit = SubmitField(_l("Delete the match"))


class PublicForm(Form):
    public = BooleanField(_l("Show this match on the home page"))
    submit = SubmitField(_l("Save"))


def _row(token: str):
    row = tables.by_token(token, write=True)
    if row is None:
        abort(404, _("There is no table at this link."))
    return row


@bp.post("/code")
def code():
    """A table code typed on the home page: to the players' link, or back with why not."""
    from ..pages.home import render_home

    form = CodeForm()
    if not form.validate() or not service.normal_code(form.code.data):
        form.code.errors = list(form.code.errors) or [_("Type the table code.")]
        return render_home(code_form=form, status=400)
    try:
        row = service.find_by_code(form.code.data, request.remote_addr or "")
    except Refused as e:
        form.code.errors = [e.message]
        return render_home(code_form=form, status=e.status)
    return redirect(url_for("table.table", token=row.write_token))


def _render_close(row, abandon_form=None, delete_form=None, status=200, refused=None):
    """The close page; `refused`: why the last abandon or delete was not done, shown at
    the top whether or not its form is still offered."""
    table = tables.table(row.write_token, write=True)
    return render_template(
        "close.html",
        t=table,
        variant=table.variant,
        token=row.write_token,
        abandon_form=abandon_form or AbandonForm(formdata=None),
        delete_form=delete_form or DeleteForm(formdata=None),
        closing=service.closing(table),
        refused=refused,
    ), status


@bp.get("/t/<token>/close")
def close(token: str):
    """Ask first: abandon the match (with a reason), or delete it."""
    return _render_close(_row(token))


@bp.post("/t/<token>/abandon")
def abandon(token: str):
    row = _row(token)
    form = AbandonForm()
    try:
        if not form.validate():  # a refusal of the match itself (abandoned...) comes first
            service.refuse_closing(row, "abandon")
            return _render_close(row, abandon_form=form, status=400)
        service.abandon(row, form.reason.data)
    except Refused as e:
        if e.field == "reason":
            form.reason.errors = [e.message]
        return _render_close(row, abandon_form=form, status=e.status, refused=e)
    flash(_("The match is abandoned: %(reason)s", reason=row.abandon_reason))
    return redirect(url_for("table.table", token=token))


@bp.post("/t/<token>/delete")
def delete(token: str):
    row = _row(token)
    form = DeleteForm()
    try:
        if not form.validate() or not form.sure.data:
            service.refuse_closing(row, "delete")
            form.sure.errors = [
                _("Tick the box to say you mean it: a deleted match cannot come back.")
            ]
            return _render_close(row, delete_form=form, status=400)
        service.delete(row)
    except Refused as e:
        return _render_close(row, delete_form=form, status=e.status, refused=e)
    flash(_("The match is deleted."))
    return redirect(url_for("main.home"))


@bp.get("/t/<token>/card")
def card(token: str):
    """The players' card: the table code and a QR code of the players' link (to scan from
    another phone at the table), and the choice to list the match on the home page."""
    return _render_card(_row(token))


def _render_card(row, refused=None):
    token = row.write_token
    table = tables.table(token, write=True)
    url = link("table.table", token=token)
    return render_template(
        "card.html",
        t=table,
        variant=table.variant,
        token=token,
        url=url,
        code=service.show_code(row.code),
        qr=qr_svg(url, title=_("The players' link as a QR code")),
        public_form=PublicForm(formdata=None, public=row.public),
        closing=service.closing(table),
        refused=refused,
    )


@bp.post("/t/<token>/public")
def public(token: str):
    row = _row(token)
    form = PublicForm()
    if not form.validate():
        abort(400, _("The form is out of date: reload the table and try again."))
    try:
        service.set_public(row, form.public.data)
    except Refused as e:
        return _render_card(row, e), e.status
    flash(
        _("The home page lists this match.")
        if row.public
        else _("The home page does not list this match.")
    )
    return redirect(url_for("matches.card", token=token))
