"""The fixture list (referee.leagues.fixtures): a double round robin, a night a week."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from referee.leagues.fixtures import double, first_night


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8])
def test_fixture_list_double_round_robin(n):
    teams = [f"T{i}" for i in range(n)]
    nights = double(teams, date(2026, 9, 1), weekday=3)  # Thursdays from 1 September
    met = Counter(f for night in nights for f in night.fixtures)
    # Every pair meets twice, once at each ground; nobody plays twice a night.
    assert set(met) == {(a, b) for a in teams for b in teams if a != b}
    assert set(met.values()) == {1}
    for night in nights:
        playing = [t for f in night.fixtures for t in f]
        assert len(playing) == len(set(playing))
        assert (night.bye is None) == (n % 2 == 0)
        if night.bye is not None:
            assert night.bye not in playing
    assert len(nights) == (2 * (n - 1) if n % 2 == 0 else 2 * n)
    # A bye each for every team when the count is odd; home as often as away.
    if n % 2:
        assert Counter(night.bye for night in nights) == dict.fromkeys(teams, 2)
    home = Counter(f[0] for night in nights for f in night.fixtures)
    assert set(home.values()) == {n - 1}


def test_fixture_list_weekly_on_the_weekday():
    nights = double(["A", "B", "C", "D"], date(2026, 9, 1), weekday=3)
    assert nights[0].day == date(2026, 9, 3) == first_night(date(2026, 9, 1), 3)
    assert [n.day.weekday() for n in nights] == [3] * 6
    assert [(b.day - a.day).days for a, b in zip(nights, nights[1:], strict=False)] == [7] * 5
    assert double(["A"], date(2026, 9, 1), 3) == []
