"""The pure leagues (referee.leagues): formats and presets, a fixture's sheet, the league
table and its ordering, the averages, promotion and relegation."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee.engine.variants import VARIANTS
from referee.leagues import Already, LeagueError
from referee.leagues.formats import (
    PRESETS,
    Game,
    from_data,
    games_text,
    parse_games,
    playable,
)
from referee.leagues.promotion import next_season
from referee.leagues.sheet import Leg, no_show, replay, score
from referee.leagues.table import Appearance, averages, table

SOLIHULL, LEEK, GUIS, HARTLEPOOL = (
    PRESETS[k] for k in ("solihull", "leek", "guisborough", "hartlepool")
)


def games(h: int, a: int, legs=1):
    """h games won by home, a by away (single legs)."""
    return [(0, (1, 0))] * h + [(1, (0, 1))] * a


def test_league_presets_points():
    # Solihull: 3 for a win, 1 for a 5-4 loss, nothing for a 6-3 loss.
    assert score(SOLIHULL, games(5, 4)).points == (3, 1)
    assert score(SOLIHULL, games(3, 6)).points == (0, 3)
    # Leek: 2 for the match + 1 a game: 6-3 gives 8 and 3.
    assert score(LEEK, games(6, 3)).points == (8, 3)
    # Leek's no-show concedes 5-4: 7 points to the side that turned up, none to the other.
    s = no_show(LEEK, absent=1)
    assert (s.games, s.points, s.winner) == ((5, 4), (7, 0), 0)
    # Solihull names no score: every game is conceded.
    assert no_show(SOLIHULL, absent=0).games == (0, 9)
    # Hartlepool: best of 3 legs a pair, 2 points to the winner; the table counts legs.
    s = score(HARTLEPOOL, [(0, (2, 1)), (1, (0, 2)), (0, (2, 0))])
    assert (s.games, s.legs, s.points) == ((2, 1), (4, 3), (2, 0))
    assert GUIS.squad_max == 12 and GUIS.weekday == 3
    assert GUIS.games == (Game(2),) * 3  # 3 pairs drawn by the captains, not 4


def test_league_format_as_data():
    for fmt in PRESETS.values():
        assert from_data(fmt.to_data()) == fmt
        assert parse_games(games_text(fmt.games)) == fmt.games
    assert parse_games("6x1 + 3x2") == (Game(1),) * 6 + (Game(2),) * 3
    assert parse_games("3x2/3") == (Game(2, 3),) * 3
    for bad in ("", "six singles", "3x2/2", "40x1"):
        with pytest.raises(LeagueError) as e:
            parse_games(bad)
        assert e.value.rule == "LG-FORMAT"


def test_league_format_playable_by_the_registry():
    ok = {v.name: playable(SOLIHULL, v) for v in VARIANTS.values()}
    assert ok["five-up"] is True  # two pairs in a doubles game
    assert ok["french-connection"] is False  # every player for themselves


def sheet(fmt=SOLIHULL):
    return replay(fmt, ({1, 2, 3, 4, 5, 6, 7}, {11, 12, 13, 14, 15, 16}), (1, 11), [])


SOLI_HOME = [[1], [2], [3], [4], [5], [6], [1, 2], [3, 4], [5, 6]]
SOLI_AWAY = [[11], [12], [13], [14], [15], [16], [11, 12], [13, 14], [15, 16]]


def test_fixture_lineup_rules():
    s = sheet()
    for slots in (
        [[1], [1]] + SOLI_HOME[2:],  # two singles
        [[1], [2], [3], [4], [5], [6], [1, 2], [1, 3], [5, 6]],  # two doubles
        [[9]] + SOLI_HOME[1:],  # not in the squad
        [[11]] + SOLI_HOME[1:],  # the other team's player
        [[1, 2]] + SOLI_HOME[1:],  # two players in a singles game
        SOLI_HOME[:8],  # a game left out of the line-up
    ):
        with pytest.raises(LeagueError) as e:
            s.lineup(0, slots)
        assert e.value.rule == "LG-LINEUP"
    s.lineup(0, SOLI_HOME)
    # A short side: the away team fields five singles players; it concedes the sixth.
    s.lineup(1, SOLI_AWAY[:5] + [[]] + SOLI_AWAY[6:])
    assert s.game_state(5) == "conceded"
    assert s.game_result(5) == (0, (1, 0))


def test_fixture_sheet_scores_confirm_and_sign():
    s = sheet()
    with pytest.raises(LeagueError) as e:
        s.enter(0, 0, [Leg(61, 40, 0)])
    assert e.value.rule == "LG-ORDER"  # the line-ups come first
    s.lineup(0, SOLI_HOME)
    s.lineup(1, SOLI_AWAY)
    for g in range(9):
        s.enter(0, g, [Leg(61, 40, 0) if g < 5 else Leg(30, 61, 1)])
    with pytest.raises(LeagueError) as e:
        s.confirm(0, 0)
    assert e.value.rule == "LG-CONFIRM"
    with pytest.raises(LeagueError) as e:
        s.sign(0, 1, "pin")
    assert e.value.rule == "LG-ORDER"  # not every game is decided yet
    for g in range(9):
        s.confirm(1, g)
    assert s.result().games == (5, 4) and s.final() is None
    with pytest.raises(LeagueError) as e:
        s.sign(0, 2, "pin")
    assert e.value.rule == "LG-CAPTAIN"
    s.sign(0, 1, "pin")
    s.sign(1, 11, "link")
    assert s.locked and s.final().points == (3, 1)
    with pytest.raises(LeagueError) as e:
        s.enter(1, 0, [Leg(0, 61, 1)])
    assert e.value.rule == "LG-SIGNED"
    s.enter(None, 0, [Leg(0, 61, 1)])  # the secretary's correction
    assert s.final().games == (4, 5) and s.final().points == (1, 3) and s.corrected == 1


def test_fixture_best_of_three_legs():
    s = replay(HARTLEPOOL, ({1, 2, 3, 4, 5, 6}, {11, 12, 13, 14, 15, 16}), (1, 11), [])
    s.lineup(0, [[1, 2], [3, 4], [5, 6]])
    s.lineup(1, [[11, 12], [13, 14], [15, 16]])
    for bad in ([Leg(61, 0, 0)], [Leg(61, 0, 0), Leg(61, 0, 0), Leg(0, 61, 1)]):
        with pytest.raises(LeagueError) as e:
            s.enter(0, 0, bad)
        assert e.value.rule == "LG-ORDER"
    s.enter(0, 0, [Leg(61, 0, 0), Leg(0, 61, 1), Leg(61, 30, 0)])
    s.confirm(1, 0)
    assert s.game_result(0) == (0, (2, 1))


def test_fixture_no_show_and_postponement():
    s = sheet(LEEK)
    s.postpone("2026-10-08")
    assert s.day == "2026-10-08" and s.postponed == 1
    s.did_not_turn_up(1)
    assert s.final().points == (7, 0)
    with pytest.raises(LeagueError) as e:
        s.lineup(0, SOLI_HOME)
    assert e.value.rule == "LG-NOSHOW"


def test_league_table_ordering_rule():
    # A beats B 5-4, B beats C 6-3, C beats A 5-4 (Solihull): all on 4 points.
    res = [
        ("A", "B", score(SOLIHULL, games(5, 4))),
        ("B", "C", score(SOLIHULL, games(6, 3))),
        ("C", "A", score(SOLIHULL, games(5, 4))),
    ]
    rows = table({"A": "A", "B": "B", "C": "C"}, res)
    # A: 3 + 1 (lost 4-5) = 4, B: 1 + 3 = 4, C: 0 + 3 = 3; differences: A 0, B +2, C -2.
    assert [(r.team, r.points, r.difference) for r in rows] == [
        ("B", 4, 2),
        ("A", 4, 0),
        ("C", 3, -2),
    ]
    assert (rows[0].played, rows[0].won, rows[0].lost, rows[0].scored) == (2, 1, 1, 10)
    # Level on points, difference and games for: head-to-head decides (D beat E).
    res = [("D", "E", score(SOLIHULL, games(5, 4))), ("E", "D", score(SOLIHULL, games(5, 4)))]
    rows = table({"D": "Dee", "E": "Eee"}, res)
    assert [r.team for r in rows] == ["D", "E"] and rows[0].level  # h2h level too: by name
    res = [
        ("D", "F", score(SOLIHULL, games(9, 0))),
        ("E", "D", score(SOLIHULL, games(5, 4))),
        ("F", "E", score(SOLIHULL, games(0, 9))),
        ("D", "E", score(SOLIHULL, games(4, 5))),
    ]
    rows = table({"D": "Dee", "E": "Eee", "F": "Eff"}, res)
    # D: 3+1+1 = 5 points, 22-14; E: 3+3+3 = 9.
    assert [(r.team, r.points) for r in rows] == [("E", 9), ("D", 5), ("F", 0)]


def test_league_player_averages():
    rows = averages(
        {1: "Ana", 2: "Bo"},
        [
            Appearance(1, True, (61,), (5,)),
            Appearance(1, False, (40,), (6,)),
            Appearance(2, False, (20,), (0,)),
        ],
        per="hand",
    )
    assert [(r.member, r.played, r.won) for r in rows] == [(1, 2, 1), (2, 1, 0)]
    assert rows[0].figure == pytest.approx(101 / 11) and rows[1].figure is None
    rows = averages({1: "Ana"}, [Appearance(1, True, (12, 30))], per="match")
    assert rows[0].figure == 21


def test_league_promotion_preview():
    divisions = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2", "C3"]]
    assert next_season(divisions, up=1, down=1) == [
        ["A1", "A2", "B1"],
        ["A3", "B2", "C1"],
        ["B3", "C2", "C3"],
    ]
    assert next_season(divisions, 0, 0) == divisions
    with pytest.raises(LeagueError) as e:
        next_season(divisions, 2, 2)
    assert e.value.rule == "LG-PROMOTE"


def test_league_package_is_pure():
    code = (
        "import sys, referee.leagues.table, referee.leagues.fixtures, referee.leagues.promotion; "
        "print(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('flask', 'sqlalchemy', 'wtforms')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_fixture_game_refereed_at_a_table():
    entries = [
        {"what": "lineup", "side": 0, "slots": SOLI_HOME},
        {"what": "lineup", "side": 1, "slots": SOLI_AWAY},
        {"what": "table", "game": 0, "match": 41},
        {"what": "table", "game": 1, "match": 42},
    ]
    squads = ({1, 2, 3, 4, 5, 6, 7}, {11, 12, 13, 14, 15, 16})
    # Match 41 decided (home 61-30 in 6 hands); match 42 still in play.
    s = replay(SOLIHULL, squads, (1, 11), entries, {41: [Leg(61, 30, 0, 6)]})
    assert s.game_state(0) == "decided" and s.game_result(0) == (0, (1, 0))
    assert s.game_state(1) == "open" and s.games[1].match == 42
    # A refereed game's score is the table's: a captain does not enter it.
    with pytest.raises(LeagueError) as e:
        s.enter(0, 1, [Leg(61, 0, 0)])
    assert e.value.rule == "LG-ORDER"
    with pytest.raises(Already) as e:
        s.table(1, 43)  # a second table for the same game: it has one (a double tap)
    assert e.value.rule == "LG-ONCE"
    seated = replay(SOLIHULL, squads, (1, 11), entries)  # no table decided yet
    with pytest.raises(LeagueError) as e:
        seated.lineup(0, SOLI_HOME)  # its tables are seated: the line-ups stand
    assert e.value.rule == "LG-ORDER"
