"""Helpers for the leagues' tests: the club secretary makes a league, the league secretary
fills it, captains play their fixture nights, everything through HTTP."""

from __future__ import annotations

import json
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
    assert r.status_code == 302, r.get_data(as_text=True)[:3000]
    html = club.get(r.location).get_data(as_text=True)  # the made page, a GET
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


FIRST = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fin"]
WIN, LOSS = (61, 30, 5), (30, 61, 5)  # a leg's totals (home, away) and its hands


def slots(squad: list[int], short: bool = False) -> list[list[int]]:
    """Six singles, then three pairs; a short side leaves the sixth singles empty."""
    singles = [[m] for m in squad]
    if short:
        singles[5] = []
    return singles + [squad[0:2], squad[2:4], squad[4:6]]


class League:
    """A league made and filled through HTTP: divisions of teams, squads of six members
    (the first the captain, with a card), the fixture list made."""

    def __init__(self, app, divisions: dict[str, list[str]], one_word: bool = False, **fields):
        self.app = app
        self.club, key, self.id = make_league(app, **fields)
        self.sec = LeagueSecretary(app.test_client(), key)
        self.teams, self.squads, self.captains = {}, {}, {}
        for division, names in divisions.items():
            d = self.sec.division(division)
            for name in names:
                self.teams[name] = self.sec.team(name, d)
        for name, team in self.teams.items():
            sep = "" if one_word else " "  # one word: a name the moves can say ("AnnAnchor 5-5")
            self.squads[name] = [self.club.add(f"{first}{sep}{name}") for first in FIRST]
            for m in self.squads[name]:
                self.sec.write("squad", team=team, member=m)
            self.sec.write("captain", team=team, member=self.squads[name][0])
            self.captains[name] = self.club.card(self.squads[name][0])
        self.sec.write("fixtures")
        self.fixtures = fixtures_of(self.sec.page())
        self.public = Phone(app.test_client())

    def captain(self, team: str) -> Captain:
        return Captain(self.app.test_client(), self.captains[team][0])

    def play(self, fixture_id: int, home: str, away: str, wins: int, sign: bool = True):
        """Both line-ups, 9 games of which the home side wins the first `wins`, each
        entered by the home captain and confirmed by the away one; both sign."""
        hc, ac = self.captain(home), self.captain(away)
        hc.lineup(fixture_id, slots(self.squads[home]))
        ac.lineup(fixture_id, slots(self.squads[away]))
        for game in range(9):
            hc.score(fixture_id, game, [WIN if game < wins else LOSS])
            ac.confirm(fixture_id, game)
        if sign:
            r = sign_with_pin(self.public, fixture_id, 0, self.captains[home][1])
            assert r.status_code == 302, r.get_data(as_text=True)[:3000]
            ac.sign(fixture_id)

    def table(self) -> dict:
        return json.loads(self.public.get(f"/leagues/{self.id}/table.json").data)
