"""Fives & Threes in an event and on the ladder (issue 38), through HTTP: a Swiss event of
four club members to 61, every table played from its phone with moves chosen by the
engine, the standings as worked out from the engine's copies of the matches, and the
variant's ladder rating each member as the ratings replayed from those results."""

from __future__ import annotations

import random
import re

from eventhelpers import Director
from test_events import expected_standings, play_round, standings_of
from webhelpers import text_of

from referee import ratings
from referee.events import standings as st

F3 = "fives-and-threes"
NAMES = ["Ana", "Ben", "Cleo", "Dan"]


def test_swiss_event_of_fives_and_threes_standings_and_ladder(app):
    director = Director(app.test_client())
    club = director.club_key()  # the event's names become the club's members
    token = director.create(F3, NAMES, club=club, format="swiss", rounds=2, target=61)
    public = director.public_token(token)
    rng = random.Random(38)
    played = []
    for number in (1, 2):
        matches = play_round(director, token, rng)
        assert len(matches) == 2  # four entrants: two tables, no bye
        for m in matches:
            assert m.variant.name == F3 and m.options["target"] == 61
            assert max(m.totals()) == 61  # the winner pegged out exactly
        played += [(number, m) for m in matches]
        page = director.page(token)
        assert f"Round {number} of 2 (complete)" in text_of(page, "tables")
    expected = expected_standings(st.Config(F3), NAMES, played, [])
    assert standings_of(director, public) == expected
    html = director.get(f"/p/{public}").get_data(as_text=True)
    assert expected[0][1] in text_of(html, "standings")
    # The ladder: every member rated, as the results replayed in the order they were played.
    ladder = ratings.Ladder(
        [
            ratings.Result(
                k, ((m.players[0],), (m.players[1],)), (m.result()[1], 1 - m.result()[1])
            )
            for k, (_round, m) in enumerate(played)
        ]
    )
    rows = director.get(f"/ladder/{F3}.json").get_json(force=True)["ladder"]
    rated = {name: round(ladder.rating(name).shown, 2) for name in NAMES}
    assert {r["member"]: r["rating"] for r in rows} == rated
    assert [r["matches"] for r in rows] == [2] * 4
    page = director.get(f"/ladder/{F3}").get_data(as_text=True)
    row = re.compile(r'<tr id="ladder-\d+">.*?>([A-Z][a-z]+)</a>.*?rating">(-?\d+\.\d)', re.S)
    shown = dict(row.findall(page))
    assert shown == {name: f"{ladder.rating(name).shown:.1f}" for name in NAMES}
