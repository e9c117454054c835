"""A Swiss event of fixed pairs of Partnership Block through HTTP: every table refereed
from its table screen (moves chosen by the engine), the standings ranked by wins, then
efectividad (points for minus points against), worked out here from the matches."""

from __future__ import annotations

import random

import pytest
from eventhelpers import Director, play_match_http

PAIRS = ["Ana & Cleo", "Ben & Dan", "Eva & Gil", "Hal & Ivy"]


@pytest.fixture
def director(app):
    return Director(app.test_client())


def test_a_swiss_event_of_pairs_ranks_by_wins_then_efectividad(director):
    token = director.create("partnership", PAIRS, pairs="1", format="swiss", rounds=2, target=60)
    rng = random.Random(44)
    wins = {p: 0 for p in PAIRS}
    diff = {p: 0 for p in PAIRS}
    for _ in range(2):
        director.act(token, "pair")
        director.act(token, "start")
        for link in director.table_links(token):
            m = play_match_http(director, link, rng)
            over, win = m.result()
            assert over
            totals = m.totals()
            pairs = [n.replace("+", " & ") for n in m.side_names]
            pairs = [p if p in wins else " & ".join(reversed(p.split(" & "))) for p in pairs]
            wins[pairs[win]] += 1
            for i, p in enumerate(pairs):
                diff[p] += totals[i] - totals[1 - i]
    public = director.public_token(token)
    got = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    expected = sorted(PAIRS, key=lambda p: (-wins[p], -diff[p]))
    assert [x["entrant"] for x in got] == expected, (wins, diff)
    assert [x["score"] for x in got] == [2.0 * wins[p] for p in expected]
