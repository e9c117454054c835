"""Fixtures for the browser tests: the app served on 127.0.0.1 (a random free port, a
threaded werkzeug server in a background thread, a temporary SQLite file), Debian's
Chromium driven by Playwright (sync API; nothing is downloaded), and phone-sized pages
(390 x 844, touch) that may load nothing from any other host.

Without /usr/bin/chromium the tests are skipped, with the reason, except under CI (the
CI environment variable set), where they fail: CI must run them."""

from __future__ import annotations

import os
import threading

import pytest
from browserkit import Tables, load_page_weight
from werkzeug.serving import make_server

from app import migrated_app
from referee.web.store import db

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            assert item.get_closest_marker("browser"), f"{item.nodeid} is not marked browser"


@pytest.fixture(scope="session")
def live(tmp_path_factory):
    """(app, base URL): the app served by a threaded werkzeug server on a random port."""
    folder = tmp_path_factory.mktemp("browser-db")
    app = migrated_app(
        {
            "TESTING": True,
            "SECRET_KEY": "browser-tests",
            "RANDOM_SEED": 7,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'referee.sqlite'}",
            "LISTEN_HOST": "127.0.0.1",  # the links stay on it (no network address)
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-app", daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(10)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture(scope="session")
def base_url(live):
    return live[1]


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium, launched once for the whole session."""
    if not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is missing (apt-get install chromium, or run scripts/test.sh)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


class Offsite:
    """Every request a page made to another host (there must be none)."""

    def __init__(self):
        self.requests: list[str] = []


@pytest.fixture(scope="session")
def offsite():
    return Offsite()


@pytest.fixture
def new_phone(chromium, base_url, offsite):
    """Make a phone: a new browser context (390 x 844, touch) and its page. Requests to any
    other host are refused and recorded."""
    contexts = []
    host = base_url.split("//", 1)[1]

    def make(javascript: bool = True):
        context = chromium.new_context(
            viewport=PHONE,
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
            java_script_enabled=javascript,
            base_url=base_url,
            locale="en-GB",
        )
        context.set_default_timeout(10_000)

        def guard(route):
            url = route.request.url
            here = url.split("//", 1)[-1].split("/", 1)[0] == host
            if here or url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                offsite.requests.append(url)
                route.abort()

        context.route("**/*", guard)
        contexts.append(context)
        return context.new_page()

    yield make
    for c in contexts:
        c.close()


@pytest.fixture
def page(new_phone):
    return new_phone()


@pytest.fixture
def table(live):
    """Start matches and record moves straight through the app (not counted as taps)."""
    return Tables(live[0])


@pytest.fixture(scope="session")
def page_weight():
    return load_page_weight()


@pytest.fixture(autouse=True)
def nothing_from_elsewhere(request, offsite):
    """After every browser test: no page asked any other host for anything."""
    before = len(offsite.requests)
    yield
    assert offsite.requests[before:] == [], "requests to other hosts"
