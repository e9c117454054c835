"""Cups of a league's players through HTTP (issue 40): the league secretary makes a
singles, a pairs and a captain-and-secretary cup from the squads; each is a knockout
event in the league's game and its format for that many players a side (Leek: singles 9
tiles to 61, doubles 6 tiles to 121), seeded by the members' ratings, listed on the
league's pages, made once however often the form is sent."""

from __future__ import annotations

import random
import re
from html import unescape

import sqlalchemy as sa
from eventhelpers import Director, play_to_end
from leaguehelpers import League
from test_knockouts import better, bracket_rows, public_standings, settle
from webhelpers import Phone, text_of

from referee.web.events.models import Event
from referee.web.leagues.player_cups import PlayerCup
from referee.web.store import db

TWO = {"Premier": ["Anchor", "Bell"]}


def cup_form(lg: League, status: int = 302, **data):
    r = lg.sec.post(f"/league/{lg.sec.key}/player-cup", data)
    assert r.status_code == status, r.get_data(as_text=True)[:3000]
    return r


def first_table_options(director: Director, token: str) -> dict:
    r = director.get(director.table_links(token)[0])
    return director.record(r.location.rsplit("/", 1)[1])["options"]


def test_a_singles_cup_seeded_by_rating_played_to_the_end(app):
    lg = League(app, TWO, preset="leek", variant="")  # the game its rules name: 5s & 3s
    ann, bob = lg.squads["Anchor"][:2]
    cat, dan, eve = lg.squads["Bell"][2:5]
    # one rated game of the league's game: its winner is the best rated of the five
    phone = Phone(app.test_client())
    rated = play_to_end(
        phone, phone.start("fives-and-threes", ["Cat Bell", "Dan Bell"]), random.Random(3)
    )
    best = ["Cat Bell", "Dan Bell"][rated.result()[1]]
    page = lg.sec.page()
    assert len(re.findall(r'name="player" value="\d+" checked', page)) == 12  # both squads
    sent = {"kind": "singles", "player": [ann, bob, cat, dan, eve]}
    r = cup_form(lg, **sent)
    director_token = r.location.rsplit("/", 1)[1]
    # sent again (a double tap): the same cup, and the secretary told so
    again = cup_form(lg, **sent)
    assert again.location == r.location
    said = text_of(lg.sec.get(again.location).get_data(as_text=True), "flash")
    assert "made already" in said
    with app.app_context():
        assert db.session.execute(sa.select(sa.func.count(PlayerCup.id))).scalar() == 1
        assert db.session.execute(sa.select(sa.func.count(Event.id))).scalar() == 1
    page = lg.sec.page()
    assert "singles-cup-form" not in page and text_of(page, "player-cup-singles")
    director = Director(app.test_client())
    director.act(director_token, "pair", {"round": 1})
    director.act(director_token, "start", {"round": 1})
    rows = bracket_rows(director.page(director_token))
    assert len(rows) == 7  # 5 entrants: a bracket of 8, 3 byes
    byes = {a for _stage, a, b, _w, _link in rows if b == "bye"}
    assert len(byes) == 3 and best in byes  # the top seed by rating has a bye
    assert first_table_options(director, director_token)["target"] == 61  # Leek's singles
    assert first_table_options(director, director_token)["deal"] == "league"  # 9 tiles each
    assert settle(director, director_token, better) == 4  # 5 entrants: 4 ties
    standings = public_standings(director, director_token)
    champion = bracket_rows(director.page(director_token))[-1][3]
    assert standings[0] == (1, champion)
    assert sorted(n for _r, n in standings) == sorted(
        ["Ann Anchor", "Bob Anchor", "Cat Bell", "Dan Bell", "Eve Bell"]
    )
    # the league's public page lists the cup, linking its event's public page
    public = lg.public.get(f"/leagues/{lg.id}").get_data(as_text=True)
    link = re.search(r'href="([^"]+)" id="public-singles-cup"', public).group(1)
    assert lg.public.get(link).status_code == 200 and champion in unescape(
        lg.public.get(link).get_data(as_text=True)
    )


def test_pairs_and_captains_cups_from_the_squads(app):
    lg = League(app, TWO, preset="leek", variant="")  # the game its rules name: 5s & 3s
    anchor, bell = lg.squads["Anchor"], lg.squads["Bell"]
    # a name in no squad is refused, and the pairs typed are kept
    text = "Ann Anchor & Bob Anchor\nCat Bell & Zed Nobody"
    r = cup_form(lg, 400, kind="pairs", pairs=text)
    html = r.get_data(as_text=True)
    assert "Zed Nobody is in no squad of the league." in text_of(html, "refused")
    assert text in unescape(html)
    text = "Ann Anchor & Bob Anchor\nCat Bell & Dan Bell\nEve Anchor & Fin Bell"
    r = cup_form(lg, kind="pairs", pairs=text, signed="1")
    pairs = Director(app.test_client())
    token = r.location.rsplit("/", 1)[1]
    page = unescape(pairs.page(token))
    for pair in text.splitlines():
        assert pair in page
    pairs.act(token, "pair", {"round": 1})
    pairs.act(token, "start", {"round": 1})
    options = first_table_options(pairs, token)
    assert options["target"] == 121 and options["deal"] == "league"  # Leek's doubles: 6 each
    # the captain-and-secretary cup: two of each team's own squad, or neither
    teams = lg.teams
    form = {"kind": "captains", f"cup-captain-{teams['Anchor']}": anchor[0]}
    form |= {f"cup-second-{teams['Anchor']}": anchor[3], f"cup-captain-{teams['Bell']}": bell[0]}
    r = cup_form(lg, 400, **form)
    assert "two players of the squad of Bell" in text_of(r.get_data(as_text=True), "refused")
    r = cup_form(lg, 400, **form, **{f"cup-second-{teams['Bell']}": anchor[1]})  # not Bell's
    assert "two players of the squad of Bell" in text_of(r.get_data(as_text=True), "refused")
    # a player taken off his squad is not offered, nor taken
    lg.sec.write("off", team=teams["Bell"], member=bell[5])
    form_html = lg.sec.page().split('id="captains-cup-form"', 1)[1].split("</form>", 1)[0]
    assert f'<option value="{bell[4]}">' in form_html
    assert f'<option value="{bell[5]}">' not in form_html
    r = cup_form(lg, 400, **form, **{f"cup-second-{teams['Bell']}": bell[5]})
    r = cup_form(lg, **form, **{f"cup-second-{teams['Bell']}": bell[2]})
    page = unescape(Director(app.test_client()).page(r.location.rsplit("/", 1)[1]))
    assert "Ann Anchor & Dan Anchor" in page and "Ann Bell & Cat Bell" in page
    listed = text_of(lg.sec.page(), "player-cup-list")
    assert "Pairs cup" in listed and "Captain and secretary cup" in listed
    assert "pairs-cup-form" not in lg.sec.page()
