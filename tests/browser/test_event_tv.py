"""An event's TV mode on a 1920 x 1080 wall (issue 43.4): it follows the event as its
tables record moves, and shows the next round once the director starts it, each within
5 seconds and without a reload (static/js/event.js polls the event's one version route)."""

from __future__ import annotations

import random
import re

import pytest
from browserkit import CSRF

from referee.engine import Match
from referee.engine.simulate import play_hand

pytestmark = pytest.mark.browser

WITHIN = 5_000  # ms
NAMES = ["Ana", "Ben", "Cleo", "Dan"]


class Night:
    """A director and the tables' phones, straight through the app."""

    def __init__(self, app):
        self.client = app.test_client()
        self.csrf = CSRF.search(self.client.get("/import").get_data(as_text=True)).group(1)

    def post(self, url: str, **data):
        r = self.client.post(url, data={"csrf_token": self.csrf, **data})
        assert r.status_code == 302, (url, r.get_data(as_text=True)[:1000])
        return r

    def create(self) -> str:
        r = self.post(
            "/events/new",
            variant="five-up",
            name="Club night",
            format="swiss",
            rounds=2,
            target=10,
            entrants="\n".join(NAMES),
        )
        return r.location.rsplit("/", 1)[1]

    def page(self, token: str) -> str:
        return self.client.get(f"/e/{token}").get_data(as_text=True)

    def public(self, token: str) -> str:
        return re.search(r'id="public-link" href="[^"]*/p/([^"]+)"', self.page(token)).group(1)

    def matches(self, token: str) -> list[str]:
        """The current round's matches (their players' tokens), in table order."""
        out = []
        for link in re.findall(r'href="[^"]*(/et/[^"]+)"', self.page(token)):
            r = self.client.get(link)
            assert r.status_code == 302
            out.append(r.location.rsplit("/", 1)[1])
        return out

    def hand(self, token: str, match: Match, rng: random.Random) -> None:
        """One hand of random legal moves, recorded as the table's phone would."""
        number = len(match.hands) + 1
        hand = play_hand(match, rng)
        for after, m in enumerate(hand.moves):
            form = {"hand": number, "after": after, "seat": m.player}
            if m.kind == "play":
                on = hand.laid_on(m.tile)
                form.update(tile=str(m.tile), on=str(on) if on else "")
            elif m.kind == "draw":
                form["count"] = len(m.drawn) if m.drawn else m.count
            self.post(f"/t/{token}/{m.kind}", **form)
        left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
        self.post(f"/t/{token}/end", hand=number, after=len(hand.moves), **left)

    def engine_match(self, token: str) -> Match:
        rec = self.client.get(f"/t/{token}/record.json").get_json(force=True)
        return Match(rec["variant"], rec["players"], rec["options"])


def text(page, ident: str) -> str:
    return page.evaluate("id => document.getElementById(id).textContent", ident)


def wait_for_text(page, ident: str, wanted: str) -> None:
    """Wait (5 s at most) until the element `ident` says `wanted` (it may be hidden: the
    TV shows the standings and the tables in turn)."""
    page.wait_for_function(
        """([id, w]) => { const e = document.getElementById(id);
                          return e && e.textContent.replace(/\\s+/g, ' ').includes(w); }""",
        arg=[ident, wanted],
        timeout=WITHIN,
        polling=100,
    )


def test_the_tv_follows_a_tables_moves_and_the_next_round_within_5_seconds(live, chromium):
    app, base = live
    night = Night(app)
    director = night.create()
    night.post(f"/e/{director}/pair")
    night.post(f"/e/{director}/start")
    tables = night.matches(director)
    context = chromium.new_context(viewport={"width": 1920, "height": 1080}, base_url=base)
    try:
        tv = context.new_page()
        tv.goto(f"/p/{night.public(director)}/tv")
        tv.evaluate("window.__sameDocument = true")
        assert "hand 1" in text(tv, "table-1")
        rng = random.Random(43)
        match = night.engine_match(tables[0])
        night.hand(tables[0], match, rng)
        if not match.result()[0]:
            wait_for_text(tv, "table-1", "hand 2")  # the table's new hand, its new score
            totals = " ".join(str(t) for t in match.totals())
            shown = " ".join(re.findall(r"\d+", text(tv, "table-1").split("hand")[0])[1:])
            assert shown == totals, (shown, totals)
        while not match.result()[0]:
            night.hand(tables[0], match, rng)
        wait_for_text(tv, "table-1", "won by")  # finished: not a hand in play
        other = night.engine_match(tables[1])
        while not other.result()[0]:
            night.hand(tables[1], other, rng)
        wait_for_text(tv, "tables-h", "(complete)")
        night.post(f"/e/{director}/pair", confirm="1")
        night.post(f"/e/{director}/start", confirm="1")
        wait_for_text(tv, "tables-h", "Round 2")
        wait_for_text(tv, "table-1", "hand 1")
        assert tv.evaluate("window.__sameDocument === true")  # swapped in, not reloaded
    finally:
        context.close()
