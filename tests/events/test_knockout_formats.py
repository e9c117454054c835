"""The knockout formats through the pairing interface: the draw made at round 1 and kept,
the ties that open as results come in, the places (referee.events.formats.knockout...)."""

from __future__ import annotations

import random

from referee.events.formats import get_format
from referee.events.pairing import Entrant, RoundResult, pair_round


def entrants(n, key=lambda i: ()):
    return [Entrant(i, key(i)) for i in range(1, n + 1)]


def first_round(fmt, n, options=None, **kw):
    return pair_round(
        fmt, entrants(n, **kw), [], 1, variant="five-up", rng=random.Random(1), options=options
    )


def test_a_knockout_of_13_in_the_order_entered_gives_the_top_three_the_byes():
    p = first_round("knockout", 13)
    assert p.byes == [1, 2, 3]
    assert sorted(sorted(t) for t in p.tables) == [[4, 13], [5, 12], [6, 11], [7, 10], [8, 9]]
    assert p.draw is not None and len(p.draw["lines"]) == 16


def test_seeded_by_rating_the_best_rated_get_the_byes():
    p = first_round("knockout", 5, options={"seed": "rating"}, key=lambda i: (0, i))
    # rated 5 best, then 4, 3: three byes to 5, 4, 3; 2 meets 1
    assert p.byes == [3, 4, 5] and [sorted(t) for t in p.tables] == [[1, 2]]


def test_a_random_draw_follows_the_rng():
    a = first_round("knockout", 8, options={"seed": "random"})
    b = first_round("knockout", 8, options={"seed": "random"})
    assert a.draw == b.draw and a.draw["lines"] != list(range(1, 9))


def test_the_next_tie_opens_when_both_of_its_entrants_are_known():
    fmt = get_format("knockout")
    p = first_round("knockout", 8)
    order = [sorted(t) for t in p.tables]
    assert order == [[1, 8], [4, 5], [2, 7], [3, 6]]
    done = RoundResult(p.tables, [], [1, None, 2, None], [1, 2, 3, 4], 1)
    past = _past(fmt, [done], p.draw)
    assert fmt.ready(past) == [(1, 2, [4, 5]), (1, 4, [3, 6])]  # 1 waits for 4-5
    done = RoundResult(p.tables, [], [1, 5, 2, None], [1, 2, 3, 4], 1)
    assert (2, 1, [1, 5]) in fmt.ready(_past(fmt, [done], p.draw))
    assert fmt.opens(past, 2) and not fmt.opens(past, 1)


def _past(fmt, history, draw, options=None):
    from referee.events.formats.base import History

    return History(history, fmt, draw, options)


def test_pools_then_a_knockout_pools_are_snaked_and_play_round_robins():
    p = first_round("pools-knockout", 16, options={"pools": 4})
    assert p.draw["pools"] == [[1, 8, 9, 16], [2, 7, 10, 15], [3, 6, 11, 14], [4, 5, 12, 13]]
    assert len(p.tables) == 8 and not p.byes
    fmt = get_format("pools-knockout")
    past = _past(fmt, [], p.draw)
    assert fmt.pool_rounds(past) == 3 and not fmt.opens(past, 4) and fmt.opens(past, 5)
