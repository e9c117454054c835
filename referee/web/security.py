"""Safe defaults on every response: a Content-Security-Policy that lets a page load only
what this app serves (no inline script, no inline style, no framing), no MIME sniffing,
no referrer sent to other sites, and no server version in the `Server` header.

Pages must keep to the policy: scripts come from `static/js/`, styles from
`static/style.css`; no `<script>` bodies, no `on...=` handlers, no `style=` attributes.

`Server`: Werkzeug's development server names its version and Python's in every answer;
`init_app` makes it say "Werkzeug" alone. Granian (`scripts/run.sh`) says "granian"
without a version, and the app adds no `Server` header of its own.
"""

from __future__ import annotations

from flask import Flask

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",  # frame-ancestors for older browsers
}


def init_app(app: Flask) -> None:
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    _quiet_development_server()

    @app.after_request
    def safe_headers(response):
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        return response


def _quiet_development_server() -> None:
    """Werkzeug's development server (`flask run`) says "Werkzeug" in `Server`, without
    its version or Python's."""
    from werkzeug.serving import WSGIRequestHandler

    WSGIRequestHandler.version_string = lambda self: "Werkzeug"
