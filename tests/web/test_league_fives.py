"""The league presets play the game their rules name (issue 38): a league made from the
Leek, Solihull, Guisborough or Teesdale preset, with no variant chosen, is a Fives & Threes
league whose games are played in the league's options for each game size; Hartlepool's
preset says its game is unconfirmed and asks for one."""

from __future__ import annotations

from leaguehelpers import make_league
from memberhelpers import Secretary, secretary_link

LEEK_SINGLES = {"deal": "league", "chip_out": "none", "win_on_lead": "no", "misplay": "penalty"}


def made(app, preset: str, variant: str = "") -> dict:
    club, key, league_id = make_league(app, preset=preset, variant=variant)
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
