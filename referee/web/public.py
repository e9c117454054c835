"""The address the phones use, for every card, QR code and shared link (`link`), and the
reverse proxies in front (`TRUSTED_PROXIES`).

- ``PUBLIC_URL`` (e.g. ``https://club.example.org`` or ``http://192.168.1.20:5000``): every
  link a phone is given starts with it.
- Without it the links carry the request's own scheme and host, except when the page was
  opened on this machine (``localhost``, ``127.0.0.1``, ``::1``), which no phone can reach:
  then they carry this machine's network address, and the page says so (`note`). That
  address is the one the server listens on (``HOST``, as `scripts/run.sh` reads it) when it
  is a single one; on every address (``0.0.0.0``, the default) `lan_address`; on loopback
  alone (``HOST=127.0.0.1``) no phone can reach the server, and the links stay as opened.
- The command line (`flask secretary`) has no request: it asks `link` as a page opened on
  this machine at ``PORT`` would (`here`).
- ``TRUSTED_PROXIES=N`` (default 0): N reverse proxies stand in front, and their
  ``X-Forwarded-For``/``-Proto``/``-Host``/``-Port``/``-Prefix`` are believed (Werkzeug's
  ProxyFix): the client's address, the scheme and the host are the proxy's, not the app
  server's, so no guess of the network address is made. With 0 those headers are ignored:
  anyone can send them.
"""

from __future__ import annotations

import ipaddress
import os
from urllib.parse import urlsplit

from flask import Flask, current_app, g, request
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.middleware.proxy_fix import ProxyFix

from . import links
from .server.serve import lan_address

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def init_app(app: Flask) -> None:
    """Read TRUSTED_PROXIES and PUBLIC_URL (the environment, unless the configuration has
    them), put ProxyFix in front when proxies are trusted, and give the templates `link`
    and `public_note`. Called last, so that ProxyFix sees every request first."""
    proxies = app.config.get("TRUSTED_PROXIES", os.environ.get("TRUSTED_PROXIES", "0"))
    try:
        proxies = int(proxies or 0)
    except ValueError:
        raise RuntimeError(
            f"TRUSTED_PROXIES must be a number of proxies, not {proxies!r}"
        ) from None
    if proxies < 0:
        raise RuntimeError("TRUSTED_PROXIES must be 0 or more")
    app.config["TRUSTED_PROXIES"] = proxies
    base = app.config.get("PUBLIC_URL", os.environ.get("PUBLIC_URL", "")) or ""
    base = base.strip().rstrip("/")
    if base and (urlsplit(base).scheme not in ("http", "https") or not urlsplit(base).netloc):
        raise RuntimeError(f"PUBLIC_URL must be an http:// or https:// address, not {base!r}")
    app.config["PUBLIC_URL"] = base
    app.config.setdefault("LISTEN_HOST", os.environ.get("HOST", ""))
    if proxies:
        app.wsgi_app = ProxyFix(
            app.wsgi_app,
            x_for=proxies,
            x_proto=proxies,
            x_host=proxies,
            x_port=proxies,
            x_prefix=proxies,
        )
    app.jinja_env.globals["public_link"] = link
    app.jinja_env.globals["public_note"] = note


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address, without the port) is this machine's alone."""
    host = host.strip("[]").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_address(listen: str) -> str | None:
    """Where phones reach a server listening on `listen` (its HOST): that address, or on
    every address this machine's network address; None on loopback alone."""
    listen = listen.strip().strip("[]")
    if listen in ("", "0.0.0.0", "::"):
        return lan_address()
    if is_loopback(listen):
        return None
    return f"[{listen}]" if ":" in listen else listen


def base_url() -> tuple[str, bool]:
    """(the address phones use, without a trailing slash; whether it is a guess of this
    machine's network address): worked out once per request (a table's page carries four
    links)."""
    found = g.get("public_base")
    if found is None:
        found = g.public_base = _base_url()
    return found


def _base_url() -> tuple[str, bool]:
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured, False
    root = request.url_root.rstrip("/")
    if current_app.config.get("TRUSTED_PROXIES"):
        return root, False  # the proxy's host wins
    here = urlsplit("//" + request.host)
    if not is_loopback(here.hostname or ""):
        return root, False
    address = network_address(current_app.config.get("LISTEN_HOST") or "")
    if address is None:
        return root, False
    netloc = address + (f":{here.port}" if here.port else "")
    return f"{request.scheme}://{netloc}{request.script_root}", True


def link(endpoint: str, **values) -> str:
    """The address of `endpoint` as a phone opens it: every card, QR code and shared link
    goes through here."""
    path = links.url_for(endpoint, **values)
    root = request.script_root
    if root and path.startswith(root):
        path = path[len(root) :]
    base, _guessed = base_url()
    return base + path


def here() -> str:
    """This server's address on this machine (``PORT``, https with ``CERT`` and ``KEY``, as
    `scripts/run.sh` serves): where no request says it (the command line), `link` under a
    request made at it gives what a page opened here gives."""
    scheme = "https" if os.environ.get("CERT") and os.environ.get("KEY") else "http"
    return f"{scheme}://localhost:{os.environ.get('PORT') or 5000}"


def note() -> Markup:
    """The sentence that says which address the cards carry, when it is a guess."""
    base, guessed = base_url()
    if not guessed:
        return Markup("")
    text = _("Phones reach this app at %(url)s; set PUBLIC_URL to change it.", url=base)
    return Markup('<p class="hint" id="public-note">{}</p>').format(text)
