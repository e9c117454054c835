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

from referee.engine import Match
from referee.engine.simulate import play_hand

# the fixture the seed plays: the home side wins 7 games to 2; Leek gives 2 for the match
# and 1 a game won: 2 + 7 = 9 to the home side, 2 to the away side
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


def play_table(phone, token: str, rng) -> Match:
    """Play a table's match to its end through the players' link, each hand's moves chosen
    by the engine's simulator and sent as a phone would (a hand won at the target needs no
    tiles left); the engine's own copy of the match, to compare with."""
    rec = phone.record(token)
    match = Match(rec["variant"], rec["players"], rec["options"])
    for number in range(1, 80):
        hand = play_hand(match, rng)
        for after, m in enumerate(hand.moves):
            r = phone.post(f"/t/{token}/{m.kind}", move_form(hand, number, after, m))
            assert r.status_code == 302, (m, r.get_data(as_text=True)[:2000])
        if hand.ended != "target":
            left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
            r = phone.post(f"/t/{token}/end", {"hand": number, "after": len(hand.moves), **left})
            assert r.status_code == 302, r.get_data(as_text=True)[:2000]
        if match.result()[0]:
            return match
    raise AssertionError("the match did not end")


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
    won = []
    for i, token in tokens:
        rec = hc.record(token)
        # six singles, 9 tiles each to 61; three doubles, 6 tiles each to 121
        assert rec["variant"] == "fives-and-threes"
        assert rec["options"]["target"] == (61 if int(i) < 6 else 121)
        assert rec["options"]["deal"] == "league" and rec["options"]["misplay"] == "penalty"
        match = play_table(hc, token, rng)
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
