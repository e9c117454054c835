"""A captain's fixture night in Chromium on a 390×844 phone: from their personal page to
the fixture, the line-up picked from the squad (a player twice refused with its rule,
then a right one), the other side's line-up and the scores entered through HTTP, the home
captain signing with a PIN on the fixture's sheet, the away one from their own page; the
pages fit the phone's width."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from leaguehelpers import LOSS, WIN, League, slots  # noqa: E402

pytestmark = pytest.mark.browser

TEAMS = {"Premier": ["Kestrel", "Lark"]}  # names no other browser test plays with


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_league_captain_lineup_and_sheet_on_a_phone(live, new_phone):
    app, _base = live
    lg = League(app, TEAMS, preset="solihull", name="Browser League")
    fixture_id, home, away = lg.fixtures[0]
    token, pin = lg.captains[home]
    squad = lg.squads[home]

    phone = new_phone()
    phone.goto(f"/m/{token}")
    phone.click("#league-fixtures")
    phone.click(f"#fixture-{fixture_id}")
    expect(phone.locator("#lineup-form")).to_be_visible()
    fits(phone)
    # The same player in two singles games: refused, citing the rule.
    for i, slot in enumerate(slots(squad)):
        for p, member in enumerate(slot):
            phone.select_option(f"#g{i}p{p}", str(member))
    phone.select_option("#g1p0", str(squad[0]))
    phone.click("#lineup-form button[type=submit]")
    expect(phone.locator("#refused")).to_have_attribute("data-rule", "LG-LINEUP")
    phone.select_option("#g1p0", str(squad[1]))
    phone.click("#lineup-form button[type=submit]")
    expect(phone.locator("#game-1")).to_contain_text(f"Bob {home}")
    fits(phone)

    # The away captain's line-up; the home captain enters the games, the away one confirms.
    ac = lg.captain(away)
    ac.lineup(fixture_id, slots(lg.squads[away]))
    hc = lg.captain(home)
    for game in range(9):
        hc.score(fixture_id, game, [WIN if game < 5 else LOSS])
        ac.confirm(fixture_id, game)

    phone.goto(f"/leagues/fixture/{fixture_id}")
    expect(phone.locator("#state")).to_have_text("played: waiting for both signatures")
    fits(phone)
    phone.fill("#pin-0", pin)
    phone.click("#pin-form-0 button[type=submit]")
    expect(phone.locator("#signed-0")).to_contain_text(f"signed by Ann {home} (PIN)")

    other = new_phone()  # the away captain, on their own phone
    other.goto(f"/m/{lg.captains[away][0]}/fixture/{fixture_id}")
    other.click("#sign-form button[type=submit]")
    expect(other.locator("#signed-1")).to_contain_text(f"signed by Ann {away} (personal link)")
    expect(other.locator("#state")).to_have_text("signed by both captains")
    phone.goto(f"/leagues/{lg.id}")
    expect(phone.locator("#order-rule")).to_contain_text("head-to-head")
    fits(phone)
