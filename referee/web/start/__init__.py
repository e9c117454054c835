"""Starting a match: the start form (the players in the order they play, the variant's
options). The form follows the number of players as it changes: `static/js/start.js`
shows and hides the name fields at once; without scripts the "Change" button re-renders
the form with the names typed kept. A count that does not match the names sent never
starts a match."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from referee.engine.errors import SetupError
from referee.engine.variants import VARIANTS

from ..errors import Refused
from ..forms import StartForm
from ..matches import create
from ..pages.rules import variant_title
from . import form as forms
from .service import first_opening, link_members, roster_names

bp = Blueprint("start", __name__)


@bp.route("/new/<variant>", methods=["GET", "POST"])
def start(variant: str):
    v = VARIANTS.get(variant)
    if v is None:
        abort(404, _("There is no variant called %(name)r.", name=variant))
    counts = list(v.player_counts)
    default = counts[-1 if len(counts) < 4 else 2]
    form = forms.start_form(v)
    status = 200
    preset = None  # the preset whose options the form shows (GET ?preset=)
    if request.method == "POST":
        sent = len(form.names)  # the name fields the browser sent (hidden ones are not)
        count = form.count.data if form.count.data is not None else sent
        form.fit(count if count in counts else min(max(sent, counts[0]), counts[-1]))
        if _refuse_count(form, v.name, count):
            status = 400
        elif "change" in request.form:  # "Change" without scripts: the names are kept
            pass
        elif count != sent:
            status = 400
            chosen = ngettext("You chose %(num)d player", "You chose %(num)d players", count)
            held = ngettext("the form held %(num)d name", "the form held %(num)d names", sent)
            shown = ngettext(
                "It now shows %(num)d name field",
                "It now shows %(num)d name fields",
                len(form.names),
            )
            form.count.errors = [
                _(
                    "%(chosen)s, but %(held)s. %(shown)s: check the names, then start the match.",
                    chosen=chosen,
                    held=held,
                    shown=shown,
                )
            ]
        else:
            started = _create(form, v)
            if started:
                return started
            status = 400
    else:
        preset = _apply_preset(form, v, request.args.get("preset"))
        count = request.args.get("players", "")
        if not count:
            form.fit(default)
        elif not count.isdigit():
            form.count.errors = [_("Choose the number of players from the list.")]
            form.fit(default)
            status = 400
        else:
            count = int(count)
            status = _refuse_count(form, v.name, count) or 200
            form.fit(count if status == 200 else default)
    page = _page(v, form)
    return render_template("start.html", status=status, preset=preset, **page), status


def _refuse_count(form: StartForm, variant: str, count: int) -> int:
    """Put the engine's refusal of this many players next to the count; 400, or 0 if none."""
    bad = create.count_refused(variant, count)
    if bad is None:
        return 0
    form.count.errors = [bad.message]
    return 400


def _create(form: StartForm, v):
    """Start the match and redirect to its table, or None after putting the errors in place."""
    valid = form.validate()
    names = form.name_list()
    faults = create.name_faults(names)  # the engine's word on each name (C-NAMES)
    form.name_errors(faults)
    if not valid or faults:
        return None
    options = forms.options(form, v)
    try:
        row = create.create_match(v.name, names, options, form.language.data)
    except Refused as e:
        if e.field == "count":
            form.count.errors = [e.message]
        elif e.field in {o.name for o in v.option_fields}:
            form[e.field].errors = [e.message]
        elif e.field == "names" and e.seat is not None and e.seat < len(form.names):
            form.names[e.seat].errors = [e.message]
        else:
            form.form_errors.append(e.message)
        return None
    link_members(row.id, names)
    flash(_("The match has started. Keep this page's link: it is the players' link."))
    return redirect(url_for("table.table", token=row.write_token))


def _apply_preset(form: StartForm, v, name: str | None) -> str | None:
    """Fill the options in as the preset `name` sets them (a GET ?preset=), the other
    options keeping their defaults; returns its name (None: no preset). An unknown preset
    is a 404."""
    if name is None:
        return None
    preset = next((p for p in v.presets if p.name == name), None)
    if preset is None:
        abort(
            404, _("%(variant)s has no rules called %(name)r.", variant=variant_title(v), name=name)
        )
    for option in v.option_fields:
        if option.name in preset.options:
            form[option.name].data = preset.options[option.name]
    return preset.name


def _form_options(form: StartForm, v) -> dict:
    """The options the form holds now, filled in (those the engine refuses: the
    defaults, the refusal being next to its field)."""
    try:
        return v.options(forms.options(form, v))
    except SetupError:
        return v.options({})


def _page(v, form: StartForm) -> dict:
    """What start.html shows: every name field the variant may need, those past the count
    hidden (and disabled, so not sent), and the texts that change with the count, each
    with the counts it belongs to (the script shows the right ones)."""
    counts = list(v.player_counts)
    shown = len(form.names)
    form.fit(max(counts))
    pairs = [n for n in counts if any(len(s) > 1 for s in v.sides(n))]
    options = _form_options(form, v)
    return {
        "variant": v,
        "form": form,
        "count": shown,
        "counts": [(n, _count_label(v, n)) for n in counts],
        "defaults": v.target_defaults(),
        "pairs": pairs,
        "sides": _by_count(counts, lambda n: _sides_example(v, n)),
        "sets": _by_count(counts, lambda n: create.set_name(v.name, n, options)),
        "opening": first_opening(v.name, counts[0], options),
        "presets": v.presets,
        "roster": roster_names(),
    }


def _by_count(counts: list[int], text) -> list[tuple[list[int], str]]:
    """[(counts, text)]: each distinct non-empty text with the counts that give it."""
    out: dict[str, list[int]] = {}
    for n in counts:
        t = text(n)
        if t:
            out.setdefault(t, []).append(n)
    return [(ns, t) for t, ns in out.items()]


def _count_label(v, n: int) -> str:
    label = ngettext("%(num)d player", "%(num)d players", n)
    if any(len(s) > 1 for s in v.sides(n)):
        label = _("%(players)s (two pairs)", players=label)
    if len(v.player_counts) > 3:
        label = _("%(players)s: %(set)s", players=label, set=create.set_name(v.name, n))
    return label


def _sides_example(v, n: int) -> str:
    """How the seats score together, e.g. "player 1 and player 3 against player 2 and
    player 4" (sides of more than one player are Five-Up's two pairs)."""
    sides = v.sides(n)
    if all(len(s) == 1 for s in sides):
        return ""
    first, second = (_("player %(a)d and player %(b)d", a=a + 1, b=b + 1) for a, b in sides)
    return _("%(first)s against %(second)s", first=first, second=second)
