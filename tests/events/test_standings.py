"""Standings of small events of each variant, worked out by hand."""

from fractions import Fraction as F

from referee.events.standings import (
    LEAGUE,
    PER_MATCH,
    ROUND_AVERAGE,
    Bye,
    ByeScore,
    Config,
    TableResult,
    placement_points,
    standings,
)


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
    rows = standings(
        Config("french-connection", fewest=True, bye=2), [1, 2, 3, 4, 5], results, byes=[5]
    )
    # Ben won (4); Cleo 30 second (2); Eve's bye is worth 2 with no penalty points, so
    # she is ahead of Cleo; Dan 1, Ana 0
    assert order(rows) == [(1, 2), (2, 5), (3, 3), (4, 4), (5, 1)]


def test_series_games_won_place_before_totals():
    # best of 3 at a Čtyřka table: Ana won 2 games with more penalty points than Ben
    rows = standings(Config("ctyrka", fewest=True), [1, 2], [table([[1], [2]], [150, 90], [2, 1])])
    assert order(rows) == [(1, 1), (2, 2)]


# -- entrants who played different numbers of matches (issue 17.9) --------------------------
# French Connection, penalty points. Round 1: Ana 1, Ben 2, Cleo 3, Dan 4 at a table, Eve 5
# has the bye; round 2: Ben, Cleo, Dan and Eve at a table, Ana has the bye.
BYE_ROUNDS = [
    # Ana wins with 30; Ben 60, Cleo 90, Dan 120: 4, 2, 1, 0. Average 7/4, 300/4 = 75.
    TableResult(((1,), (2,), (3,), (4,)), (30, 60, 90, 120), (1, 0, 0, 0), round=1),
    # Cleo wins with 20; Eve 40, Ben 50, Dan 80: 4, 2, 1, 0. Average 7/4, 190/4 = 47.5.
    TableResult(((2,), (3,), (4,), (5,)), (50, 20, 80, 40), (0, 1, 0, 0), round=2),
]
BYES = [Bye(5, 1), Bye(1, 2)]


def test_the_old_totals_let_a_bye_score_the_top_place_with_no_penalty_points():
    rows = standings(Config("french-connection", fewest=True), list(range(1, 6)), BYE_ROUNDS, BYES)
    # Ana 4 + 4 = 8; Eve 4 + 2 = 6 with 40 points; Cleo 1 + 4 = 5; Ben 2 + 1 = 3; Dan 0
    assert order(rows) == [(1, 1), (2, 5), (3, 3), (4, 2), (5, 4)]


def test_a_bye_scores_the_rounds_average():
    cfg = Config("french-connection", fewest=True, fair=ROUND_AVERAGE)
    rows = standings(cfg, list(range(1, 6)), BYE_ROUNDS, BYES)
    by = {r.entrant: r for r in rows}
    # Ana 4 + 7/4 = 5.75, Cleo 1 + 4 = 5, Eve 7/4 + 2 = 3.75, Ben 2 + 1 = 3, Dan 0
    assert order(rows) == [(1, 1), (2, 3), (3, 5), (4, 2), (5, 4)]
    assert by[1].score == F(23, 4) and by[5].score == F(15, 4)
    # what each bye scored: round 1's average for Eve, round 2's for Ana
    assert by[5].bye_scores == [ByeScore(1, F(7, 4), F(75))]
    assert by[1].bye_scores == [ByeScore(2, F(7, 4), F(95, 2))]
    # the bye counts as a match at the round's penalty points: Ana (30 + 47.5) / 2
    assert by[1].points_per_match == F(155, 4) and by[5].points_per_match == F(115, 2)
    assert by[2].points_per_match == 55 and by[1].points_for == 30  # played only


def test_a_bye_of_the_directors_figure_still_counts_the_rounds_penalty_points():
    cfg = Config("french-connection", fewest=True, fair=ROUND_AVERAGE, bye=1)
    rows = standings(cfg, list(range(1, 6)), BYE_ROUNDS, BYES)
    by = {r.entrant: r for r in rows}
    assert by[5].bye_scores == [ByeScore(1, F(1), F(75))]
    assert by[1].score == 5 and by[3].score == 5
    # Ana and Cleo level on 5: Ana (30 + 47.5) / 2 = 38.75 per match, Cleo 55
    assert order(rows)[:2] == [(1, 1), (2, 3)]


def test_per_match_leaves_a_bye_out():
    cfg = Config("french-connection", fewest=True, fair=PER_MATCH)
    rows = standings(cfg, list(range(1, 6)), BYE_ROUNDS, BYES)
    by = {r.entrant: r for r in rows}
    # per match: Ana 4/1, Cleo 5/2, Eve 2/1, Ben 3/2, Dan 0
    assert order(rows) == [(1, 1), (2, 3), (3, 5), (4, 2), (5, 4)]
    assert by[3].score_per_match == F(5, 2) and by[5].score == 2
    assert by[5].bye_scores == [ByeScore(1, F(0), None)]
    assert by[5].points_per_match == 40


# Čtyřka penalty, tables of two (4 / 0). Ana 1 plays three rounds, Lev 4 enters late and
# plays two: both win two matches (8 placement points); Ana has 90 penalty points in three
# matches (30 a match), Lev 80 in two (40 a match).
LATE = [
    TableResult(((1,), (2,)), (10, 60), (1, 0), round=1),  # Ana beats Ben
    TableResult(((3,), (5,)), (20, 50), (1, 0), round=1),  # Cleo beats Dan
    TableResult(((1,), (3,)), (10, 40), (1, 0), round=2),  # Ana beats Cleo
    TableResult(((4,), (2,)), (40, 70), (1, 0), round=2),  # Lev beats Ben
    TableResult(((4,), (1,)), (40, 70), (1, 0), round=3),  # Lev beats Ana
]


def test_the_old_totals_rank_a_late_entrant_above_for_playing_less():
    rows = standings(Config("ctyrka", fewest=True), [1, 2, 3, 4, 5], LATE)
    # level on 8: Lev's 80 total penalty points beat Ana's 90, though his 40 a match do not
    assert order(rows)[:2] == [(1, 4), (2, 1)]


def test_points_per_match_break_the_tie_of_a_late_entrant():
    rows = standings(Config("ctyrka", fewest=True, fair=ROUND_AVERAGE), [1, 2, 3, 4, 5], LATE)
    # level on 8: Ana 30 a match, Lev 40; Cleo 4 (30 a match); Dan 0 (50); Ben 0 (65)
    assert order(rows) == [(1, 1), (2, 4), (3, 3), (4, 5), (5, 2)]


def test_per_match_ranks_the_late_entrant_by_what_he_played():
    rows = standings(Config("ctyrka", fewest=True, fair=PER_MATCH), [1, 2, 3, 4, 5, 6], LATE)
    by = {r.entrant: r for r in rows}
    # Lev 4 a match, Ana 8/3, Cleo 2, then Dan and Ben on 0 (50 against 65 a match);
    # Fay 6 has played nothing yet: last
    assert order(rows) == [(1, 4), (2, 1), (3, 3), (4, 5), (5, 2), (6, 6)]
    assert by[1].score_per_match == F(8, 3) and by[4].points_per_match == 40
