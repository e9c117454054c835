"""A league cup through HTTP (issue 40): the secretary draws a cup of the league's 6 teams
(seeded by the table: 2 byes to the top seeds), shown and logged; each tie is a fixture
the captains enter and sign, dated by its round on the fixture list and in the calendar;
the winner goes on once the sheet is signed, and the next tie's fixture is made at once.
Checked against the bracket written out by hand."""

from __future__ import annotations

import re
from html import unescape

from leaguehelpers import League

SIX = {"Premier": ["Anchor", "Bell", "Crown"], "First": ["Dove", "Eagle", "Falcon"]}


def cup_rows(lg: League, url: str) -> list[tuple[str, str, str, str, str, int | None]]:
    """The cup's table, in order: (round, date, home, away, winner, fixture id)."""
    html = lg.public.get(url).get_data(as_text=True)
    body = html[html.index('id="bracket-table"') : html.index("</table>")]
    out = []
    for row in re.findall(r"<tr><td>(.*?)</tr>", body, re.S):
        fixture = re.search(r'href="/leagues/fixture/(\d+)"', row)
        cells = [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in row.split("</td>")][:5]
        home, away = cells[2].split(" – ")
        out.append(
            (cells[0], cells[1], home, away, cells[4], int(fixture.group(1)) if fixture else None)
        )
    return out


def test_a_cup_of_six_teams_with_two_byes_played_by_the_captains(app):
    lg = League(app, SIX, preset="solihull")
    # no league fixture is played: the table's order is the order the teams were added,
    # division by division (all level): Anchor, Bell, Crown, Dove, Eagle, Falcon
    r = lg.sec.post(
        f"/league/{lg.sec.key}/cup",
        {
            "cup-name": "Knockout Cup",
            "cup-draw": "table",
            "cup-first": "2026-10-06",
            "cup-gap": "14",
        },
    )
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    url = r.location
    assert "drawn Anchor, –, Dove, Eagle, Bell, –, Crown, Falcon" in unescape(lg.sec.page())
    # once: the same name again is refused, and nothing is drawn twice
    again = lg.sec.post(
        f"/league/{lg.sec.key}/cup",
        {"cup-name": "Knockout Cup", "cup-draw": "table", "cup-first": "2026-10-06"},
    )
    assert again.status_code == 409
    rows = cup_rows(lg, url)
    first = [r for r in rows if r[0] == "Quarter-finals"]
    assert [(r[1], sorted(r[2:4]), r[4]) for r in first] == [
        ("2026-10-06", ["Anchor", "bye"], ""),
        ("2026-10-06", ["Dove", "Eagle"], ""),
        ("2026-10-06", ["Bell", "bye"], ""),
        ("2026-10-06", ["Crown", "Falcon"], ""),
    ]
    assert [r[1] for r in rows[4:]] == ["2026-10-20", "2026-10-20", "2026-11-03"]
    # the ties played are fixtures: on the fixture list and in the calendar, by round
    fixtures = lg.public.get(f"/leagues/{lg.id}/fixtures").get_data(as_text=True)
    assert "Knockout Cup" in fixtures
    ics = lg.public.get(f"/leagues/{lg.id}/fixtures.ics").get_data(as_text=True)
    assert ics.count("SUMMARY:Knockout Cup:") == 2 and "DTSTART:20261006T193000" in ics
    # a cup tie counts in no division's table
    table_before = lg.table()

    def play(row, winner):
        _, _, home, away, _, fixture = row
        lg.play(fixture, home, away, wins=6 if home == winner else 3)  # captains sign

    play(first[1], "Dove")
    play(first[3], "Falcon")  # the lower seed wins: Falcon goes on
    rows = cup_rows(lg, url)
    semis = rows[4:6]
    assert [sorted(r[2:4]) for r in semis] == [["Anchor", "Dove"], ["Bell", "Falcon"]]
    assert all(r[5] is not None for r in semis)  # made at once, after the signatures
    play(semis[0], "Anchor")
    play(semis[1], "Falcon")
    final = cup_rows(lg, url)[6]
    assert sorted(final[2:4]) == ["Anchor", "Falcon"] and final[1] == "2026-11-03"
    play(final, "Falcon")
    rows = cup_rows(lg, url)
    assert [(r[0], sorted(r[2:4]), r[4]) for r in rows] == [
        ("Quarter-finals", ["Anchor", "bye"], ""),
        ("Quarter-finals", ["Dove", "Eagle"], "Dove"),
        ("Quarter-finals", ["Bell", "bye"], ""),
        ("Quarter-finals", ["Crown", "Falcon"], "Falcon"),
        ("Semi-finals", ["Anchor", "Dove"], "Anchor"),
        ("Semi-finals", ["Bell", "Falcon"], "Falcon"),
        ("Final", ["Anchor", "Falcon"], "Falcon"),
    ]
    assert "Winner of the cup: Falcon" in unescape(lg.public.get(url).get_data(as_text=True))
    assert lg.table() == table_before
