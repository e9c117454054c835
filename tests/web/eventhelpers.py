"""Helpers for the event tests: a director and players driving an event through HTTP."""

from __future__ import annotations

import random
import re

from memberhelpers import secretary_link
from webhelpers import Phone

from referee.engine import Match
from referee.engine.simulate import play_hand


class Director(Phone):
    """The director's phone (or laptop)."""

    def create(self, variant: str, names: list[str], club: str | None = None, **form) -> str:
        """A new event (on the club's link `club`, the secretary's key: its new names
        become members)."""
        data = {
            "variant": variant,
            "name": form.pop("name", "Club night"),
            "entrants": "\n".join(names),
            **form,
        }
        r = self.post(f"/club/{club}/events/new" if club else "/events/new", data)
        assert r.status_code == 302, r.get_data(as_text=True)[:3000]
        return r.location.rsplit("/", 1)[1]

    def club_key(self) -> str:
        """A new secretary's link (the club's), for an event whose new names become members
        (`create(club=...)`)."""
        return secretary_link(self.client.application)

    def page(self, token: str) -> str:
        r = self.get(f"/e/{token}")
        assert r.status_code == 200, r.get_data(as_text=True)[:2000]
        return r.get_data(as_text=True)

    def act(
        self,
        token: str,
        what: str,
        data: dict | None = None,
        status: int = 302,
        confirm: bool = True,
    ):
        """A director's act, with the yes of the acts that ask first (`confirm`)."""
        data = dict(data or {})
        if confirm:
            data.setdefault("confirm", "1")
        r = self.post(f"/e/{token}/{what}", data)
        assert r.status_code == status, (what, r.status_code, r.get_data(as_text=True)[:3000])
        return r

    def entrants(self, token: str) -> str:
        """The entrants' page, where the director adds, replaces and withdraws them."""
        r = self.get(f"/e/{token}/entrants")
        assert r.status_code == 200, r.get_data(as_text=True)[:2000]
        return r.get_data(as_text=True)

    def table_ids(self, token: str) -> list[int]:
        """The current round's tables (their ids, as the director's forms name them), in
        table order: each table's page is linked from the director's page."""
        return [int(x) for x in re.findall(r'href="/e/[^/"]+/tables/(\d+)"', self.page(token))]

    def table_page(self, token: str, table: int) -> str:
        """A table's page: the director's acts on it (forfeit, abandon, unlock)."""
        r = self.get(f"/e/{token}/tables/{table}")
        assert r.status_code == 200, r.get_data(as_text=True)[:2000]
        return r.get_data(as_text=True)

    def public_token(self, token: str) -> str:
        return re.search(r'id="public-link" href="[^"]*/p/([^"]+)"', self.page(token)).group(1)

    def table_links(self, token: str) -> list[str]:
        return re.findall(r'href="[^"]*(/et/[^"]+)"', self.page(token))

    def new_cards(self, token: str) -> dict[str, str]:
        """The cards of the members made for the event, printed from the director's page
        (once): {name: PIN}."""
        r = self.post(f"/e/{token}/member-cards")
        assert r.status_code == 302, r.get_data(as_text=True)[:2000]
        html = self.get(r.location).get_data(as_text=True)
        cards = re.findall(
            r'class="member-card"[^>]*>\s*<h2>([^<]+)</h2>.*?id="pin-\d+">(\d+)<', html, re.S
        )
        return dict(cards)

    def sign(self, token: str, pins: list[str], score: str) -> None:
        """Each side signs its result on the table's phone with one member's PIN."""
        for side, pin in enumerate(pins):
            r = self.post(f"/t/{token}/sign", {"side": side, "pin": pin, "score": score})
            assert r.status_code == 302, r.get_data(as_text=True)[:2000]


def move_form(hand, number: int, after: int, move) -> dict:
    """The form a phone sends for `move` (the engine's, of `hand`, hand number `number`)
    after `after` moves of the hand; posted to /t/<token>/<move.kind>."""
    form = {"hand": number, "after": after, "seat": move.player}
    if move.kind == "play":
        on = hand.laid_on(move.tile)
        form.update(tile=str(move.tile), on=str(on) if on else "")
        if move.train is not None:  # a hub of trains: the train its button names
            form["train"] = move.train
    elif move.kind == "draw":
        form["count"] = len(move.drawn) if move.drawn else move.count
    return form


def play_match_http(phone: Phone, link: str, rng: random.Random) -> Match:
    """Play a table's match to its end through the players' link `link` (/et/...), with
    random legal hands made by the engine's simulator, each move sent as a phone would.
    Returns the engine's own copy of the match, to compare with."""
    r = phone.get(link)
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    return play_to_end(phone, r.location.rsplit("/", 1)[1], rng)


def play_to_end(phone: Phone, token: str, rng: random.Random) -> Match:
    """Play the match of the table `token` to its end as `play_match_http` does."""
    rec = phone.record(token)
    match = Match(rec["variant"], rec["players"], rec["options"])
    for number in range(1, 40):
        hand = play_hand(match, rng)
        for after, m in enumerate(hand.moves):
            r = phone.post(f"/t/{token}/{m.kind}", move_form(hand, number, after, m))
            assert r.status_code == 302, (m, r.get_data(as_text=True)[:2000])
        if hand.ended != "target":  # a hand won at the target exactly needs no tiles left
            left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
            r = phone.post(f"/t/{token}/end", {"hand": number, "after": len(hand.moves), **left})
            assert r.status_code == 302, r.get_data(as_text=True)[:2000]
        if match.result()[0]:
            return match
    raise AssertionError("the match did not end")
