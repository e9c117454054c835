"""The secretary's season (issue 40 §4): a player taken off a squad plays no more line-ups
and captains nothing, while the sheets he played keep his name; next season's squads and
captains start from this season's (those taken off left out), to edit."""

from __future__ import annotations

import re

from leaguehelpers import League, slots
from webhelpers import text_of

TWO = {"Premier": ["Anchor", "Bell"]}


def test_a_player_taken_off_a_squad_is_kept_on_the_sheets_he_played(app):
    lg = League(app, TWO, preset="solihull")
    fixture_id, home, away = lg.fixtures[0]
    lg.play(fixture_id, home, away, wins=6)
    leaving = lg.squads[home][5]  # "Fin <home>", who played the sixth singles
    name = f"Fin {home}"
    team = lg.teams[home]
    lg.sec.write("off", team=team, member=leaving)
    page = lg.sec.page()
    assert name not in text_of(page, f"squad-{team}")
    assert name in text_of(page, f"off-{team}")
    assert f"{name} taken off the squad of {home}" in page
    lg.sec.write("off", status=409, team=team, member=leaving)  # once
    # the sheet he played still names him
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    assert name in sheet
    # no line-up takes him, nor does the captain's form offer him; nor is he made captain
    later = next(f for f in lg.fixtures[1:] if home in f[1:])
    captain = lg.captain(home)
    form = captain.get(f"/m/{captain.token}/fixture/{later[0]}").get_data(as_text=True)
    assert f">{name}</option>" not in form
    r = captain.lineup(later[0], slots(lg.squads[home]), status=409)
    assert 'data-rule="LG-SQUAD"' in r.get_data(as_text=True)
    r = lg.sec.write("captain", status=409, team=team, member=leaving)
    assert 'data-rule="LG-CAPTAIN"' in r.get_data(as_text=True)
    # registered again, he is back
    lg.sec.write("squad", team=team, member=leaving)
    assert name in text_of(lg.sec.page(), f"squad-{team}")


def test_next_seasons_squads_start_from_this_seasons(app):
    lg = League(app, TWO, preset="solihull")
    team = lg.teams["Bell"]
    lg.sec.write("off", team=team, member=lg.squads["Bell"][4])  # Eve Bell leaves
    r = lg.sec.post(f"/league/{lg.sec.key}/next", {"up": 1, "down": 1, "starts": "2027-09-01"})
    assert r.status_code == 302
    r = lg.sec.get(r.location)  # the next season's page, with its secretary's link
    key = re.search(r'href="/league/([A-Za-z0-9_-]+)"', r.get_data(as_text=True)).group(1)
    nxt = lg.sec.get(f"/league/{key}").get_data(as_text=True)
    bell = re.search(r'id="team-(\d+)">\s*<h3>Bell<', nxt).group(1)
    squad = text_of(nxt, f"squad-{bell}")
    assert squad == "Ann Bell, Bob Bell, Cat Bell, Dan Bell, Fin Bell"
    assert text_of(nxt, f"captain-{bell}") == "Ann Bell"


def test_a_league_is_linked_to_a_club_season(app):
    lg = League(app, TWO, preset="solihull")
    r = lg.club.post(f"/club/{lg.club.key}/seasons", {"name": "Winter 2026", "own": "1"})
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    season = int(re.search(r"/seasons/(\d+)$", r.location).group(1))
    assert "in no season of the club yet" in lg.sec.page()
    lg.sec.write("season", season=season)
    page = lg.sec.page()
    assert "This league is in the season Winter 2026." in page
    assert "Linked to the club&#39;s season Winter 2026" in page  # logged
    lg.sec.write("season", status=409, season=season)  # once
    lg.sec.write("season", status=400, season=season + 99)
    public = lg.public.get(f"/leagues/{lg.id}").get_data(as_text=True)
    assert f'href="/season/{season}">Winter 2026</a>' in public
    table = lg.public.get(f"/season/{season}").get_data(as_text=True)
    assert f'href="/leagues/{lg.id}">Leek &amp; District 2026</a>' in table
