"""`/healthz`: a bare route for a reverse proxy's health check, and the load test's yardstick
(the cost of a request that does nothing, in the same server)."""

from __future__ import annotations

from flask import Blueprint

health = Blueprint("health", __name__)


@health.get("/healthz")
def healthz():
    return "ok\n", 200, {"Content-Type": "text/plain", "Cache-Control": "no-store"}
