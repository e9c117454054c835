"""Helpers for the leagues' tests: the club secretary makes a league, the league secretary
fills it, captains play their fixture nights, everything through HTTP."""

from __future__ import annotations

import re

from memberhelpers import Secretary, secretary_link
from webhelpers import Phone

LEAGUE_KEY = re.compile(r'id="league-key" href="/league/([A-Za-z0-9_-]+)"')


def make_league(app, **fields) -> tuple[Secretary, str, int]:
    """(the club secretary, the league secretary's key, the league's id)."""
    club = Secretary(app.test_client(), secretary_link(app))
    data = {
        "name": "Leek & District",
        "year": "2026",
        "starts": "2026-09-01",
        "preset": "leek",
        "variant": "five-up",
    } | fields
    r = club.post(f"/club/{club.key}/leagues", data)
    assert r.status_code == 200, r.get_data(as_text=True)[:3000]
    html = r.get_data(as_text=True)
    key = LEAGUE_KEY.search(html).group(1)
    league_id = int(re.search(r'href="/leagues/(\d+)"', html).group(1))
    return club, key, league_id


class LeagueSecretary(Phone):
    def __init__(self, client, key: str):
        super().__init__(client)
        self.key = key

    def page(self) -> str:
        r = self.get(f"/league/{self.key}")
        assert r.status_code == 200, r.status_code
        return r.get_data(as_text=True)

    def write(self, what: str, status: int = 302, **data):
        r = self.post(f"/league/{self.key}/{what}", data)
        assert r.status_code == status, r.get_data(as_text=True)[:3000]
        return r

    def division(self, name: str) -> int:
        self.write("division", name=name)
        return int(re.findall(r'<option value="(\d+)">' + re.escape(name) + "<", self.page())[-1])

    def team(self, name: str, division: int) -> int:
        self.write("team", name=name, division=division)
        return int(
            re.search(r'id="team-(\d+)">\s*<h3>' + re.escape(name) + "<", self.page()).group(1)
        )

    def fixture(self, fixture_id: int, status: int = 302, **data):
        r = self.post(f"/league/{self.key}/fixture/{fixture_id}", data)
        assert r.status_code == status, r.get_data(as_text=True)[:3000]
        return r


def fixtures_of(html: str) -> list[tuple[int, str, str]]:
    """The secretary's fixture list: (fixture id, home, away), in order."""
    return [
        (int(i), h, a) for i, h, a in re.findall(r'id="fixture-(\d+)">([^<]+?) – ([^<]+)</a>', html)
    ]


class Captain(Phone):
    """A captain's phone, on their personal link."""

    def __init__(self, client, token: str):
        super().__init__(client)
        self.token = token

    def send(self, fixture_id: int, status: int = 302, **data):
        r = self.post(f"/m/{self.token}/fixture/{fixture_id}", data)
        assert r.status_code == status, r.get_data(as_text=True)[:3000]
        return r

    def lineup(self, fixture_id: int, slots: list[list[int]], status: int = 302):
        data = {"what": "lineup"}
        for i, slot in enumerate(slots):
            for p, member in enumerate(slot):
                data[f"g{i}p{p}"] = member
        return self.send(fixture_id, status, **data)

    def score(self, fixture_id: int, game: int, legs: list[tuple], status: int = 302):
        data = {"what": "score", "game": game}
        for n, (h, a, *hands) in enumerate(legs):
            data |= {f"l{n}h": h, f"l{n}a": a, f"l{n}n": hands[0] if hands else ""}
        return self.send(fixture_id, status, **data)

    def confirm(self, fixture_id: int, game: int, status: int = 302):
        return self.send(fixture_id, status, what="confirm", game=game)

    def sign(self, fixture_id: int, status: int = 302):
        return self.send(fixture_id, status, what="sign")


def sign_with_pin(phone: Phone, fixture_id: int, side: int, pin: str):
    return phone.post(f"/leagues/fixture/{fixture_id}/sign", {"side": side, "pin": pin})
