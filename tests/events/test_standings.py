"""Standings of small events of each variant, worked out by hand."""

from fractions import Fraction as F

from referee.events.standings import LEAGUE, Config, TableResult, placement_points, standings


def table(sides, totals, wins):
    return TableResult(tuple(tuple(s) for s in sides), tuple(totals), tuple(wins))


def order(rows):
    return [(r.rank, r.entrant) for r in rows]


# -- Five-Up ------------------------------------------------------------------------------
# Ana 1, Ben 2, Cleo 3, Dan 4; two rounds.
FIVE_UP_ROUNDS = [
    table([[1], [2]], [61, 40], [1, 0]),  # Ana beats Ben 61-40
    table([[3], [4]], [61, 55], [1, 0]),  # Cleo beats Dan 61-55
    table([[1], [3]], [30, 61], [0, 1]),  # Cleo beats Ana 61-30
    table([[2], [4]], [61, 20], [1, 0]),  # Ben beats Dan 61-20
]


def test_five_up_match_points_then_difference():
    rows = standings(Config("five-up"), [1, 2, 3, 4], FIVE_UP_ROUNDS)
    # Cleo 4; Ben 2 (+20: 101 for, 81 against); Ana 2 (-10: 91 for, 101 against); Dan 0
    assert order(rows) == [(1, 3), (2, 2), (3, 1), (4, 4)]
    by = {r.entrant: r for r in rows}
    assert (by[2].points_for, by[2].points_against, by[2].diff) == (101, 81, 20)
    assert (by[1].points_for, by[1].points_against, by[1].diff) == (91, 101, -10)
    assert by[3].score == 4 and by[4].score == 0
    # Buchholz: Ana met Ben (2) and Cleo (4)
    assert by[1].buchholz == 6


def test_five_up_league_points():
    rows = standings(Config("five-up", match_points=LEAGUE), [1, 2, 3, 4], FIVE_UP_ROUNDS)
    by = {r.entrant: r for r in rows}
    assert [by[e].score for e in (1, 2, 3, 4)] == [4, 4, 6, 2]  # win 3, loss 1


def test_five_up_head_to_head_breaks_a_tie():
    # Ana beats Ben 61-51, Cleo beats Dan 61-0; Ben beats Cleo 61-51, Dan beats Ana 61-51.
    results = [
        table([[1], [2]], [61, 51], [1, 0]),
        table([[3], [4]], [61, 0], [1, 0]),
        table([[2], [3]], [61, 51], [1, 0]),
        table([[4], [1]], [61, 51], [1, 0]),
    ]
    rows = standings(Config("five-up"), [1, 2, 3, 4], results)
    # all on 2 match points; Cleo +51; Ana and Ben 0, Ana beat Ben; Dan -51
    assert order(rows) == [(1, 3), (2, 1), (3, 2), (4, 4)]
    by = {r.entrant: r for r in rows}
    assert by[1].head_to_head == 2 and by[2].head_to_head == 0


def test_five_up_buchholz_then_equal_rank():
    # Ben beats Dan 61-50, Cleo beats Eve 61-50, Dan beats Eve 61-50; Ana has a bye.
    # Ben and Cleo: 2 match points, +11, never met; Ben's opponent Dan has 2, Cleo's Eve 0.
    results = [
        table([[2], [4]], [61, 50], [1, 0]),
        table([[3], [5]], [61, 50], [1, 0]),
        table([[4], [5]], [61, 50], [1, 0]),
    ]
    rows = standings(Config("five-up", bye=1), [1, 2, 3, 4, 5], results, byes=[1])
    assert order(rows) == [(1, 2), (2, 3), (3, 4), (4, 1), (5, 5)]
    by = {r.entrant: r for r in rows}
    assert (by[2].buchholz, by[3].buchholz) == (2, 0)
    assert by[1].score == 1 and by[1].byes == 1 and by[1].played == 0
    # two entrants level on everything share a rank
    level = standings(Config("five-up"), [1, 2], [])
    assert order(level) == [(1, 1), (1, 2)]


def test_five_up_pairs_and_a_draw():
    # fixed pairs are single entrants; a match decided on time with level totals is a draw
    rows = standings(Config("five-up"), [1, 2], [table([[1], [2]], [40, 40], [0, 0])])
    assert [r.score for r in rows] == [1, 1]
    # rotating partners: both partners of a side get its result
    rows = standings(Config("five-up"), [1, 2, 3, 4], [table([[1, 3], [2, 4]], [61, 30], [1, 0])])
    by = {r.entrant: r for r in rows}
    assert by[1].score == by[3].score == 2 and by[2].score == by[4].score == 0
    assert by[3].points_for == 61 and by[3].points_against == 30


# -- placement variants -------------------------------------------------------------------
def test_placement_points_scaled():
    assert placement_points((4, 2, 1, 0), 4) == [4, 2, 1, 0]
    assert placement_points((4, 2, 1, 0), 2) == [4, 0]
    assert placement_points((4, 2, 1, 0), 3) == [4, F(3, 2), 0]
    thirteen = placement_points((4, 2, 1, 0), 13)
    assert thirteen[0] == 4 and thirteen[-1] == 0 and thirteen == sorted(thirteen, reverse=True)


def test_ctyrka_penalty_ties_share_then_fewest_penalty_points():
    results = [
        # time called, nobody won: Ben and Dan level on 40 share 4 and 2
        table([[1], [2], [3], [4]], [105, 40, 60, 40], [0, 0, 0, 0]),
        # Eve won; Gus 50 is second, Fay 101 last: 4, 1.5, 0
        table([[5], [6], [7]], [20, 101, 50], [1, 0, 0]),
    ]
    rows = standings(Config("ctyrka", fewest=True), list(range(1, 8)), results)
    assert order(rows) == [(1, 5), (2, 2), (2, 4), (4, 7), (5, 3), (6, 6), (7, 1)]
    by = {r.entrant: r for r in rows}
    assert by[2].score == 3 and by[7].score == F(3, 2) and by[6].score == 0
    assert by[1].points_for == 105


def test_ctyrka_victory_placement_then_most_points():
    results = [
        table([[1], [2], [3]], [300, 120, 200], [1, 0, 0]),  # 1: 4, 3: 1.5, 2: 0
        table([[1], [2], [3]], [50, 310, 80], [0, 1, 0]),  # 2: 4, 3: 1.5, 1: 0
    ]
    rows = standings(Config("ctyrka"), [1, 2, 3], results)
    # 1 and 2 on 4 placement points: 2 has 430 points, 1 has 350; 3 has 3
    assert order(rows) == [(1, 2), (2, 1), (3, 3)]


def test_french_connection_with_a_bye():
    results = [table([[1], [2], [3], [4]], [100, 30, 30, 70], [0, 1, 0, 0])]
    rows = standings(Config("french-connection", fewest=True, bye=2), [1, 2, 3, 4, 5], results,
                     byes=[5])
    # Ben won (4); Cleo 30 second (2); Eve's bye is worth 2 with no penalty points, so
    # she is ahead of Cleo; Dan 1, Ana 0
    assert order(rows) == [(1, 2), (2, 5), (3, 3), (4, 4), (5, 1)]


def test_series_games_won_place_before_totals():
    # best of 3 at a Čtyřka table: Ana won 2 games with more penalty points than Ben
    rows = standings(Config("ctyrka", fewest=True), [1, 2],
                     [table([[1], [2]], [150, 90], [2, 1])])
    assert order(rows) == [(1, 1), (2, 2)]
