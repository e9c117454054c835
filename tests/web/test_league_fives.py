"""The league presets play the game their rules name (issue 38): a league made from the
Leek, Solihull, Guisborough or Teesdale preset, with no variant chosen, is a Fives & Threes
league whose games are played in the league's options for each game size; Hartlepool's
preset says its game is unconfirmed and asks for one."""

from __future__ import annotations

import random
import re

from eventhelpers import move_form
from leaguehelpers import League, make_league, sign_with_pin, slots
from memberhelpers import Secretary, secretary_link
from webhelpers import text_of

from referee.engine import Match, record
from referee.engine.simulate import play_hand

# the fixture played (each table steered to its winner): the home side wins 7 games to 2;
# Leek gives 2 for the match and 1 a game won: 2 + 7 = 9 to the home side, 2 to the away
WON, POINTS = (7, 2), (9, 2)

LEEK_SINGLES = {"deal": "league", "chip_out": "none", "win_on_lead": "no", "misplay": "penalty"}


def made(app, preset: str, variant: str = "") -> dict:
    """A league of its own name (a league's name is made once a year) from `preset`."""
    name = f"{preset} {variant or 'its own game'}"
    club, key, league_id = make_league(app, name=name, preset=preset, variant=variant)
    return club.get(f"/leagues/{league_id}/table.json").get_json(force=True)


def test_league_presets_play_fives_and_threes(app):
    leek = made(app, "leek")
    assert leek["variant"] == "fives-and-threes"
    # Leek: singles 9 tiles to 61, doubles 6 tiles to 121, no chip-out point, no going
    # out on the lead, the 8-hole misplay penalty.
    assert leek["format"]["options"] == {
        "1": LEEK_SINGLES,
        "2": LEEK_SINGLES | {"target": 121},
    }
    guis = made(app, "guisborough")
    assert guis["variant"] == "fives-and-threes"
    assert [g["size"] for g in guis["format"]["games"]] == [2, 2, 2]  # 3 pairs
    tees = made(app, "teesdale")
    assert tees["format"]["options"]["1"] == {"deal": "league", "win_on_lead": "no"}
    assert tees["format"]["weekday"] == 0  # Monday nights
    assert made(app, "solihull")["variant"] == "fives-and-threes"
    # Chosen otherwise, the league plays that variant at its own defaults.
    other = made(app, "leek", variant="five-up")
    assert other["variant"] == "five-up" and other["format"]["options"] == {}


def test_hartlepool_game_is_unconfirmed(app):
    club = Secretary(app.test_client(), secretary_link(app))
    page = club.get(f"/club/{club.key}/leagues").get_data(as_text=True)
    assert 'id="note-hartlepool"' in page and "unconfirmed" in page
    data = {"name": "Hartlepool", "year": "2026", "starts": "2026-09-01"}
    r = club.post(f"/club/{club.key}/leagues", data | {"preset": "hartlepool", "variant": ""})
    assert r.status_code == 400 and 'id="league-key"' not in r.get_data(as_text=True)


def hands_of(rec: dict, rng, winner: int | None = None) -> tuple[Match, list]:
    """A table's match played on from its record to its end by the engine's simulator
    (won by side `winner` if given: the rest is dealt again until it is): the engine's
    copy and the hands it played."""
    while True:
        match, fault = record.replay_at_table(record.parse(rec))
        assert fault is None, fault
        hands = []
        while not match.result()[0]:
            hands.append(play_hand(match, rng))
            assert len(hands) < 80, "the match did not end"
        if winner is None or match.result()[1] == winner:
            return match, hands


def play_table(phone, token: str, rng, winner: int | None = None) -> Match:
    """Play a table's match on to its end through the players' link, each hand's moves
    chosen by the engine's simulator and sent as a phone would (a hand won at the target
    needs no tiles left); the engine's own copy of the match, to compare with."""
    rec = phone.record(token)
    rec["hands"] = [h for h in rec["hands"] if h["moves"]]  # not the one begun
    match, hands = hands_of(rec, rng, winner)
    for number, hand in enumerate(hands, len(rec["hands"]) + 1):
        for after, m in enumerate(hand.moves):
            r = phone.post(f"/t/{token}/{m.kind}", move_form(hand, number, after, m))
            assert r.status_code == 302, (m, r.get_data(as_text=True)[:2000])
        if hand.ended != "target":
            left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
            r = phone.post(f"/t/{token}/end", {"hand": number, "after": len(hand.moves), **left})
            assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    return match


def test_leek_fixture_refereed_move_by_move(app):
    lg = League(app, {"Premier": ["Anchor", "Bell"]}, variant="", refereed="1", one_word=True)
    fixture_id, home, away = lg.fixtures[0]
    hc, ac = lg.captain(home), lg.captain(away)
    hc.lineup(fixture_id, slots(lg.squads[home]))
    ac.lineup(fixture_id, slots(lg.squads[away]))
    page = hc.get(f"/m/{hc.token}/fixture/{fixture_id}").get_data(as_text=True)
    tokens = re.findall(r'id="table-(\d+)" href="/t/([A-Za-z0-9_-]+)"', page)
    assert [int(i) for i, _ in tokens] == list(range(9))
    rng = random.Random(38)
    # The first singles: a misplay. The home player leads 6-3 (9: 3 points); the away
    # player knocks holding 6-2 and 6-6, which fit the 6 (the table cannot know his hand:
    # it takes the knock); the home player knocks too: blocked, nobody scores. The tiles
    # left prove the false knock: 8 points to the home side (F3-MISPLAY).
    first = tokens[0][1]
    a, b = hc.record(first)["players"]
    hc.players[first] = [a, b]
    hc.moves(first, f"{a} 6-3; {b} pass; {a} pass")
    left = {a: "0-0 1-0 2-1 4-1 4-2 5-0 5-2 5-4", b: "6-2 1-1 2-0 2-2 4-0 4-4 5-1 5-5 6-6"}
    hc.settle(first, left)
    hand = hc.get(f"/t/{first}/hand/1").get_data(as_text=True)
    assert f"{b} knocked at move 2 holding 6-6, which fitted: 8 points to {a}" in hand
    assert 'href="/rules/fives-and-threes#F3-MISPLAY"' in hand
    page = hc.get(f"/t/{first}/match").get_data(as_text=True)
    assert (text_of(page, "total-0"), text_of(page, "total-1")) == ("11", "0")  # 3 + 8
    # The home side wins the first seven games, the away side the last two doubles.
    won = []
    for i, token in tokens:
        rec = hc.record(token)
        # six singles, 9 tiles each to 61; three doubles, 6 tiles each to 121
        assert rec["variant"] == "fives-and-threes"
        assert rec["options"]["target"] == (61 if int(i) < 6 else 121)
        assert rec["options"]["deal"] == "league" and rec["options"]["misplay"] == "penalty"
        match = play_table(hc, token, rng, winner=0 if int(i) < 7 else 1)
        won.append(match.result()[1])
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    waiting = "decided at its table, waiting for the signatures"
    assert all(text_of(sheet, f"game-{i}").endswith(waiting) for i in range(9))
    assert sign_with_pin(lg.public, fixture_id, 0, lg.captains[home][1]).status_code == 302
    ac.sign(fixture_id)
    table = {r["team"]: r for d in lg.table()["divisions"] for r in d["table"]}
    home_games = sum(1 for w in won if w == 0)
    assert (home_games, 9 - home_games) == WON
    # Leek: 2 points for the match + 1 a game won
    assert (table[home]["points"], table[away]["points"]) == POINTS


def test_best_of_three_legs_refereed_move_by_move(app):
    """A league whose games are best of 3 legs, refereed: a table a leg once both line-ups
    are in; the legs count in order; a game won 2-0 needs no third leg (the sheet links the
    two played), one won 2-1 all three; the league table counts the games."""
    lg = League(
        app,
        {"Premier": ["Anchor", "Bell"]},
        variant="",
        games="2x1/3",
        refereed="1",
        one_word=True,
    )
    fixture_id, home, away = lg.fixtures[0]
    hc, ac = lg.captain(home), lg.captain(away)
    hc.lineup(fixture_id, [[lg.squads[home][0]], [lg.squads[home][1]]])
    ac.lineup(fixture_id, [[lg.squads[away][0]], [lg.squads[away][1]]])
    page = hc.get(f"/m/{hc.token}/fixture/{fixture_id}").get_data(as_text=True)
    tokens = dict(re.findall(r'id="table-(\d(?:-\d)?)" href="/t/([A-Za-z0-9_-]+)"', page))
    assert list(tokens) == ["0", "0-1", "0-2", "1", "1-1", "1-2"]  # a table a leg
    rec = hc.record(tokens["0"])
    assert rec["variant"] == "fives-and-threes" and rec["options"]["target"] == 61
    rng = random.Random(3)
    # Game 1: the home player wins the first two legs; the third is not needed.
    first = [play_table(hc, tokens[leg], rng, winner=0).totals() for leg in ("0", "0-1")]
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    assert 'id="table-0-2"' not in sheet and 'id="table-0-1"' in sheet
    legs = ", ".join(f"{h}–{a}" for h, a in first)  # in the order played
    assert f"{legs} decided at its table" in text_of(sheet, "game-0")
    # Game 2: the away player wins the first leg and the third, the home one the second.
    second = [
        play_table(hc, tokens[leg], rng, winner=w).totals() for leg, w in (("1", 1), ("1-1", 0))
    ]
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    assert "in play at its table" in text_of(sheet, "game-1")  # 1-1: the third leg decides
    second.append(play_table(hc, tokens["1-2"], rng, winner=1).totals())
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    assert all(f'id="table-1{k}"' in sheet for k in ("", "-1", "-2"))
    legs = ", ".join(f"{h}–{a}" for h, a in second)
    assert f"{legs} decided at its table" in text_of(sheet, "game-1")
    assert sign_with_pin(lg.public, fixture_id, 0, lg.captains[home][1]).status_code == 302
    ac.sign(fixture_id)
    table = {r["team"]: r for d in lg.table()["divisions"] for r in d["table"]}
    # 1-1 in games: a draw, 1 point each + 1 a game won (Leek)
    assert (table[home]["points"], table[away]["points"]) == (2, 2)
