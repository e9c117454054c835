"""Issue 20, round 2, through HTTP: an event's entrants picked from the roster (a new name
made a member, whose card the director prints once), a match by hand linked to the members
it names, the first round seeded by rating, and each side's chance to win."""

from __future__ import annotations

import random
import re

import sqlalchemy as sa
from eventhelpers import Director
from memberhelpers import Secretary, secretary_link
from webhelpers import Phone, text_of

from referee.engine import Match
from referee.engine.simulate import play_hand
from referee.web.members.models import Member, SeatMember
from referee.web.store import db


def seats_of(app, token: str) -> dict[int, str]:
    """The members seated in the match at the players' link `token`: {seat: name}."""
    from referee.web.models import Match as Row

    with app.app_context():
        row = db.session.execute(sa.select(Row).where(Row.write_token == token)).scalar_one()
        return dict(
            db.session.execute(
                sa.select(SeatMember.seat, Member.name)
                .join(Member, Member.id == SeatMember.member_id)
                .where(SeatMember.match_id == row.id)
            ).all()
        )


def test_member_entrants_picked_from_the_roster_new_names_made_members_cards_once(app):
    client = app.test_client()
    s, director = Secretary(client, secretary_link(app)), Director(client)
    s.add("Ana")
    s.add("Ben")
    # the secretary's page offers the event form on the club's link
    assert f'href="/club/{s.key}/events/new" id="club-event"' in s.roster()
    page = director.get(f"/club/{s.key}/events/new?variant=five-up").get_data(as_text=True)
    assert re.findall(r'<datalist id="roster-names">(.*?)</datalist>', page) == [
        '<option value="Ana"><option value="Ben">'
    ]
    assert 'list="roster-names"' in page and "js/roster.js" in page
    assert "becomes a member of the club" in text_of(page, "members-hint")
    # without scripts the roster field is sent as typed, and joins the list
    token = director.create(
        "five-up", ["ana", "Zoe"], club=s.key, pick="Ben", format="round-robin", rounds=1, target=5
    )
    page = director.page(token)
    entrants = re.findall(r'<li id="entrant-\d+">([^<{]+?)\s*<', director.entrants(token))
    assert entrants == ["ana", "Zoe", "Ben"]
    roster = s.roster()
    assert [n for n in ("Ana", "Ben", "Zoe") if f">{n}</a>" in roster] == ["Ana", "Ben", "Zoe"]
    assert "Zoe added" in text_of(roster, "club-log")
    assert ">ana</a>" not in roster  # "ana" is Ana: no new member
    offer = text_of(page, "new-member-cards")
    assert "Zoe" in offer and "Ana" not in offer and "Ben" not in offer
    r = director.post(f"/e/{token}/member-cards")
    assert r.status_code == 302  # the sheet's page, a GET
    r = director.get(r.location)
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"
    sheet = r.get_data(as_text=True)
    assert re.findall(r"<h2>([^<]+)</h2>", sheet) == ["Zoe"]  # never another member's PIN
    assert re.search(r'id="pin-\d+">\d{6}<', sheet)
    assert f"/club/{s.key}" not in sheet  # the secretary's link is on no page of the director
    r = director.post(f"/e/{token}/member-cards")  # printed once
    assert r.status_code == 302
    assert "new-member-cards" not in director.page(token)
    # the round's matches seat the members
    director.act(token, "pair")
    director.act(token, "start")
    links = director.table_links(token)
    plays = [director.get(link).location.rsplit("/", 1)[1] for link in links]
    seated = {name for t in plays for name in seats_of(app, t).values()}
    assert seated <= {"Ana", "Ben", "Zoe"} and len(seated) == 2


def test_an_event_from_the_public_form_makes_no_member_of_a_typed_name(app):
    """Anyone may make an event: its names that are members' count for them, and any other
    stays a plain name, as in a match by hand; only the club's link adds members (as the
    secretary's page says). A late entrant and a substitute likewise."""
    client = app.test_client()
    s, director = Secretary(client, secretary_link(app)), Director(client)
    s.add("Ana")
    page = director.get("/events/new?variant=five-up").get_data(as_text=True)
    assert "stays a plain name" in text_of(page, "members-hint")
    token = director.create("five-up", ["ana", "Zoe", "Yuri"], format="swiss", rounds=2)
    roster = s.roster()
    assert ">Zoe</a>" not in roster and ">Yuri</a>" not in roster
    assert "Zoe" not in (text_of(roster, "club-log") or "")
    assert "new-member-cards" not in director.page(token)
    assert director.post(f"/e/{token}/entrants", {"entrant": "Xena"}).status_code == 302
    ana = re.search(r'id="entrant-(\d+)">ana\b', director.entrants(token)).group(1)
    director.act(token, f"entrants/{ana}/substitute", {"entrant": "Walt"}, confirm=False)
    roster = s.roster()
    assert ">Xena</a>" not in roster and ">Walt</a>" not in roster
    director.act(token, "pair")
    director.act(token, "start")
    plays = [director.get(link).location.rsplit("/", 1)[1] for link in director.table_links(token)]
    seated = {name for t in plays for name in seats_of(app, t).values()}
    assert seated == set()  # Ana was substituted by Walt: no member at any table
    # a wrong club link is no link: nothing is made
    assert director.get("/club/not-the-key/events/new").status_code == 404
    form = {"variant": "five-up", "name": "x", "format": "swiss", "entrants": "P\nQ"}
    r = director.post("/club/not-the-key/events/new", form)
    assert r.status_code == 404
    assert ">P</a>" not in s.roster()


def test_member_match_by_hand_links_members_and_keeps_plain_names(app):
    client = app.test_client()
    s, phone = Secretary(client, secretary_link(app)), Phone(client)
    s.add("Ana")
    page = phone.get("/new/five-up").get_data(as_text=True)
    assert '<datalist id="roster-names"><option value="Ana"></datalist>' in page
    assert page.count('list="roster-names"') >= 2
    t = phone.start("five-up", ["Ana", "Quinn"], target=5)
    assert seats_of(app, t) == {0: "Ana"}  # Quinn stays a plain name, no member made
    assert ">Quinn</a>" not in s.roster()


def win(phone: Phone, names: list[str], winner: str) -> None:
    """A Five-Up match by hand to 5 points, played to its end with random legal hands
    (the engine's simulator) chosen so that `winner` wins."""
    for seed in range(200):
        m = Match("five-up", names, {"target": 5})
        rng = random.Random(seed)
        hands = []
        while not m.result()[0] and len(hands) < 30:
            hands.append(play_hand(m, rng))
        over, side = m.result()
        if over and side is not None and m.side_names[side] == winner:
            break
    else:
        raise AssertionError("no seed found")
    from eventhelpers import move_form

    t = phone.start("five-up", names, target=5)
    for number, hand in enumerate(hands, 1):
        for after, mv in enumerate(hand.moves):
            r = phone.post(f"/t/{t}/{mv.kind}", move_form(hand, number, after, mv))
            assert r.status_code == 302, r.get_data(as_text=True)[:1000]
        left = {f"left-{i}": " ".join(str(x) for x in ts) for i, ts in enumerate(hand.left)}
        r = phone.post(f"/t/{t}/end", {"hand": number, "after": len(hand.moves), **left})
        assert r.status_code == 302, r.get_data(as_text=True)[:1000]
    assert text_of(phone.table(t), "outcome")


def test_rating_seeds_the_first_round_and_a_match_shows_each_sides_chance(app):
    client = app.test_client()
    s, phone, director = Secretary(client, secretary_link(app)), Phone(client), Director(client)
    for name in ("Ana", "Ben", "Cleo", "Dan"):
        s.add(name)
    order = ["Ana", "Ben", "Cleo", "Dan"]  # each beats everyone after them
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            win(phone, [a, b], a)
    ladder = s.get("/ladder/five-up.json").get_json(force=True)["ladder"]
    assert [r["member"] for r in ladder] == order
    assert len({r["rating"] for r in ladder}) == 4
    # typed weakest first; seeded: Swiss pairs neighbours in rating order
    token = director.create(
        "five-up", order[::-1], format="swiss", rounds=2, target=5, seed="rating"
    )
    director.act(token, "pair")
    tables = re.findall(r'<li id="table-\d+"[^>]*>.*?</li>', director.page(token), re.S)
    found = [sorted(re.findall(r'class="side">([^<]+?)\s*(?:<b>|</span>)', t)) for t in tables]
    assert found == [["Ana", "Ben"], ["Cleo", "Dan"]]
    # before a members' match: each side's chance, on its match page
    t = phone.start("five-up", ["Dan", "Ana"], target=5)
    html = phone.get(f"/t/{t}/match").get_data(as_text=True)
    chance = text_of(html, "chance-to-win")
    dan, ana = (int(x) for x in re.findall(r"(\d+) %", chance))
    assert "Dan" in chance and "Ana" in chance and ana > 50 > dan and ana + dan in (99, 100, 101)
    # a match not all of members shows none
    t = phone.start("five-up", ["Dan", "Quinn"], target=5)
    assert "chance-to-win" not in phone.get(f"/t/{t}/match").get_data(as_text=True)
