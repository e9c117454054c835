"""The season's table (referee.seasons, pure): points by place shared by level players,
a night's own score, best N of M nights, attendance, shared places."""

from fractions import Fraction as F

from referee import seasons as s


def test_season_points_by_place_are_shared_by_level_players():
    assert s.place_points(s.PLACES, 1, 1) == 10
    assert s.place_points(s.PLACES, 2, 2) == 7  # (8 + 6) / 2
    assert s.place_points((3, 2, 1), 3, 2) == F(1, 2)  # (1 + 0) / 2: past the last place
    night = [s.Placing("a", 1), s.Placing("b", 1), s.Placing("c", 3), s.Placing("d", 4)]
    assert s.night_points(s.Settings(), night) == {"a": 9, "b": 9, "c": 6, "d": 5}


def test_season_best_n_of_m_with_attendance_and_shared_places():
    nights = [
        [s.Placing("a", 1), s.Placing("b", 2)],
        [s.Placing("b", 1), s.Placing("a", 2), s.Placing("c", 3)],
        [s.Placing("c", 1), s.Placing("a", 2)],
    ]
    rows = s.table(s.Settings((10, 8, 6), best=2), nights)
    got = [(r.who, r.rank, r.total, r.attended, r.nights, r.counted) for r in rows]
    assert got == [
        ("a", 1, 18, 3, [10, 8, 8], [True, True, False]),  # the earlier of two 8s counts
        ("b", 1, 18, 2, [8, 10, None], [True, True, False]),  # level: a shared first place
        ("c", 3, 16, 2, [None, 6, 10], [False, True, True]),
    ]
    every = s.table(s.Settings((10, 8, 6), best=None), nights)
    assert [(r.who, r.total) for r in every] == [("a", 26), ("b", 18), ("c", 16)]


def test_season_of_each_nights_own_score():
    nights = [[s.Placing("a", 1, F(4)), s.Placing("b", 2, F(3, 2))], [s.Placing("b", 1, F(2))]]
    rows = s.table(s.Settings(None, None), nights)
    assert [(r.who, r.total) for r in rows] == [("a", 4), ("b", F(7, 2))]
