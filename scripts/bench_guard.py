"""Time from a table page's navigation until Back's guard is in place, on a slow link.

    .venv/bin/python scripts/bench_guard.py URL_A [URL_B] [--loads 12]

Each URL is a running server (`scripts/run.sh`). A match is started on each through its
start form, then the players' table page is loaded again and again in a fresh browser
context (no cache, no service worker: a phone's first load in a hall), on a link Chromium
slows to 100 ms and then 300 ms of latency and 200 KB/s, servers taken in turn (A B A B).
Printed: per server and latency, the median and range of the milliseconds from the start
of the navigation until `history.state` is set (static/js/history.js has run: until then
Back leads to the page before, the start form). Needs Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
LATENCIES = (100, 300)  # ms
PER_TURN = 3  # loads of one server before the next server's


def start_match(browser, base: str) -> str:
    """The players' table page of a new two-player Five-Up match on `base`."""
    page = browser.new_page()
    page.goto(base.rstrip("/") + "/new/five-up?players=2")
    page.fill("#names-0", "Ana")
    page.fill("#names-1", "Ben")
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    page.wait_for_url(re.compile(r"/t/"))
    url = page.url
    page.close()
    return url


def guard_times(browser, url: str, latency: int, loads: int) -> list[float]:
    times = []
    for _ in range(loads):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": latency,
                "downloadThroughput": 200_000,
                "uploadThroughput": 100_000,
            },
        )
        began = time.perf_counter()
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => history.state !== null", polling=5)
        times.append((time.perf_counter() - began) * 1000)
        context.close()
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("urls", nargs="+", help="servers, e.g. http://127.0.0.1:5000")
    parser.add_argument("--loads", type=int, default=12, help="loads per server and latency")
    args = parser.parse_args(argv)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        tables = [start_match(browser, u) for u in args.urls]
        for latency in LATENCIES:
            got: dict[str, list[float]] = {u: [] for u in args.urls}
            while len(got[args.urls[0]]) < args.loads:
                for base, table in zip(args.urls, tables, strict=True):
                    got[base] += guard_times(browser, table, latency, PER_TURN)
            for base, times in got.items():
                print(
                    f"latency {latency} ms  {base}  guard in place after "
                    f"{statistics.median(times):.0f} ms (median of {len(times)}; "
                    f"{min(times):.0f}–{max(times):.0f})"
                )
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
