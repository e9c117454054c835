"""Offline tables: the service worker, the web app manifest, and the outbox endpoint that
takes the moves a phone kept while the referee could not be reached (static/js/offline.js).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, current_app, jsonify, render_template, request, url_for
from flask_babel import gettext

from .. import assets
from ..table.offline import rendered_at
from . import outbox

bp = Blueprint("offline", __name__)
bp.add_app_template_global(rendered_at)


def N_(text: str) -> str:  # noqa: N802  (marks a word for the catalogue; gettext later)
    return text


# What a phone needs to show a table without the network (precached by the worker).
SHELL = ["style.css", "favicon.svg", "js/table.js", "js/history.js", "icons/icon-192.png"]
# The offline kit table.js loads once the page is shown: one script made of these.
KIT = [
    "vendor/idb/idb.umd.js",
    "js/outbox.js",
    "vendor/workbox-window/workbox-window.prod.umd.js",
    "js/offline.js",
]


def _kit() -> tuple[str, str]:
    """(the kit's text, its digest), read again when a file of it changes."""
    folder = Path(current_app.static_folder)
    stamp = tuple((folder / f).stat().st_mtime for f in KIT)
    cached = current_app.extensions.get("offline_kit")
    if cached is None or cached[0] != stamp:
        text = "\n".join(assets.minified(folder, f).decode("utf-8") for f in KIT)
        digest = hashlib.sha256(text.encode()).hexdigest()[:10]
        cached = current_app.extensions["offline_kit"] = (stamp, text, digest)
    return cached[1], cached[2]


@bp.app_template_global("offline_kit")
def kit_url() -> str:
    return url_for("offline.kit", v=_kit()[1])


@bp.get("/offline/kit.js")
def kit():
    text, digest = _kit()
    response = current_app.response_class(text, mimetype="text/javascript")
    if request.args.get("v") == digest:
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response


@bp.get("/sw.js")
def service_worker():
    static_url = current_app.jinja_env.globals["static_url"]
    precache = [{"url": static_url(f), "revision": None} for f in SHELL]
    precache.append({"url": kit_url(), "revision": None})
    version = hashlib.sha256(json.dumps(precache).encode()).hexdigest()[:12]
    body = render_template(
        "sw.js",
        version=version,
        workbox_sw=url_for("static", filename="vendor/workbox/workbox-sw.js"),
        modules=url_for("static", filename="vendor/workbox").rstrip("/"),
        idb=static_url("vendor/idb/idb.umd.js"),
        outbox=static_url("js/outbox.js"),
        precache=precache,
    )
    response = current_app.response_class(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # a new worker as soon as the app changes
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    icons = [
        {
            "src": url_for("static", filename=f"icons/icon-{s}.png"),
            "sizes": f"{s}x{s}",
            "type": "image/png",
            "purpose": "any",
        }
        for s in (192, 512)
    ]
    body = {
        "name": "Domino Referee",
        "short_name": "Referee",
        "start_url": url_for("main.home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#173a2a",
        "theme_color": "#173a2a",
        "icons": icons,
    }
    response = current_app.response_class(json.dumps(body), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@bp.post("/t/<token>/outbox")
def receive(token: str):
    """One move a phone kept offline, as JSON with its client id: judged as if live.
    The answer is JSON: {ok, message, rule, rule_url, duplicate}; a move sent twice is
    stored once and gets the first answer again."""
    data = request.get_json(silent=True)
    answer, status = outbox.receive(token, data)
    variant = answer.pop("variant", None)
    if answer.get("rule") and variant:
        answer["rule_url"] = url_for("main.rules", variant=variant, _anchor=answer["rule"])
    return jsonify(answer), status


# The words offline.js shows, in the page's language (it reads them from data-words).
WORDS = [
    N_("%(player)s passes"),
    N_("%(player)s draws"),
    N_("%(player)s leads %(tile)s"),
    N_("%(player)s lays %(tile)s on %(on)s"),
    N_("Offline since %(time)s."),
    N_("The table below is as this phone last saw it."),
    N_("refused"),
    N_("pending, recorded at %(time)s"),
    N_("Drop this move"),
    N_("Change it"),
    N_("Take back"),
    N_("Waiting for the referee"),
    N_(
        "These moves are kept on this phone. Nothing is scored until the referee has judged "
        "them: they are sent in order when the network returns. The layout shows the table "
        "as the referee last judged it."
    ),
    N_("the lead"),
    N_("Player"),
    N_("Tile"),
    N_("on"),
    N_("Lay it (pending)"),
    N_("Draw (pending)"),
    N_("Pass (pending)"),
    N_(
        "No answer from the referee (is the network down?). Nothing changed on this phone: "
        "tap again. A move already recorded is never recorded twice."
    ),
]


@bp.get("/offline/words.json")
def words():
    """offline.js's words in the page's language (the worker keeps them for offline)."""
    response = jsonify({w: gettext(w) for w in WORDS})
    response.headers["Vary"] = "Cookie, Accept-Language"
    return response
