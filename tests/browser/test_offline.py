"""Offline (static/js/offline.js, templates/sw.js): a phone that loses the network keeps
recording; its moves wait on the phone, survive a reload without the network, and are
judged and stored once when it returns; a move another phone recorded meanwhile stops
the queue with the referee's words."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def ready(page, url: str) -> None:
    """Open the table, wait until the service worker controls the page (one reload) and
    the offline kit is loaded."""
    page.goto(url)
    page.wait_for_function("() => !!window.RefereeOffline", timeout=15_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now through the worker, which keeps the page
    page.wait_for_function(
        "() => !!window.RefereeOffline && !!navigator.serviceWorker.controller", timeout=15_000
    )


def keep(page, tile: str, on: str) -> None:
    """Record a play without the network: tap the tile, then lay it on `on` (pending)."""
    page.locator(f'#picker button[value="{tile}"]').tap()
    form = page.locator("#offline-form")
    expect(form).to_be_visible()
    expect(page.locator("#offline-tile")).to_have_value(tile)
    page.locator("#offline-on").select_option(on)
    n = page.locator("#pending-list li").count()
    page.locator('#offline-form button[value="play"]').tap()
    expect(page.locator("#pending-list li")).to_have_count(n + 1)


def stored(table, token) -> list[str]:
    html = table.client.get(f"/t/{token}/record.json").get_json(force=True)
    return [m.get("play") or next(iter(m)) for h in html["hands"] for m in h["moves"]]


def test_three_moves_offline_survive_a_reload_and_are_stored_once(new_phone, table):
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page = new_phone()
    ready(page, f"/t/{t}")
    page.context.set_offline(True)
    keep(page, "5-0", "5-5")  # Ben
    expect(page.locator("#offline-seat")).to_have_value("0")  # the phone offers Ana next
    keep(page, "5-1", "5-5")  # Ana
    keep(page, "3-0", "5-0")  # Ben
    items = page.locator("#pending-list li .what")
    expect(items).to_have_text(
        ["Ben lays 5-0 on 5-5", "Ana lays 5-1 on 5-5", "Ben lays 3-0 on 5-0"]
    )
    expect(page.locator("#offline")).to_contain_text("Offline since")
    expect(page.locator("#pending")).to_contain_text("Nothing is scored")
    assert stored(table, t) == ["5-5"]  # nothing reached the referee
    # the last pending move can be taken back before it is sent, and made again
    page.locator("#pending-list li").last.locator("button", has_text="Take back").tap()
    expect(page.locator("#pending-list li")).to_have_count(2)
    expect(page.locator("#offline-seat")).to_have_value("1")  # Ben again
    keep(page, "3-0", "5-0")
    expect(items.last).to_have_text("Ben lays 3-0 on 5-0")

    page.reload()  # without the network: the service worker's copy, and the phone's outbox
    expect(page.locator("#pending-list li .what")).to_have_count(3)
    expect(page.locator("#offline")).to_contain_text("Offline since")

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#pending-list li")).to_have_count(0, timeout=15_000)
    expect(page.locator("#moves li")).to_have_count(4, timeout=15_000)  # the referee's table
    assert stored(table, t) == ["5-5", "5-0", "5-1", "3-0"]


def test_the_offline_banner_says_a_24_hour_clock(new_phone, table):
    """Issue 43.4: "Offline since 01:05 PM." on an English page: a 24-hour clock, as every
    other time the app shows (and the phone's pending moves' times likewise)."""
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page = new_phone()
    ready(page, f"/t/{t}")
    page.context.set_offline(True)
    keep(page, "5-0", "5-5")
    expect(page.locator("#offline")).to_contain_text(re.compile(r"Offline since \d\d:\d\d\."))
    expect(page.locator("#pending-list")).to_contain_text(
        re.compile(r"recorded at \d\d:\d\d(?!\d)")
    )
    expect(page.locator("#pending-list")).not_to_contain_text(re.compile(r"[AP]M"))
    page.context.set_offline(False)


def test_a_move_recorded_meanwhile_stops_the_queue(new_phone, table):
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page = new_phone()
    ready(page, f"/t/{t}")
    page.context.set_offline(True)
    keep(page, "5-0", "5-5")  # Ben, kept on this phone
    keep(page, "5-1", "5-5")  # Ana
    table.moves(t, "Ben 5-4 on 5-5")  # meanwhile another phone recorded Ben's move
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    refused = page.locator("#pending-list li.refused-move")
    expect(refused).to_have_count(1, timeout=15_000)
    expect(refused.locator("[role=alert]")).to_contain_text("already recorded: Ben laid 5-4 on 5-5")
    expect(page.locator("#pending-list li")).to_have_count(2)  # nothing after it was sent
    assert stored(table, t) == ["5-5", "5-4"]
    # the table drops the move that was never made; the next one follows the table as it is
    refused.locator("button", has_text="Drop this move").tap()
    expect(page.locator("#pending-list li")).to_have_count(0, timeout=15_000)
    assert stored(table, t) == ["5-5", "5-4", "5-1"]


def test_a_move_whose_answer_was_lost_is_stored_once(new_phone, table):
    t = table.start("five-up", ["Ana", "Ben"])
    page = new_phone()
    ready(page, f"/t/{t}")
    page.context.set_offline(True)
    keep(page, "5-5", "")  # Ana leads
    lost = []

    def lose_the_answer(route):  # the move reaches the referee, its answer never comes back
        if not lost:
            lost.append(route.fetch().status)
            route.abort()
        else:
            route.continue_()

    page.route("**/outbox", lose_the_answer)
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_function("() => true")
    expect(page.locator("#pending-list li")).to_have_count(0, timeout=30_000)
    assert lost == [200]
    assert stored(table, t) == ["5-5"]


ACTIVATED = """() => navigator.serviceWorker.ready.then(r => {
  const w = r.active;
  return w.state === 'activated' || new Promise(ok => w.addEventListener('statechange',
    () => w.state === 'activated' && ok(true)));
})"""


def test_a_table_opened_once_reloads_offline(new_phone, table):
    """Issue 17.11: one visit with the network is enough. The page that installs the
    service worker is not controlled by it; the worker keeps it when it activates."""
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page = new_phone()
    page.goto(f"/t/{t}?tile=5-0")  # opened once (a tile chosen: the table itself is kept)
    page.wait_for_function("() => !!window.RefereeOffline", timeout=15_000)
    assert page.evaluate(ACTIVATED)
    page.context.set_offline(True)
    page.goto(f"/t/{t}")  # reloaded without the network
    expect(page.locator("#turn")).to_have_text("Ben to play.")
    expect(page.locator("#layout .tile")).to_have_count(1)
    keep(page, "5-0", "5-5")  # and it still records offline
    expect(page.locator("#pending-list li .what")).to_have_text(["Ben lays 5-0 on 5-5"])


def test_the_https_hint_shows_only_on_plain_http(chromium, live, new_phone, table):
    """Reloading offline and installing the app need a secure origin: the table screen
    says so on a plain-HTTP address (a hall's laptop at http://192.168.…), not on HTTPS
    or this machine's own address."""
    t = table.start("five-up", ["Ana", "Ben"])
    page = new_phone()  # http://127.0.0.1: a secure origin (this machine)
    page.goto(f"/t/{t}")
    expect(page.locator("#turn")).to_be_visible()
    assert page.evaluate("window.isSecureContext")
    expect(page.locator("#insecure")).to_be_hidden()
    port = live[1].rsplit(":", 1)[1]
    hall = chromium.browser_type.launch(  # the same server under a name: plain HTTP
        executable_path="/usr/bin/chromium",
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--host-resolver-rules=MAP hall.test 127.0.0.1",
        ],
    )
    try:
        context = hall.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        context.route(
            "**/*", lambda r: r.continue_() if "//hall.test:" in r.request.url else r.abort()
        )
        other = context.new_page()
        other.goto(f"http://hall.test:{port}/t/{t}")
        assert not other.evaluate("window.isSecureContext")
        hint = other.locator("#insecure")
        expect(hint).to_be_visible()
        expect(hint).to_contain_text("need HTTPS")
        other.locator('#picker button[value="5-5"]').tap()  # and after a swap too
        expect(other.locator("#chosen")).to_be_visible()
        expect(hint).to_be_visible()
    finally:
        hall.close()
