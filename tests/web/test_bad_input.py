"""Bad input gets a clear 4xx, never a 500 (issue 43): ids past what the databases hold,
in a link or a form; a NUL in an event's link; control and direction characters in names
and reasons; deep JSON; a correction on an abandoned match; `/phone?next=` off the app.
On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from eventhelpers import Director
from leaguehelpers import LEAGUE_KEY, League, LeagueSecretary
from webhelpers import text_of

# The ids a link or a form may hold: past PostgreSQL's integer, past SQLite's, past both.
TOO_BIG = [2**31, 2**63, 10**30]


@pytest.fixture
def league(app):
    return League(app, {"North": ["Anchor", "Bell"]})


def test_an_id_too_big_for_the_database_in_a_link_is_404(app, league, phone):
    """Every kind of id a link holds, past 2^31 (PostgreSQL) and 2^63 (SQLite): a 404,
    as for any id that names nothing."""
    club = league.club
    token = phone.start("five-up", ["Ana", "Ben"])
    read = phone.read_token(token)
    event = Director(app.test_client()).create(
        "five-up", ["Ana", "Ben", "Cleo", "Dan"], format="round-robin", rounds=3
    )
    links = [
        "/leagues/{n}",
        "/leagues/{n}/fixtures.ics",
        "/leagues/{n}/table.csv",
        "/leagues/fixture/{n}",
        f"/league/{league.sec.key}/fixture/{{n}}",
        f"/m/{league.captains['Anchor'][0]}/fixture/{{n}}",
        "/season/{n}",
        "/season/{n}.csv",
        f"/club/{club.key}/member/{{n}}",
        f"/club/{club.key}/seasons/{{n}}",
        "/ladder/five-up/{n}",
        f"/t/{token}/hand/{{n}}",
        f"/t/{token}/hand/{{n}}/correct",
        f"/s/{read}/hand/1/move/{{n}}",
        f"/e/{event}/tables/{{n}}",
    ]
    for link in links:
        assert phone.get(link.format(n=1)).status_code < 500, link
        for n in TOO_BIG:
            r = phone.get(link.format(n=n))
            assert r.status_code == 404, (link, n, r.status_code)
    for link in (f"/club/{club.key}/member/{{n}}/active", f"/e/{event}/entrants/{{n}}/withdraw"):
        for n in TOO_BIG:
            assert phone.post(link.format(n=n), {}).status_code == 404, (link, n)


@pytest.mark.parametrize("n", TOO_BIG)
def test_an_id_too_big_for_the_database_in_a_form_is_refused(app, league, n):
    """A member, a team or a season named in a form by an id no database holds: refused
    with a 4xx and a message, as an id of nothing is."""
    club, sec = league.club, league.sec
    member = league.squads["Anchor"][1]
    team = league.teams["Anchor"]
    sent = [
        (club, f"/club/{club.key}/cards", {"member": n}),
        (club, f"/club/{club.key}/merge", {"gone": n, "kept": member}),
        (club, f"/club/{club.key}/link", {"name": "Ana", "member": n, "seat": f"{n}:0"}),
        (sec, f"/league/{sec.key}/squad", {"team": team, "member": n}),
        (sec, f"/league/{sec.key}/captain", {"team": n, "member": member}),
    ]
    for who, url, data in sent:
        r = who.post(url, data)
        assert 400 <= r.status_code < 500, (url, r.status_code)
        assert "There is no such" in r.get_data(as_text=True), url
    season = club.post(f"/club/{club.key}/seasons", {"name": "Winter", "best": ""})
    r = club.post(season.location + "/events", {"event": n})
    assert 400 <= r.status_code < 500, r.status_code


def test_a_link_that_cannot_be_an_event_token_is_404(app, phone):
    """The event's links (director, public, table, series) take only what a token can be,
    checked before any query: a NUL answered 500 on PostgreSQL."""
    director = Director(app.test_client())
    names = ["Ana", "Ben", "Cleo", "Dan"]
    event = director.create("five-up", names, format="round-robin", rounds=3)
    for link in (
        "/e/{t}",
        "/e/{t}/entrants",
        "/p/{t}",
        "/p/{t}/tv",
        "/p/{t}/version",
        "/p/{t}/standings.csv",
        "/et/{t}",
        "/series/{t}/next",
    ):
        for bad in ("a%00b", "%00", "%E2%80%AE", "x" * 65):
            r = phone.get(link.format(t=bad))
            assert r.status_code == 404, (link, bad, r.status_code)
    assert phone.post("/e/a%00b/start", {"confirm": "1"}).status_code == 404
    assert director.get(f"/e/{event}").status_code == 200


DEEP = ["[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000]


@pytest.mark.parametrize("body", DEEP, ids=["array", "object"])
def test_deeply_nested_json_is_a_400_everywhere(phone, rows, body):
    """JSON nested too deeply for Python to read, sent to the offline outbox (its JSON
    answer says why) and as the body of a form's POST: a 400, nothing stored."""
    token = phone.start("five-up", ["Ana", "Ben"])
    before = rows()
    json_post = {"content_type": "application/json", "headers": {"X-CSRFToken": phone.csrf}}
    r = phone.client.post(f"/t/{token}/outbox", data=body, **json_post)
    assert r.status_code == 400, r.status_code
    assert r.get_json()["ok"] is False and r.get_json()["message"]
    for url in (f"/t/{token}/play", f"/t/{token}/pass", "/new/five-up", "/import"):
        r = phone.client.post(url, data=body, **json_post)
        assert r.status_code == 400, (url, r.status_code)
    assert rows() == before


@pytest.mark.parametrize(
    "bad",
    [
        "//evil.example",
        "/\t/evil.example",
        "/\n/evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "https://evil.example/",
        "/%09/evil.example",
        "evil.example",
        "/no/such/page",
    ],
)
def test_the_phone_page_follows_only_a_path_of_this_app(phone, bad):
    """`/phone?next=` (naming the phone, then back): a path of this app is followed, and
    anything else leads home, in the Back link as after the name is saved
    (`/<TAB>/evil.example` gave `Location: //evil.example`, and `/\\evil.example`)."""
    html = phone.get("/phone", query_string={"next": bad}).get_data(as_text=True)
    assert 'href="/">' in html and "evil" not in html and "no/such" not in html
    r = phone.post("/phone", {"name": "Ben's phone", "next": bad})
    assert r.status_code == 302 and r.location == "/", r.location
    token = phone.start("five-up", ["Ana", "Ben"])
    r = phone.post("/phone", {"name": "Ben's phone", "next": f"/t/{token}?x=1"})
    assert r.location == f"/t/{token}?x=1"


def test_a_correction_on_an_abandoned_match_is_refused_clearly(phone, rows):
    """An abandoned match takes no correction: its page says why and has no form, a
    correction sent is a 409 saying so, and a hand the match has not is a 404 (it was a
    500 on an abandoned match), nothing stored."""
    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5; Ben 5-0 on 5-5")
    assert phone.post(f"/t/{token}/abandon", {"reason": "The hall closed"}).status_code == 302
    before = rows()
    html = phone.get(f"/t/{token}/hand/1/correct").get_data(as_text=True)
    assert "The hall closed" in text_of(html, "locked-note")
    assert 'id="check-form"' not in html
    sent = {"k": "2", "moves": "Ben 5-0 on 5-5", "total": "2"}
    r = phone.post(f"/t/{token}/hand/1/correct", sent)
    assert r.status_code == 409
    assert "abandoned" in text_of(r.get_data(as_text=True), "locked-note")
    for number in (2, 2**31 - 1):
        assert phone.post(f"/t/{token}/hand/{number}/correct", sent).status_code == 404
        assert phone.get(f"/t/{token}/hand/{number}/correct").status_code == 404
    assert rows() == before


@pytest.mark.parametrize("count", ["0", "9", "99999999999", "9" * 40])
def test_a_number_of_players_the_variant_has_not_is_refused_at_once(phone, count):
    """The start page's `?players=`: refused next to the count without a name being made
    for each player asked for (ten billion players took the memory of the machine)."""
    r = phone.get("/new/five-up", query_string={"players": count})
    assert r.status_code == 400
    assert text_of(r.get_data(as_text=True), "count-errors")


# What no name and no reason may hold: ESC, NUL, DEL, a right-to-left override.
HIDDEN = ["\x1b", "\x00", "\x7f", "\u202e"]


@pytest.mark.parametrize("c", HIDDEN, ids=["ESC", "NUL", "DEL", "RLO"])
def test_every_name_and_reason_follows_the_one_name_rule(app, league, c):
    """League, division, team, event and season names, a match's and a table's abandon
    reason: a control or direction character is refused with a sentence (400), never
    stored, so it reaches no page, CSV or calendar file (a NUL was a 500 on PostgreSQL)."""
    club, sec = league.club, league.sec
    bad = f"Evil{c}Name"
    data = {"name": "Fresh", "year": "2026", "starts": "2026-09-01", "preset": "leek"}
    data["variant"] = "five-up"
    made = club.get(club.post(f"/club/{club.key}/leagues", data).location).get_data(True)
    fresh = LeagueSecretary(app.test_client(), LEAGUE_KEY.search(made).group(1))
    division = fresh.division("North")
    sent = [
        (club, f"/club/{club.key}/leagues", data | {"name": bad}),
        (fresh, f"/league/{fresh.key}/division", {"name": bad}),
        (fresh, f"/league/{fresh.key}/team", {"name": bad, "division": division}),
        (club, f"/club/{club.key}/seasons", {"name": bad, "best": ""}),
    ]
    for who, url, form in sent:
        r = who.post(url, form)
        assert r.status_code == 400, (url, r.status_code)
        assert "control character" in text_of(r.get_data(as_text=True), "refused"), url
    director = Director(app.test_client())
    r = director.post(
        "/events/new", {"variant": "five-up", "name": bad, "entrants": "Ana\nBen\nCleo\nDan"}
    )
    assert r.status_code == 400 and "control character" in r.get_data(as_text=True)
    event = director.create("five-up", ["Ana", "Ben", "Cleo", "Dan"], format="round-robin")
    director.act(event, "pair")
    director.act(event, "start")
    table = director.table_ids(event)[0]
    reason = {"reason": f"Hall{c}shut", "confirm": "1"}
    r = director.post(f"/e/{event}/tables/{table}/abandon", reason)
    assert r.status_code == 400 and "control character" in r.get_data(as_text=True)
    token = league.public.start("five-up", ["Ana", "Ben"])
    r = league.public.post(f"/t/{token}/abandon", {"reason": f"Hall{c}shut"})
    assert r.status_code == 400 and "control character" in r.get_data(as_text=True)
    pages = [
        f"/leagues/{league.id}/fixtures.ics",
        f"/leagues/{league.id}/table.csv",
        f"/league/{sec.key}",
        f"/league/{fresh.key}",
        f"/club/{club.key}/seasons",
        f"/e/{event}",
        f"/t/{token}",
    ]
    for page in pages:
        assert c not in league.public.get(page).get_data(as_text=True), page


def test_a_name_longer_than_its_field_is_refused_not_cut(app, league):
    """An event's name of 121 characters was a 500 on PostgreSQL (and a league's was cut
    to 60 silently): refused with the limit, and the name of the limit's length is kept."""
    club = league.club
    r = club.post(f"/club/{club.key}/seasons", {"name": "S" * 121, "best": ""})
    assert r.status_code == 400
    assert "120" in text_of(r.get_data(as_text=True), "refused")
    director = Director(app.test_client())
    form = {"variant": "five-up", "name": "E" * 121, "entrants": "Ana\nBen\nCleo\nDan"}
    assert director.post("/events/new", form).status_code == 400
    names = ["Ana", "Ben", "Cleo", "Dan"]
    event = director.create("five-up", names, name="E" * 120, format="round-robin")
    assert "E" * 120 in director.page(event)


@pytest.mark.parametrize("c", HIDDEN, ids=["ESC", "NUL", "DEL", "RLO"])
def test_a_phone_name_with_a_control_character_is_refused(phone, c):
    """The phone's name (sent with every move) by the same rule: refused with a sentence,
    not stored in the cookie (ESC was a 500); a forged cookie is not shown as a name."""
    r = phone.post("/phone", {"name": f"Ben{c}phone", "next": "/"})
    assert r.status_code == 400
    assert "control character" in text_of(r.get_data(as_text=True), "refused")
    assert phone.client.get_cookie("phone") is None
    assert phone.post("/phone", {"name": "Ben's phone"}).status_code == 302
    assert "Ben's phone" in phone.client.get_cookie("phone").value
