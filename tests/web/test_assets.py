"""The app's own scripts and stylesheets reach phones minified: smaller, same behaviour
(the browser tests run on what is served), comments gone; vendored files as they are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.mark.parametrize("name", ["js/table.js", "style.css", "js/offline.js"])
def test_own_assets_are_served_minified(client, name):
    source = (STATIC / name).read_bytes()
    r = client.get(f"/static/{name}")
    assert r.status_code == 200
    body = r.get_data()
    assert len(body) < 0.85 * len(source)
    assert b"/*" not in body.replace(b"/*!", b"")  # no comments left
    assert r.headers["Content-Length"] == str(len(body))
    assert r.headers.get("ETag")


def test_minified_script_keeps_its_code(client):
    body = client.get("/static/js/table.js").get_data(as_text=True)
    for name in ("withKit", "function swap(", "X-Requested-With", "data-version"):
        assert name in body, name


def test_vendored_files_are_served_as_they_are(client):
    name = "vendor/idb/idb.umd.js"
    assert client.get(f"/static/{name}").get_data() == (STATIC / name).read_bytes()


def test_kit_is_minified_too(client):
    html = client.get("/sw.js").get_data(as_text=True)
    kit = re.search(r'"url": "(/offline/kit\.js\?v=\w+)"', html).group(1)
    body = client.get(kit).get_data()
    sources = sum(len((STATIC / f).read_bytes()) for f in ("js/outbox.js", "js/offline.js"))
    vendored = sum(
        len((STATIC / f).read_bytes())
        for f in ("vendor/idb/idb.umd.js", "vendor/workbox-window/workbox-window.prod.umd.js")
    )
    assert b"RefereeOutbox" in body and b"RefereeOffline" in body
    assert len(body) < vendored + 0.85 * sources
