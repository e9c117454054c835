"""The rules pages: every rule the referee applies, each with the id it cites, and the
variant's glossary, in the reader's language; `rule_link` and `rule_url` link a rule id
to its place there from any page."""

from __future__ import annotations

from urllib.parse import quote

from flask import Flask, abort, render_template
from flask_babel import get_locale
from markupsafe import Markup, escape

from referee.engine import rulebook
from referee.engine.glossary import glossary
from referee.engine.variants import VARIANTS

from ..i18n import gettext as _
from ..links import url_for
from . import bp

ANCHOR = "%!#$&'()*+,/:;=?@"  # what Flask's url_for leaves as it is in an anchor


@bp.get("/rules")
def rules_index():
    return render_template("rules_index.html", variants=list(VARIANTS.values()))


@bp.get("/rules/<variant>")
def rules(variant: str):
    v = VARIANTS.get(variant)
    if v is None:
        abort(404, _("There is no variant called %(name)s.", name=repr(variant)))
    lang = str(get_locale())
    return render_template(
        "rules.html",
        variant=v,
        rules=rulebook.rules_for(v.name, lang),
        sections={k: rulebook.section_title(k, lang) for k in ("common", v.name)},
        source=lambda r: rulebook.source_label(r.source, lang),
        glossary=glossary(v.name),
    )


def variant_title(variant) -> str:
    """A variant's name (a variant or its name) in the reader's language: its texts' title
    ("Dominó por parejas" on a Spanish page), as its rules page heads its section."""
    name = variant if isinstance(variant, str) else variant.name
    return rulebook.section_title(name, str(get_locale()))


def rule_url(rule: str, variant) -> str:
    """The place of rule `rule` on the rules page of `variant` (a variant or its name): the
    page's address kept (`links.url_for`; Flask's would build it anew for the anchor)."""
    name = variant if isinstance(variant, str) else variant.name
    return f"{url_for('main.rules', variant=name)}#{quote(rule, safe=ANCHOR)}"


def rule_link(rule: str | None, variant) -> Markup:
    """A rule id as a link to its rules page."""
    if not rule:
        return Markup("")
    try:
        title = rulebook.rule(rule, str(get_locale())).title
    except KeyError:
        return Markup(f'<span class="rule">{escape(rule)}</span>')
    return Markup(
        f'<a class="rule" href="{escape(rule_url(rule, variant))}" '
        f'title="{escape(title)}">{escape(rule)}</a>'
    )


def paragraphs(text: str) -> Markup:
    """A rule's text (paragraphs and "- " lists) as HTML."""
    out = []
    for block in text.split("\n\n"):
        lines = block.split("\n")
        items = [ln[2:] for ln in lines if ln.startswith("- ")]
        head = [ln for ln in lines if not ln.startswith("- ")]
        if head:
            out.append(f"<p>{escape(' '.join(head))}</p>")
        if items:
            out.append("<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>")
    return Markup("\n".join(out))


def init_app(app: Flask) -> None:
    app.add_template_filter(rule_url, "rule_url")
    app.add_template_filter(variant_title, "variant_title")
    app.add_template_global(rule_link)
    app.add_template_filter(paragraphs, "paragraphs")
