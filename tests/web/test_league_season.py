"""Done when (issue 21, leagues): a league of 6 teams in two divisions runs a whole season
through HTTP: the fixture list made, every fixture's line-ups entered by the captains, its
scores entered by the home captain and confirmed by the away one, both captains signing
(the home one with a PIN on the fixture's sheet, the away one from their personal link),
one postponement, one no-show, one short side; and the tables are right by Leek's rules
(2 points for the match + 1 per game won; a no-show concedes 5-4, 7 points to the other
side), checked by hand below."""

from __future__ import annotations

import csv
import io
import json
import re

import icalendar
from leaguehelpers import Captain, LeagueSecretary, fixtures_of, make_league, sign_with_pin
from webhelpers import Phone, text_of

FIRST = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fin"]
DIVISIONS = {"Premier": ["Anchor", "Bell", "Crown"], "First": ["Dove", "Eagle", "Fox"]}
# Games (of 9) each home side wins, by (home, away); the rest go to the away side.
HOME_WINS = {
    ("Anchor", "Bell"): 6,
    ("Bell", "Anchor"): 4,
    ("Anchor", "Crown"): 5,  # postponed a week first
    ("Crown", "Anchor"): 3,
    ("Bell", "Crown"): 7,
    ("Dove", "Eagle"): 5,
    ("Eagle", "Dove"): 6,
    ("Dove", "Fox"): 9,
    ("Fox", "Dove"): 4,
    ("Eagle", "Fox"): 5,  # Eagle fields five singles players: the sixth singles is conceded
    ("Fox", "Eagle"): 5,
}
NO_SHOW = ("Crown", "Bell")  # Bell does not turn up at Crown
SHORT = ("Eagle", "Fox")
POSTPONED = ("Anchor", "Crown")

# The tables by hand (Leek: 2 for the match won + 1 per game won; the no-show side 0).
# Premier: Anchor 6-3 (8), 5-4 away at Bell (7), 5-4 Crown (7), 6-3 away at Crown (8) = 30,
#   games 22-14. Bell: 3 at Anchor (3), 4-5 Anchor (4), 7-2 Crown (9), no-show at Crown (0)
#   = 16, games 3+4+7+4 = 18 for, 6+5+2+5 = 18 against. Crown: 4 at Anchor (4), 3-6 Anchor
#   (3), 2 at Bell (2), Bell's no-show 5-4 (7) = 16, games 14-22. Bell above Crown on
#   the game difference (0 against -8).
# First: Dove 5-4 Eagle (7), 3 at Eagle (3), 9-0 Fox (11), 5-4 at Fox (7) = 28, games 22-14.
#   Eagle: 4 at Dove (4), 6-3 Dove (8), 5-4 Fox with the conceded game (7), 4 at Fox (4) =
#   23, games 19-17. Fox: 0 at Dove, 4 Dove (4), 4 at Eagle (4), 5-4 Eagle (7) = 15,
#   games 13-23.
EXPECTED = {
    "Premier": [
        # team, played, won, drawn, lost, for, against, points
        ("Anchor", 4, 4, 0, 0, 22, 14, 30),
        ("Bell", 4, 1, 0, 3, 18, 18, 16),
        ("Crown", 4, 1, 0, 3, 14, 22, 16),
    ],
    "First": [
        ("Dove", 4, 3, 0, 1, 22, 14, 28),
        ("Eagle", 4, 2, 0, 2, 19, 17, 23),
        ("Fox", 4, 1, 0, 3, 13, 23, 15),
    ],
}
WIN, LOSS = (61, 30, 5), (30, 61, 5)  # a leg's totals (home, away) and its hands


def slots(squad: list[int], short: bool = False) -> list[list[int]]:
    """Six singles, then three pairs; a short side leaves the sixth singles empty."""
    singles = [[m] for m in squad]
    if short:
        singles[5] = []
    return singles + [squad[0:2], squad[2:4], squad[4:6]]


def test_league_whole_season_of_six_teams_in_two_divisions(app):
    club, key, league_id = make_league(app)
    sec = LeagueSecretary(app.test_client(), key)
    teams, squads, captains = {}, {}, {}
    for division, names in DIVISIONS.items():
        d = sec.division(division)
        for name in names:
            teams[name] = sec.team(name, d)
    for name, team in teams.items():
        squads[name] = [club.add(f"{first} {name}") for first in FIRST]
        for m in squads[name]:
            sec.write("squad", team=team, member=m)
        sec.write("captain", team=team, member=squads[name][0])
        captains[name] = club.card(squads[name][0])  # (personal link, PIN)
    # One team each: a player of Anchor cannot be registered for Bell.
    r = sec.write("squad", 409, team=teams["Bell"], member=squads["Anchor"][1])
    assert 'data-rule="LG-SQUAD"' in r.get_data(as_text=True)
    sec.write("fixtures")
    html = sec.page()
    fixtures = fixtures_of(html)
    assert len(fixtures) == 12  # 3 teams a division: 6 fixtures each, a bye every night

    # The fixture list: Thursdays from 3 September 2026, printable and as a calendar.
    public = Phone(app.test_client())
    ics = public.get(f"/leagues/{league_id}/fixtures.ics")
    assert ics.status_code == 200 and ics.mimetype == "text/calendar"
    assert "attachment" in ics.headers["Content-Disposition"]
    events = icalendar.Calendar.from_ical(ics.data).walk("VEVENT")
    assert len(events) == 12
    days = sorted({e.decoded("dtstart").date() for e in events})
    assert days[0].isoformat() == "2026-09-03" and {d.weekday() for d in days} == {3}
    printable = public.get(f"/leagues/{league_id}/fixtures").get_data(as_text=True)
    assert printable.count('<tr id="fixture-') == 12
    byes = re.findall(r"Night (\d+): a bye for (\w+)", printable)
    assert len(byes) == 12  # 6 nights a division, one team resting each night
    for names in DIVISIONS.values():  # each team rests twice
        assert sorted(t for _n, t in byes if t in names) == sorted(names * 2)

    for fixture_id, home, away in fixtures:
        hc = Captain(app.test_client(), captains[home][0])
        ac = Captain(app.test_client(), captains[away][0])
        if (home, away) == POSTPONED:
            sec.fixture(fixture_id, what="postpone", day="2026-12-17")
        if (home, away) == NO_SHOW:
            sec.fixture(fixture_id, what="no_show", side=1)
            hc.lineup(fixture_id, slots(squads[home]), status=409)  # nothing else is entered
            continue
        hc.lineup(fixture_id, slots(squads[home], short=(home, away) == SHORT))
        ac.lineup(fixture_id, slots(squads[away]))
        wins = HOME_WINS[(home, away)]
        won = 0
        for game in range(9):
            if (home, away) == SHORT and game == 5:
                continue  # conceded by Eagle, the short side: no score to enter
            hc.score(fixture_id, game, [WIN if won < wins else LOSS])
            won += 1
            ac.confirm(fixture_id, game)
        # The home captain signs with a PIN on the sheet, the away one from their link.
        sheet = public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
        assert 'id="pin-form-0"' in sheet
        r = sign_with_pin(public, fixture_id, 0, captains[home][1])
        assert r.status_code == 302, r.get_data(as_text=True)[:3000]
        ac.sign(fixture_id)
        sheet = public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
        assert "(PIN)" in text_of(sheet, "signed-0") and "(personal link)" in text_of(
            sheet, "signed-1"
        )
        # Signed: the captains change nothing now.
        r = ac.score(fixture_id, 0, [LOSS], status=409)
        assert 'data-rule="LG-SIGNED"' in r.get_data(as_text=True)

    page = public.get(f"/leagues/{league_id}").get_data(as_text=True)
    assert "head-to-head" in text_of(page, "order-rule")
    got = json.loads(public.get(f"/leagues/{league_id}/table.json").data)
    for division in got["divisions"]:
        rows = [
            (
                r["team"],
                r["played"],
                r["won"],
                r["drawn"],
                r["lost"],
                r["for"],
                r["against"],
                r["points"],
            )
            for r in division["table"]
        ]
        assert rows == EXPECTED[division["name"]], division["name"]
    no_show = next(
        r for d in got["divisions"] for r in d["results"] if (r["home"], r["away"]) == NO_SHOW
    )
    assert (no_show["games"], no_show["points"], no_show["no_show"]) == ([5, 4], [7, 0], "away")
    # The page shows the same table; so does the CSV.
    for rows in EXPECTED.values():
        for name, *_figures, points in rows:
            row = re.search(rf'id="table-\d+-team-{teams[name]}">(.*?)</tr>', page).group(1)
            assert f"<strong>{points}</strong>" in row
    body = public.get(f"/leagues/{league_id}/table.csv").get_data(as_text=True)
    cells = list(csv.DictReader(io.StringIO(body)))
    assert [(c["team"], c["points"]) for c in cells] == [
        (t, str(p)) for d in EXPECTED.values() for t, *_x, p in d
    ]
    # The postponed fixture is on its new date in the calendar and the fixture list.
    ics = icalendar.Calendar.from_ical(public.get(f"/leagues/{league_id}/fixtures.ics").data)
    moved = [e for e in ics.walk("VEVENT") if str(e["summary"]) == "Anchor – Crown"]
    assert moved[0].decoded("dtstart").date().isoformat() == "2026-12-17"
