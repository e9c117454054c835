"""Helpers for the browser tests: start tables and record moves straight through the app,
count taps, and wait for the table a page shows to change."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from playwright.sync_api import expect

CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


class Tables:
    def __init__(self, app):
        self.client = app.test_client()
        html = self.client.get("/import").get_data(as_text=True)
        self.csrf = CSRF.search(html).group(1)
        self.names: dict[str, list[str]] = {}

    def start(self, variant: str, names: list[str], **options) -> str:
        data = {"csrf_token": self.csrf, "count": len(names), **options}
        data.update({f"names-{i}": n for i, n in enumerate(names)})
        r = self.client.post(f"/new/{variant}", data=data)
        assert r.status_code == 302, r.get_data(as_text=True)[:1000]
        token = r.location.rsplit("/", 1)[1]
        self.names[token] = list(names)
        return token

    def position(self, token: str) -> tuple[int, int]:
        html = self.client.get(f"/t/{token}").get_data(as_text=True)
        m = re.search(r'data-hand="(\d+)" data-after="(\d+)"', html)
        return int(m.group(1)), int(m.group(2))

    def moves(self, token: str, text: str) -> None:
        """Moves said as "Ana 5-5; Ben 5-0 on 5-5; Cleo draw 2; Dan pass"."""
        for line in (part.strip() for part in text.split(";")):
            if not line:
                continue
            hand, after = self.position(token)
            name, *rest = line.split()
            data = {"csrf_token": self.csrf, "hand": hand, "after": after,
                    "seat": self.names[token].index(name)}  # fmt: skip
            if rest == ["pass"]:
                kind = "pass"
            elif rest[0] == "draw":
                kind, data["count"] = "draw", rest[1] if len(rest) > 1 else 1
            else:
                kind, data["tile"] = "play", rest[0]
                if len(rest) == 3:
                    data["on"] = rest[2]
            r = self.client.post(f"/t/{token}/{kind}", data=data)
            assert r.status_code == 302, (line, r.get_data(as_text=True)[:1000])

    def read_token(self, token: str) -> str:
        html = self.client.get(f"/t/{token}").get_data(as_text=True)
        return re.search(r'id="read-link" href="[^"]*/s/([^"]+)"', html).group(1)

    def settle(self, token: str, left: dict[str, str]) -> None:
        """Enter the tiles left in each hand ({"Ben": "6-6 4-2"})."""
        hand, after = self.position(token)
        data = {"csrf_token": self.csrf, "hand": hand, "after": after}
        for name, tiles in left.items():
            data[f"left-{self.names[token].index(name)}"] = tiles
        r = self.client.post(f"/t/{token}/end", data=data)
        assert r.status_code == 302, r.get_data(as_text=True)[:1000]


class Taps:
    """Taps on one phone, counted: what the tests hold the table screen to."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def tap(self, locator) -> None:
        locator.tap()
        self.count += 1


def version(page) -> str:
    return page.locator("#table").get_attribute("data-version")


def wait_for_new_table(page, before: str, timeout: float = 10_000) -> None:
    """Wait until the page shows another table than `before` (its version), swapped in."""
    page.wait_for_function(
        """v => { const t = document.getElementById('table');
                  return t && t.dataset.version !== v && !t.hasAttribute('aria-busy'); }""",
        arg=before,
        timeout=timeout,
    )


def ready(page) -> None:
    """Wait until the table's scripts have run (table.js, then history.js, which marks the
    history entry): a tap or Back sooner is one no person at a table makes."""
    page.wait_for_function("() => window.refereeSwap !== undefined && history.state !== null")


def wait_for_choice(page, tile: str) -> None:
    page.wait_for_function(
        """tile => { const c = document.getElementById('chosen');
                     return c && c.dataset.tile === tile
                       && !document.getElementById('table').hasAttribute('aria-busy'); }""",
        arg=tile,
    )


def load_page_weight():
    """scripts/page_weight.py as a module (it is a script, not a package)."""

    path = Path(__file__).resolve().parents[2] / "scripts" / "page_weight.py"
    spec = importlib.util.spec_from_file_location("page_weight", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Phone:
    """A player's phone at the table: every tap counted, and the taps of every move kept."""

    def __init__(self, page):
        self.page = page
        self.taps = Taps(page)
        self.log: list[tuple[str, int]] = []  # (move, taps)

    def places(self) -> list[str]:
        """The places highlighted on the layout (data-on of each marker)."""
        return sorted(self.page.locator(".layout .place").evaluate_all(
            "marks => marks.map(m => m.dataset.on)"))  # fmt: skip

    def choose(self, tile: str) -> None:
        ready(self.page)
        self.taps.tap(self.page.locator(f'#picker button[value="{tile}"]'))
        wait_for_choice(self.page, tile)

    def lay(self, tile: str, *, places: list[str], on: str | None = None, by: str | None = None):
        """Tap the tile, check the places highlighted, then tap the place on the layout (`on`),
        the button of the player who leads (`by`), or the one confirm button."""
        page, start = self.page, self.taps.count
        before = version(page)
        self.choose(tile)
        assert self.places() == sorted(places), (tile, self.places())
        if on is not None:  # on the picture itself
            self.taps.tap(page.locator(f'.layout .place[data-on="{on}"]'))
        elif by is not None:
            self.taps.tap(page.locator("#places button", has_text=re.compile(f"^{by} ")))
        else:
            confirm = page.locator("#places button.confirm")
            expect(confirm).to_have_count(1)
            self.taps.tap(confirm)
        wait_for_new_table(page, before)
        self.log.append((f"{tile}" + (f" on {on}" if on else ""), self.taps.count - start))

    def button(self, selector: str, what: str) -> None:
        """A move of one tap (Draw, Pass, the lot)."""
        page, start, before = self.page, self.taps.count, version(self.page)
        self.taps.tap(page.locator(selector))
        wait_for_new_table(page, before)
        self.log.append((what, self.taps.count - start))

    def undo(self) -> None:
        """Undo, then its confirmation."""
        page, start, before = self.page, self.taps.count, version(self.page)
        self.taps.tap(page.locator("#undo-link"))
        self.taps.tap(page.locator("#undo-form button"))
        wait_for_new_table(page, before)
        self.log.append(("undo", self.taps.count - start))

    def count(self) -> str:
        return self.page.locator("#count").inner_text()

    def scores(self) -> dict[str, tuple[int, int]]:
        """Each side's points in this hand and in the match, as the score table shows them."""
        rows = self.page.locator("#scores tbody tr").evaluate_all(
            "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText,"
            " r.cells[2].innerText])")  # fmt: skip
        return {side: (int(hand), int(total)) for side, hand, total in rows}
