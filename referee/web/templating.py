"""The app's Jinja environment: Flask's, with each template's globals the environment's
own dict instead of a `ChainMap` over it, and each template compiled once per language
with its fixed sentences translated.

Jinja gives every template loaded without globals of its own a `ChainMap({}, globals)`.
Each render copies it into the template's context, and each `{% from ... import %}`
compares its keys with the importer's: through a ChainMap both walk every map for every
one of the app's 44 globals, 21 µs and 23 µs of a page's 0.5 ms render (the table
screen's, before it was made in Python). The app never gives a template globals of its
own, so the environment's dict serves them all (the same dict: a global added later is
seen by every template, as before).

A sentence with nothing to fill in, `{{ _('Score') }}`, says the same in a language at
every render, yet costs a call through Jinja's context, a catalogue lookup and a `Markup`
each time (35 of them in the table screen, then a template: a fifth of its render). So a
template asked for in a request is loaded from that language's overlay of the
environment (`overlay`: the same loader, globals and filters, a cache of its own), which
compiles each such call to the translated sentence itself; a sentence with values
(`_('%(player)s to play.', player=...)`) is still translated at every render. Outside a
request (the CLI, a script) templates are compiled as they are."""

from __future__ import annotations

import threading
from collections.abc import MutableMapping
from typing import Any

from flask import has_request_context
from flask.templating import Environment as FlaskEnvironment
from flask_babel import get_locale
from jinja2 import nodes
from jinja2.visitor import NodeTransformer

TRANSLATED = ("_", "gettext")  # the template globals of a sentence (referee/web/i18n.py)


class Environment(FlaskEnvironment):
    language: str | None = None  # an overlay's: its fixed sentences are translated

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        if not d:
            return self.globals
        return super().make_globals(d)

    def _load_template(self, name, globals):
        overlay = self._language_overlay()
        if overlay is None:
            return super()._load_template(name, globals)
        return overlay._load_template(name, globals)

    def _language_overlay(self) -> Environment | None:
        """The overlay of the request's language (made at its first template), or None:
        this is an overlay, or there is no request."""
        if self.language is not None or not has_request_context():
            return None
        code = str(get_locale())
        overlays = self.__dict__.setdefault("language_overlays", {})
        found = overlays.get(code)
        if found is None:
            with _MAKING:
                found = overlays.get(code)
                if found is None:
                    found = self.overlay(cache_size=getattr(self.cache, "capacity", 400))
                    found.language = code
                    overlays[code] = found
        return found

    def _parse(self, source, name, filename):
        tree = super()._parse(source, name, filename)
        if self.language is None or str(get_locale()) != self.language:
            return tree  # (compiled outside its language's request: as it is)
        from .i18n import catalogue

        return _Translate(catalogue()).visit(tree)


_MAKING = threading.Lock()


class _Translate(NodeTransformer):
    """Each `_('a fixed sentence')` as the sentence in the catalogue's language, marked
    safe under autoescape (as the global `_` gives it: referee/web/i18n.py)."""

    def __init__(self, catalogue):
        self.catalogue = catalogue

    def visit_Call(self, node: nodes.Call):
        node = self.generic_visit(node)
        fixed = (
            isinstance(node.node, nodes.Name)
            and node.node.name in TRANSLATED
            and len(node.args) == 1
            and isinstance(node.args[0], nodes.Const)
            and isinstance(node.args[0].value, str)
            and not node.kwargs
            and node.dyn_args is None
            and node.dyn_kwargs is None
        )
        if not fixed:
            return node
        try:
            text = self.catalogue.ugettext(node.args[0].value) % {}
        except (KeyError, TypeError, ValueError):  # as it would fail at every render
            return node
        return nodes.MarkSafeIfAutoescape(nodes.Const(text), lineno=node.lineno)
