"""A fixture night and the league's pages through HTTP: the line-up's rules, the PIN
signature's tries, the secretary's correction of a signed sheet (logged), the averages
with the variant's own figure, the TV mode, promotion and relegation previewed and
applied, and the pages a secretary's or captain's link alone opens."""

from __future__ import annotations

import re

from leaguehelpers import LOSS, WIN, League, sign_with_pin, slots
from memberhelpers import Secretary, secretary_link
from webhelpers import text_of

from referee.web.leagues.models import LeagueEntry
from referee.web.members.models import PinTry
from referee.web.store import db

TWO = {"Premier": ["Anchor", "Bell"], "First": ["Dove", "Eagle"]}


def test_fixture_lineup_rules_over_http(app):
    lg = League(app, TWO, preset="solihull")
    fixture_id, home, away = lg.fixtures[0]
    hc = lg.captain(home)
    squad = lg.squads[home]
    twice = slots(squad)
    twice[1] = [squad[0]]  # the same player in two singles games
    r = hc.lineup(fixture_id, twice, status=409)
    assert 'data-rule="LG-LINEUP"' in r.get_data(as_text=True)
    other = slots(squad)
    other[0] = [lg.squads[away][1]]  # a player of the other team
    r = hc.lineup(fixture_id, other, status=409)
    assert 'data-rule="LG-LINEUP"' in r.get_data(as_text=True)
    # A score before both line-ups is refused; a captain of another fixture has no page.
    hc.lineup(fixture_id, slots(squad))
    r = hc.score(fixture_id, 0, [WIN], status=409)
    assert 'data-rule="LG-ORDER"' in r.get_data(as_text=True)
    stranger = lg.captain("Dove" if home != "Dove" and away != "Dove" else "Eagle")
    assert stranger.get(f"/m/{stranger.token}/fixture/{fixture_id}").status_code == 404
    # A leg that no side has won yet (below Five-Up's 61) is refused with the variant's rule.
    lg.captain(away).lineup(fixture_id, slots(lg.squads[away]))
    r = hc.score(fixture_id, 0, [(40, 30, 4)], status=400)
    assert 'data-rule="' in r.get_data(as_text=True)
    # The side that entered a score does not confirm it.
    hc.score(fixture_id, 0, [WIN])
    r = hc.confirm(fixture_id, 0, status=409)
    assert 'data-rule="LG-CONFIRM"' in r.get_data(as_text=True)


def test_fixture_pin_signature_tries_and_the_secretarys_correction(app):
    lg = League(app, TWO, preset="solihull")
    fixture_id, home, away = lg.fixtures[0]
    lg.play(fixture_id, home, away, wins=5, sign=False)
    pin = lg.captains[home][1]
    wrong = str((int(pin) + 1) % 10**6).zfill(6)
    r = sign_with_pin(lg.public, fixture_id, 0, wrong)
    assert r.status_code == 403
    with app.app_context():
        assert db.session.query(PinTry).count() == 1
    assert sign_with_pin(lg.public, fixture_id, 0, pin).status_code == 302
    lg.captain(away).sign(fixture_id)
    table = {r["team"]: r for d in lg.table()["divisions"] for r in d["table"]}
    assert (table[home]["points"], table[away]["points"]) == (3, 1)  # 5-4: 3 and 1
    # Signed: only the league secretary changes it, and it is logged.
    lg.sec.fixture(fixture_id, what="correct", game=0, l0h=LOSS[0], l0a=LOSS[1], l0n=5)
    table = {r["team"]: r for d in lg.table()["divisions"] for r in d["table"]}
    assert (table[home]["points"], table[away]["points"]) == (1, 3)  # now 4-5
    html = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    assert "game 1 corrected" in text_of(html, "log")
    with app.app_context():
        whats = [e.what for e in db.session.query(LeagueEntry).filter_by(fixture_id=fixture_id)]
    assert whats.count("score") == 9 and whats[-1] == "correct"  # nothing rewritten


def test_league_averages_tv_and_pages_of_the_links(app):
    lg = League(app, TWO, preset="leek")
    fixture_id, home, away = lg.fixtures[0]
    lg.play(fixture_id, home, away, wins=9)
    page = lg.public.get(f"/leagues/{lg.id}").get_data(as_text=True)
    # The captain played singles 1 and doubles 1: won both, 61 + 61 points in 5 + 5 hands.
    row = text_of(page, f"average-{lg.squads[home][0]}")
    assert row.split()[-4:] == ["2", "2", "100", "12.20"]
    assert "Points per hand" in text_of(page, "averages")
    tv = lg.public.get(f"/leagues/{lg.id}/tv").get_data(as_text=True)
    assert 'http-equiv="refresh"' in tv and "league-tv" in tv
    # The secretary's and a captain's pages open only with their links.
    assert lg.public.get("/league/not-a-key").status_code == 404
    assert lg.public.get("/m/not-a-token/fixture/1").status_code == 404
    member = lg.public.get(f"/m/{lg.captains[home][0]}").get_data(as_text=True)
    assert 'id="league-fixtures"' in member  # a captain's page links their fixtures
    mine = lg.public.get(f"/m/{lg.captains[home][0]}/leagues").get_data(as_text=True)
    assert f'id="fixture-{fixture_id}"' in mine


def test_league_promotion_previewed_then_applied(app):
    lg = League(app, TWO, preset="solihull")
    for fixture_id, home, away in lg.fixtures:
        # Bell and Eagle win every fixture: Bell tops the Premier, Eagle the First.
        lg.play(fixture_id, home, away, wins=9 if home in ("Bell", "Eagle") else 0)
    html = lg.sec.get(f"/league/{lg.sec.key}/next", query_string={"up": 1, "down": 1}).get_data(
        as_text=True
    )
    assert text_of(html, "next-1") == "Bell Eagle" and text_of(html, "next-2") == "Anchor Dove"
    with app.app_context():
        before = db.session.query(LeagueEntry).count()
    r = lg.sec.post(f"/league/{lg.sec.key}/next", {"up": 1, "down": 1, "starts": "2027-09-01"})
    assert r.status_code == 302  # the made page, a GET
    r = lg.sec.get(r.location)
    key = re.search(r'href="/league/([A-Za-z0-9_-]+)"', r.get_data(as_text=True)).group(1)
    nxt = lg.sec.get(f"/league/{key}").get_data(as_text=True)
    assert "2027" in nxt and re.search(
        r"<h2[^>]*>Premier</h2>.*Bell.*Eagle.*<h2[^>]*>First", nxt, re.S
    )
    with app.app_context():
        assert db.session.query(LeagueEntry).count() == before + 2  # made, and "next" logged


def test_fixture_games_refereed_move_by_move(app):
    lg = League(
        app,
        {"Premier": ["Anchor", "Bell"]},
        preset="solihull",
        games="1x1",
        target="5",
        refereed="1",
        one_word=True,
    )
    fixture_id, home, away = lg.fixtures[0]
    hc, ac = lg.captain(home), lg.captain(away)
    hc.lineup(fixture_id, [[lg.squads[home][0]]])
    ac.lineup(fixture_id, [[lg.squads[away][0]]])
    # Both line-ups in: the game is a table of its own, its seats the line-up's members.
    page = hc.get(f"/m/{hc.token}/fixture/{fixture_id}").get_data(as_text=True)
    t = re.search(r'id="table-0" href="/t/([A-Za-z0-9_-]+)"', page).group(1)
    assert 'id="score-0"' not in page  # no score to enter: the table's is the score
    a, b = f"Ann{home}", f"Ann{away}"
    hc.players[t] = [a, b]
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    assert text_of(sheet, "game-0").endswith("the table in play at its table")
    hc.moves(t, f"{a} 5-5; {b} 5-0 on 5-5; {a} 0-0 on 5-0; {b} 5-3 on 5-5; {a} 3-3 on 5-3")
    hc.moves(t, f"{b} 5-2 on 5-5; {a} 3-1 on 3-3; {b} 2-2 on 5-2; {a} 4-1 on 3-1")
    hc.settle(t, {b: "6-6"})
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    # Decided at its table, not "confirmed": no captain confirmed it, both are still to sign.
    assert text_of(sheet, "game-0").endswith("6–3 decided at its table, waiting for the signatures")
    assert sign_with_pin(lg.public, fixture_id, 0, lg.captains[home][1]).status_code == 302
    ac.sign(fixture_id)
    sheet = lg.public.get(f"/leagues/fixture/{fixture_id}").get_data(as_text=True)
    assert text_of(sheet, "game-0").endswith("6–3 decided at its table, signed")
    table = {r["team"]: r for d in lg.table()["divisions"] for r in d["table"]}
    assert (table[home]["points"], table[away]["points"]) == (3, 1)  # 1-0: a loss by one
    r = hc.score(fixture_id, 0, [(6, 3, 1)], status=409)
    assert 'data-rule="LG-SIGNED"' in r.get_data(as_text=True)


def test_league_made_only_in_a_variant_that_plays_its_games(app):
    club = Secretary(app.test_client(), secretary_link(app))
    data = {"name": "FC League", "year": "2026", "starts": "2026-09-01", "preset": "solihull"}
    # French Connection seats four players, each for themselves: no two-sided game.
    r = club.post(f"/club/{club.key}/leagues", data | {"variant": "french-connection"})
    assert r.status_code == 400 and 'id="league-key"' not in r.get_data(as_text=True)
    r = club.post(
        f"/club/{club.key}/leagues", data | {"variant": "french-connection", "games": "6x1"}
    )
    assert r.status_code == 400  # nor singles: it is played by four
    r = club.post(f"/club/{club.key}/leagues", data | {"variant": "ctyrka", "games": "6x1"})
    assert r.status_code == 302
    assert 'id="league-key"' in club.get(r.location).get_data(as_text=True)
    r = club.post(f"/club/{club.key}/leagues", data | {"variant": "five-up", "games": "3x2/2"})
    assert 'data-rule="LG-FORMAT"' in r.get_data(as_text=True)
    # The leagues' page opens with the club secretary's link alone.
    assert club.get("/club/not-a-key/leagues").status_code == 404


def test_captains_fixtures_say_the_opponent_home_or_away_and_the_state(app):
    """The captain's "My league fixtures" listed bare dates: each says the opponent, home
    or away, and where the night stands (to be played, waiting for signatures, signed, its
    result)."""
    lg = League(app, {"Premier": ["Anchor", "Bell"]}, preset="solihull")
    (first, home, away), (second, *_) = lg.fixtures
    mine = f"/m/{lg.captains[home][0]}/leagues"

    def line(fixture_id: int) -> str:
        return text_of(lg.public.get(mine).get_data(as_text=True), f"my-fixture-{fixture_id}")

    assert f"at home to {away}" in line(first) and line(first).endswith("to be played")
    assert f"away at {away}" in line(second) and line(second).endswith("to be played")
    lg.play(first, home, away, wins=5, sign=False)
    assert line(first).endswith("played: waiting for both signatures · 5–4")
    assert sign_with_pin(lg.public, first, 0, lg.captains[home][1]).status_code == 302
    assert f"played: waiting for the signature of {away} · 5–4" in line(first)
    lg.captain(away).sign(first)
    assert line(first).endswith("signed by both captains · 5–4")


def test_a_captain_sees_the_result_he_is_asked_to_sign(app):
    """The captain's fixture page asked him to sign without showing the fixture's result:
    it says the games score and the league points he signs for, then the result."""
    lg = League(app, {"Premier": ["Anchor", "Bell"]}, preset="solihull")
    fixture_id, home, away = lg.fixtures[0]
    ac = lg.captain(away)
    page = f"/m/{ac.token}/fixture/{fixture_id}"
    assert text_of(ac.get(page).get_data(as_text=True), "result") is None  # nothing played
    lg.play(fixture_id, home, away, wins=5, sign=False)
    html = ac.get(page).get_data(as_text=True)
    assert 'id="sign-form"' in html
    said = f"The result you sign: {home} 5–4 {away} · league points 3–1"
    assert text_of(html, "result") == said
    ac.sign(fixture_id)
    html = ac.get(page).get_data(as_text=True)
    assert text_of(html, "result") == f"Result: {home} 5–4 {away} · league points 3–1"


def test_the_league_table_says_the_game_the_format_and_the_points(app):
    """The public league table said none of what it is played by: it states the game (the
    variant, linked to its rules, and the tables' target), the games of a fixture and the
    league points, as the league was made."""
    lg = League(app, {"Premier": ["Anchor", "Bell"]}, preset="solihull")
    html = lg.public.get(f"/leagues/{lg.id}").get_data(as_text=True)
    game = text_of(html, "league-game").replace(" ,", ",")  # text_of spaces the link's text
    assert game == "Game: Five-Up, each table played to 61"
    assert 'href="/rules/five-up"' in html
    assert text_of(html, "league-format") == "A fixture: 6 singles games + 3 doubles games"
    assert text_of(html, "league-points") == (
        "Points: 3 a win, 2 a draw, 0 a loss, 1 for a loss by 1 · A no-show concedes every game"
    )
    other = League(app, {"Premier": ["Crane", "Dove"]}, preset="hartlepool", target="31",
                  name="Hartlepool")  # fmt: skip
    html = other.public.get(f"/leagues/{other.id}/tv").get_data(as_text=True)
    game = text_of(html, "league-game").replace(" ,", ",")
    assert game == "Game: Five-Up, each table played to 31"
    assert text_of(html, "league-format") == "A fixture: 3 doubles games (best of 3)"
    assert text_of(html, "league-points").startswith("Points: 2 a win, 1 a draw, 0 a loss ·")
