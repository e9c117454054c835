"""Partnership Block events as the federations rank them: fixed pairs by wins, then
efectividad (points for minus points against, Fedemundo's tie-break: the shared page's
worked example 6), and time called with *última mano*: the hand in play is finished and
only it is added, the game ending on the score then."""

from __future__ import annotations

import random

from referee.engine import Match
from referee.engine.simulate import deal, leader, play_hand
from referee.events.standings import Config, TableResult, standings


def table(sides, totals, wins):
    return TableResult(tuple(tuple(s) for s in sides), tuple(totals), tuple(wins))


def test_wins_then_efectividad_femundo_s_figures():
    """Two pairs level on wins: 4,441 for and 2,745 against (efectividad 1,696) ranks
    above 3,877 against 3,191 (686), whatever the points for alone would say."""
    results = [
        table([[1], [3]], [4441, 2745], [1, 0]),
        table([[2], [4]], [3877, 3191], [1, 0]),
        table([[5], [6]], [4500, 4400], [0, 1]),  # pair 5 scores most, but lost
    ]
    rows = standings(Config("partnership"), [1, 2, 3, 4, 5, 6], results)
    by = {r.entrant: r for r in rows}
    assert (by[1].diff, by[2].diff) == (1696, 686)
    assert [r.entrant for r in rows][:3] == [1, 2, 6]  # the wins first: 6 won, 5 did not
    assert by[1].rank < by[2].rank < by[5].rank


def test_ultima_mano_the_hand_in_play_is_finished_and_only_it_counts():
    rng = random.Random(44)
    m = Match("partnership", ["Ana", "Ben", "Cleo", "Dan"], {"target": 1000})
    play_hand(m, rng)
    dealt, stock = deal(m, rng)
    hand = m.new_hand(dealt)  # time is called with hand 2 in play
    assert m.result_on_time(2) == (False, None)  # not before that hand is finished
    seat = leader(hand, rng)
    while not hand.ended:
        hand.play_random(rng, seat, stock)
    hand.settle()
    play_hand(m, rng)  # a hand begun after time was called: not counted
    totals = [sum(h.points[s] for h in m.hands[:2]) for s in (0, 1)]
    winner = None if totals[0] == totals[1] else totals.index(max(totals))
    assert m.result_on_time(2) == (True, winner)
