"""The ratings module alone (pure: values in, ratings out): places from scores with ties,
a replay that extends at the end and replays from a changed result, the history."""

from __future__ import annotations

import random
import subprocess
import sys

from referee import ratings
from referee.ratings import Ladder, Result


def test_rating_places_from_scores_with_ties():
    assert ratings.ranks_of([61, 48], fewest_win=False) == (0, 1)
    assert ratings.ranks_of([28, 100, 53, 82], fewest_win=True) == (0, 3, 1, 2)
    assert ratings.ranks_of([20, 20, 30], fewest_win=True) == (0, 0, 1)  # level: a tie


def random_results(rng: random.Random, n: int) -> list[Result]:
    out = []
    for key in range(n):
        players = rng.sample(range(12), rng.choice((2, 3, 4)))
        if len(players) == 4 and rng.random() < 0.5:  # two pairs
            teams = ((players[0], players[2]), (players[1], players[3]))
        else:
            teams = tuple((p,) for p in players)
        ranks = tuple(rng.randrange(len(teams)) for _ in teams)
        out.append(Result(key, teams, ranks))
    return out


def test_rating_replay_from_a_changed_result_equals_a_full_replay():
    rng = random.Random(5)
    results = random_results(rng, 300)
    ladder = Ladder(results[:200])
    assert ladder.update(results) == 200  # new results at the end: only they are replayed
    assert ladder.ratings == Ladder(results).ratings
    changed = list(results)
    r = changed[120]
    changed[120] = r._replace(ranks=tuple(reversed(r.ranks)))  # a correction of match 120
    assert ladder.update(changed) == 120
    fresh = Ladder(changed)
    assert ladder.ratings == fresh.ratings
    for member in range(12):
        assert ladder.history(member) == fresh.history(member)
    del changed[50]  # a result no longer decided (undone, unlocked and changed)
    assert ladder.update(changed) == 50
    assert ladder.ratings == Ladder(changed).ratings


def test_rating_counts_matches_and_is_provisional_until_enough():
    results = [Result(i, ((1,), (2,)), (0, 1)) for i in range(ratings.PROVISIONAL)]
    ladder = Ladder(results[:-1])
    assert ladder.rating(1).provisional and ladder.rating(1).played == ratings.PROVISIONAL - 1
    ladder.update(results)
    assert not ladder.rating(1).provisional
    assert [m for m, _r in ladder.table()] == [1, 2]
    assert ladder.rating(1).shown == ladder.rating(1).mu - 3 * ladder.rating(1).sigma
    a, b = ladder.predict([(1,), (2,)])
    assert a > 0.5 > b and abs(a + b - 1) < 1e-9


def test_rating_module_is_pure():
    """No Flask, no database: values in, ratings out."""
    code = (
        "import sys, referee.ratings; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlalchemy')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
