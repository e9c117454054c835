"""Every action once (issue 43.1 and 43.2), one request after another through HTTP: a
one-shot write sent again (a reload of its answer, Back and send, a double tap) finds
its work done and says so on the current page, nothing made twice; the pages that show
a secret made once (cards, a league secretary's link) are GETs a reload shows again; a
merge asks first; a stranger cannot spend a captain's PIN tries. The same actions sent
at once, through the real server: test_once_server.py."""

from __future__ import annotations

import re

import sqlalchemy as sa
from leaguehelpers import LOSS, WIN, League, LeagueSecretary, make_league, sign_with_pin, slots
from memberhelpers import Secretary, secretary_link
from webhelpers import Phone, text_of

from referee.web.leagues.models import Fixture, LeagueEntry
from referee.web.leagues.models import League as LeagueRow
from referee.web.members import cards
from referee.web.members.models import CardSheet, Member, PinTry
from referee.web.store import db

TWO = {"Premier": ["Anchor", "Bell"]}
ONCE = re.compile(r'name="once" value="([A-Za-z0-9_-]+)"')


def flashed(client, response) -> str:
    """The sentence the page a redirect leads to says (its flash)."""
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return text_of(client.get(response.location).get_data(as_text=True), "flash") or ""


def once_key(html: str, form: str) -> str:
    """The once-key of the form with id `form` on a page."""
    part = html.split(f'id="{form}"', 1)[1]
    return ONCE.search(part).group(1)


def count(app, model, *where) -> int:
    with app.app_context():
        n = db.session.execute(sa.select(sa.func.count()).select_from(model).where(*where))
        out = n.scalar_one()
        db.session.remove()
        return out


# -- 1. the fixture list ---------------------------------------------------------------------------
def test_the_fixture_list_sent_again_is_told_it_is_made(app):
    lg = League(app, TWO)  # makes the list: two teams, home and away
    r = lg.sec.write("fixtures")
    assert "The fixture list is made already: 2 fixtures." in flashed(lg.sec, r)
    assert count(app, Fixture) == 2
    assert count(app, LeagueEntry, LeagueEntry.what == "fixtures") == 1
    with app.app_context():
        assert db.session.execute(sa.select(LeagueRow.fixtures_made)).scalar() is not None
    # the teams stand once it is made
    r = lg.sec.write("team", 409, name="Crown", division=1)
    assert "the teams stand" in r.get_data(as_text=True)


# -- 1. the cards ----------------------------------------------------------------------------------
def card_of(html: str, member: int) -> tuple[str, str]:
    pin = re.search(rf'id="pin-{member}">(\d+)<', html).group(1)
    token = re.search(rf'id="link-{member}">[^<]*/m/([A-Za-z0-9_-]+)<', html).group(1)
    return token, pin


def test_the_cards_page_is_a_get_that_shows_the_same_sheet_again(app):
    """Before: the sheet was the answer to the POST, and a reload made new cards, killing
    the ones just printed. Now the POST makes them once and leads to the sheet's page."""
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("Ana"), s.add("Ben")
    key = once_key(s.roster(), "cards-form")
    form = {"member": [ana, ben], "once": key}
    r = s.post(f"/club/{s.key}/cards", form)
    assert r.status_code == 302
    sheet = r.location
    first = s.get(sheet)
    assert first.headers["Cache-Control"] == "no-store"
    html = first.get_data(as_text=True)
    ana_card = card_of(html, ana)
    assert s.get(sheet).get_data(as_text=True) == html  # a reload: the same sheet
    again = s.post(f"/club/{s.key}/cards", form)  # the same form sent again
    assert again.location == sheet
    assert "printed already" in flashed(s, again)
    assert card_of(s.get(sheet).get_data(as_text=True), ana) == ana_card
    assert s.get(f"/m/{ana_card[0]}").status_code == 200  # the card printed still works
    assert count(app, CardSheet) == 1
    with app.app_context():
        m = db.session.get(Member, ana)
        assert m.link_digest == cards.digest(ana_card[0])
        assert cards.pin_matches(ana_card[1], m.pin_hash) and ana_card[1] not in m.pin_hash
        db.session.remove()
    # Ben's new card on another sheet: the first sheet says his card there is replaced
    s.card(ben)
    html = s.get(sheet).get_data(as_text=True)
    assert text_of(html, f"replaced-{ben}") and f'id="pin-{ben}"' not in html
    assert card_of(html, ana) == ana_card
    # the sheet needs the secretary's link, and its own key
    assert Phone(app.test_client()).get(sheet.replace(s.key, "x" * 22)).status_code == 404
    assert s.get(f"/club/{s.key}/cards/{'y' * 22}").status_code == 404


def test_the_event_directors_cards_are_a_sheet_printed_once(app):
    from eventhelpers import Director

    director = Director(app.test_client())
    club = director.club_key()  # an event on the club's link: its new names become members
    token = director.create(
        "five-up", ["Zoe", "Yan"], club=club, format="round-robin", rounds=1, target=5
    )
    page = director.page(token)
    key = once_key(page, "new-member-cards")
    r = director.post(f"/e/{token}/member-cards", {"once": key})
    sheet = r.location
    html = director.get(sheet).get_data(as_text=True)
    assert re.findall(r"<h2>([^<]+)</h2>", html) == ["Yan", "Zoe"]
    again = director.post(f"/e/{token}/member-cards", {"once": key})
    assert again.status_code == 302 and again.location == sheet
    pins = re.compile(r'id="pin-\d+">(\d+)<')
    assert pins.findall(director.get(sheet).get_data(as_text=True)) == pins.findall(html)
    assert count(app, CardSheet) == 1


# -- 1. a league, its next season, its secretary's link --------------------------------------------
LEAGUE = {
    "name": "Leek & District",
    "year": "2026",
    "starts": "2026-09-01",
    "preset": "leek",
    "variant": "five-up",
}


def test_a_league_made_once_and_its_link_shown_again(app):
    club = Secretary(app.test_client(), secretary_link(app))
    form = LEAGUE | {
        "once": once_key(
            club.get(f"/club/{club.key}/leagues").get_data(as_text=True), "league-form"
        )
    }
    r = club.post(f"/club/{club.key}/leagues", form)
    made = r.location
    html = club.get(made).get_data(as_text=True)
    key = re.search(r'id="league-key" href="/league/([A-Za-z0-9_-]+)"', html).group(1)
    assert club.get(made).get_data(as_text=True) == html  # a reload shows the link again
    again = club.post(f"/club/{club.key}/leagues", form)  # Back and send, or a double tap
    assert again.location == made and "is made already" in flashed(club, again)
    # another form, the same name and year: told, and no second league
    other = club.post(f"/club/{club.key}/leagues", LEAGUE)
    assert other.location.endswith(f"/club/{club.key}/leagues")
    assert "Leek & District 2026 is made already" in flashed(club, other)
    assert count(app, LeagueRow) == 1
    assert club.get(f"/league/{key}").status_code == 200
    # the same name in another year is another league's season
    assert club.post(f"/club/{club.key}/leagues", LEAGUE | {"year": "2027"}).status_code == 302
    assert count(app, LeagueRow) == 2


def test_the_next_season_made_once(app):
    lg = League(app, TWO)
    for fixture_id, home, away in lg.fixtures:
        lg.play(fixture_id, home, away, wins=9 if home == "Anchor" else 0)
    page = lg.sec.get(f"/league/{lg.sec.key}/next").get_data(as_text=True)
    form = {"up": 1, "down": 1, "starts": "2027-09-01", "once": once_key(page, "apply-form")}
    r = lg.sec.post(f"/league/{lg.sec.key}/next", form)
    made = r.location
    again = lg.sec.post(f"/league/{lg.sec.key}/next", form)
    assert again.location == made and "is made already" in flashed(lg.sec, again)
    other = lg.sec.post(f"/league/{lg.sec.key}/next", form | {"once": "z" * 22})
    assert "The next season is made already: Leek & District 2027." in flashed(lg.sec, other)
    assert count(app, LeagueRow) == 2


def test_a_new_league_secretarys_link_sent_twice_ends_on_the_new_link(app):
    """Before: the second request of a double tap came with the link the first had just
    revoked, and got a 404 instead of the new link."""
    _club, key, _league = make_league(app)
    sec = Phone(app.test_client())
    form = {"once": once_key(sec.get(f"/league/{key}").get_data(as_text=True), "key-form")}
    first = sec.post(f"/league/{key}/key", form)
    second = sec.post(f"/league/{key}/key", form)
    assert first.status_code == second.status_code == 302
    assert first.location == second.location
    assert sec.get(f"/league/{key}").status_code == 404
    assert 'id="league-key"' in sec.get(second.location).get_data(as_text=True)
    assert count(app, LeagueEntry, LeagueEntry.what == "key") == 1


def test_the_club_secretarys_new_link_sent_twice_ends_on_the_new_link(app):
    s = Secretary(app.test_client(), secretary_link(app))
    form = {"once": once_key(s.roster(), "renew-form")}
    first = s.post(f"/club/{s.key}/renew", form)
    second = s.post(f"/club/{s.key}/renew", form)
    assert first.status_code == second.status_code == 302
    assert first.location == second.location
    assert 'id="secretary-link"' in s.get(second.location).get_data(as_text=True)
    assert s.get(f"/club/{s.key}").status_code == 404


# -- 1. names --------------------------------------------------------------------------------------
def test_a_team_or_a_member_of_a_name_taken_is_refused(app):
    club, key, _league = make_league(app)
    sec = LeagueSecretary(app.test_client(), key)
    d = sec.division("Premier")
    sec.team("Anchor", d)
    r = sec.write("team", 409, name="ANCHOR", division=d)
    assert "a different name" in r.get_data(as_text=True)
    club.add("Ann")
    club.add("ＡＮＮ", status=409)


# -- 1. the merge ----------------------------------------------------------------------------------
def test_a_merge_asks_first_and_happens_once(app):
    s = Secretary(app.test_client(), secretary_link(app))
    ann, anna = s.add("Ann"), s.add("Anna")
    r = s.post(f"/club/{s.key}/merge", {"gone": anna, "kept": ann})
    assert r.status_code == 200  # the question first: nothing merged yet
    html = r.get_data(as_text=True)
    assert "Merge Anna into Ann?" in text_of(html, "question")
    assert 'name="confirm" value="1"' in html
    assert [m for m in re.findall(r'/member/\d+">([^<]+)<', s.roster())] == ["Ann", "Anna"]
    yes = {"gone": anna, "kept": ann, "confirm": "1"}
    assert "Anna merged into Ann." in flashed(s, s.post(f"/club/{s.key}/merge", yes))
    again = s.post(f"/club/{s.key}/merge", yes)
    assert "Anna was merged into Ann already." in flashed(s, again)
    back = s.post(f"/club/{s.key}/merge", {"gone": ann, "kept": anna, "confirm": "1"})
    assert back.status_code == 409 and "Anna was merged into another member" in back.get_data(
        as_text=True
    )
    assert re.findall(r'/member/\d+">([^<]+)<', s.roster()) == ["Ann"]
    assert text_of(s.roster(), "club-log").count("Anna merged into Ann") == 1
    # the name is free again once merged
    assert s.add("Anna")


# -- 1. a fixture's sheet --------------------------------------------------------------------------
def test_a_confirmation_and_a_signature_sent_again_are_entered_once(app):
    lg = League(app, TWO)
    fixture_id, home, away = lg.fixtures[0]
    hc, ac = lg.captain(home), lg.captain(away)
    hc.lineup(fixture_id, slots(lg.squads[home]))
    again = hc.send(
        fixture_id,
        what="lineup",
        **{
            f"g{i}p{p}": m
            for i, slot in enumerate(slots(lg.squads[home]))
            for p, m in enumerate(slot)
        },
    )
    assert "This line-up is entered already." in flashed(hc, again)
    ac.lineup(fixture_id, slots(lg.squads[away]))
    for game in range(9):
        hc.score(fixture_id, game, [WIN if game < 5 else LOSS])
        ac.confirm(fixture_id, game)
    r = ac.confirm(fixture_id, 0)
    assert "The score of game 1 is confirmed already." in flashed(ac, r)
    ac.sign(fixture_id)
    assert "This side has signed the sheet already." in flashed(ac, ac.sign(fixture_id))
    pin = lg.captains[home][1]
    assert sign_with_pin(lg.public, fixture_id, 0, pin).status_code == 302
    r = sign_with_pin(lg.public, fixture_id, 0, pin)  # sent again: no PIN try spent
    assert "This side has signed the sheet already." in flashed(lg.public, r)
    entries = lambda what: count(  # noqa: E731
        app, LeagueEntry, LeagueEntry.fixture_id == fixture_id, LeagueEntry.what == what
    )
    assert (entries("confirm"), entries("sign"), entries("lineup")) == (9, 2, 2)
    assert count(app, PinTry) == 1


# -- 2. the PIN tries ------------------------------------------------------------------------------
def test_a_stranger_cannot_spend_a_captains_pin_tries(app):
    """Before: five wrong PINs posted on the public sheet from anywhere locked the captain
    out for 15 minutes. Now they lock out that address; the captain's phone still signs;
    only tries from many addresses reach the member's wider bound."""
    lg = League(app, TWO)
    fixture_id, home, away = lg.fixtures[0]
    lg.play(fixture_id, home, away, wins=5, sign=False)
    pin = lg.captains[home][1]
    bad = str((int(pin) + 1) % 10**6).zfill(6)
    stranger = Phone(app.test_client())
    far = {"environ_base": {"REMOTE_ADDR": "203.0.113.9"}}
    data = {"side": 0, "pin": bad}
    said = [
        stranger.post(f"/leagues/fixture/{fixture_id}/sign", data, **far).status_code
        for _ in range(6)
    ]
    assert said == [403] * 4 + [429] * 2
    assert sign_with_pin(lg.public, fixture_id, 0, pin).status_code == 302  # the table's phone
    assert count(app, PinTry, PinTry.matched.is_(False)) == 5


def test_the_members_wider_bound_and_an_ipv6_host(app):
    lg = League(app, TWO)
    fixture_id, home, away = lg.fixtures[0]
    lg.play(fixture_id, home, away, wins=5, sign=False)
    pin = lg.captains[home][1]
    bad = str((int(pin) + 1) % 10**6).zfill(6)
    phone = Phone(app.test_client())

    def tries(addr: str, n: int, which: str = bad) -> list[int]:
        out = []
        for _ in range(n):
            r = phone.post(
                f"/leagues/fixture/{fixture_id}/sign",
                {"side": 0, "pin": which},
                environ_base={"REMOTE_ADDR": addr},
            )
            out.append(r.status_code)
        return out

    # one IPv6 host (its /64) changing its address counts as one client
    assert tries("2001:db8::1", 3) + tries("2001:db8::2", 3) == [403] * 4 + [429] * 2
    for n in range(2, 5):  # 5 + 15 more from other addresses: the member's 20
        assert tries(f"198.51.100.{n}", 5) == [403] * 4 + [429]
    assert tries("198.51.100.99", 1, pin) == [429]
    assert count(app, PinTry, PinTry.matched.is_(False)) == cards.ALL_TRIES


def test_an_ipv6_address_counts_by_its_64():
    assert cards.address("2001:db8:1:2:aaaa::1") == cards.address("2001:db8:1:2:bbbb::9")
    assert cards.address("2001:db8:1:3::1") != cards.address("2001:db8:1:2::1")
    assert cards.address("::ffff:192.0.2.7") == "192.0.2.7"
    assert cards.address("192.0.2.7") == "192.0.2.7"
    assert cards.address("") == "unknown"
