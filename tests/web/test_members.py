"""The club's members through HTTP: the secretary's link (made only by the CLI), the
roster (add, edit, deactivate, search), cards (a personal link and a PIN, kept as digests,
renewable), linking plain names to members, and merging two members."""

from __future__ import annotations

import html as htmllib
import re

import sqlalchemy as sa
from memberhelpers import Secretary, secretary_link
from test_signoff import decided
from webhelpers import Phone, text_of

from referee.web.members import service
from referee.web.members.models import ClubAction, ClubKey, Member, SeatMember
from referee.web.store import db


def test_member_roster_has_no_secretary_until_the_cli_makes_one(app, client):
    """A fresh install: no page offers to make a secretary (an attacker would be first);
    `flask --app app secretary` prints the link; a new one stops the old one."""
    home = client.get("/").get_data(as_text=True)
    assert "/club/" not in home and "secretary" not in home.lower()
    assert client.get("/club/anything").status_code == 404
    assert client.post("/club/anything/add", data={"name": "Eve"}).status_code in (400, 404)
    with app.app_context():
        assert not service.has_secretary()
    out = app.test_cli_runner().invoke(args=["secretary"])
    assert out.exit_code == 0
    key = re.search(r"http://[^/\s]+/club/([A-Za-z0-9_-]+)", out.output).group(1)
    assert client.get(f"/club/{key}").status_code == 200
    with app.app_context():  # only its digest is kept
        digests = db.session.execute(sa.select(ClubKey.digest)).scalars().all()
        assert key not in digests and len(digests) == 1
    secretary = Secretary(app.test_client(), key)
    r = secretary.post(f"/club/{key}/renew")
    assert r.status_code == 302  # the new link's page, a GET (a reload makes no other)
    r = secretary.get(r.location)
    new = re.search(r'id="secretary-link">[^<]*/club/([A-Za-z0-9_-]+)<', r.get_data(as_text=True))
    assert r.headers["Cache-Control"] == "no-store"
    assert client.get(f"/club/{key}").status_code == 404  # the old link stops working
    assert client.get(f"/club/{new.group(1)}").status_code == 200
    assert secretary_link(app) != new.group(1)  # the CLI renews it too


def test_member_roster_add_edit_deactivate_search(app):
    s = Secretary(app.test_client(), secretary_link(app))
    ana = s.add("Ana", "A.")
    s.add("Ben")
    s.add("ANA", status=409)  # the engine's way of comparing names
    r = s.post(f"/club/{s.key}/add", {"name": "Bad\x07name"})
    assert r.status_code == 400 and 'data-rule="C-NAMES"' in r.get_data(as_text=True)
    r = s.post(f"/club/{s.key}/add", {"name": "Ana+Ben"})
    assert r.status_code == 400 and 'data-rule="C-NAMES"' in r.get_data(as_text=True)
    html = s.roster(q="an")
    assert text_of(html, f"member-{ana}") and "Ben" not in text_of(html, "members")
    r = s.post(f"/club/{s.key}/member/{ana}", {"name": "Ana Nowak", "short": "Ana"})
    assert r.status_code == 302
    r = s.post(f"/club/{s.key}/member/{ana}/active", {"active": "0"})
    assert r.status_code == 302
    html = s.roster()
    assert "not active" in text_of(html, f"member-{ana}")
    assert "Ana Nowak" in text_of(html, f"member-{ana}")
    assert "Ana Nowak edited" not in html and "Ana edited: now Ana Nowak" in text_of(
        html, "club-log"
    )
    with app.app_context():
        whats = [a.what for a in db.session.execute(sa.select(ClubAction)).scalars()]
        assert whats == ["first key", "added", "added", "edited", "deactivated"]


def test_member_card_is_shown_once_kept_as_digests_and_renewable(app, client):
    s = Secretary(app.test_client(), secretary_link(app))
    ana = s.add("Ana")
    token, pin = s.card(ana)
    assert len(pin) == 6 and pin.isdigit()
    page = client.get(f"/m/{token}")
    assert page.status_code == 200 and "Ana" in text_of(page.get_data(as_text=True), "main")
    assert page.headers["Cache-Control"] == "no-store"
    with app.app_context():
        m = db.session.get(Member, ana)
        assert token not in (m.link_digest or "") and pin not in (m.pin_hash or "")
        assert m.pin_hash.startswith("scrypt$")
    again, pin2 = s.card(ana)
    assert client.get(f"/m/{token}").status_code == 404  # the old card stops working
    assert client.get(f"/m/{again}").status_code == 200
    sheet = s.post(f"/club/{s.key}/cards", {"member": [ana, s.add("Ben")]})
    sheet = s.get(sheet.location)
    html = sheet.get_data(as_text=True)
    assert html.count('class="member-card"') == 2 and html.count("<svg") >= 2  # QR codes
    assert sheet.headers["Cache-Control"] == "no-store"
    # the log says a first card was made, and that a new one stops the old (issue 43.4)
    assert [line.split(" · ", 1)[1] for line in log_lines(s.roster())] == [
        "A card for Ben",
        "A new card for Ana (the old link and PIN stop working)",
        "Ben added",
        "A new card for Ana (the old link and PIN stop working)",
        "A card for Ana",
        "Ana added",
        "The secretary's link",
    ]


def log_lines(html: str) -> list[str]:
    """The secretary's log, a line an act, latest first."""
    box = re.search(r'<ul id="club-log">(.*?)</ul>', html, re.S).group(1)
    lines = re.findall(r"<li>(.*?)</li>", box, re.S)
    return [htmllib.unescape(re.sub(r"\s+", " ", line)).strip() for line in lines]


def test_new_cards_for_every_active_member_listed_at_once(app):
    """Issue 43.4: no "tick all" for cards; a button prints a card for every active member
    the roster lists (its search too), scripts or none."""
    s = Secretary(app.test_client(), secretary_link(app))
    ids = {name: s.add(name) for name in ("Ana", "Ben", "Cleo", "Anka")}
    s.post(f"/club/{s.key}/member/{ids['Cleo']}/active", {"active": "0"})
    html = s.roster()
    assert re.search(r'<button type="submit"[^>]*name="all" value="1"[^>]*id="print-all"', html)
    sheet = s.get(s.post(f"/club/{s.key}/cards", {"all": "1"}).location).get_data(as_text=True)
    cards = re.findall(r'id="pin-(\d+)"', sheet)
    assert sorted(map(int, cards)) == sorted(ids[n] for n in ("Ana", "Ben", "Anka"))
    sheet = s.post(f"/club/{s.key}/cards", {"all": "1", "q": "an"})
    sheet = s.get(sheet.location).get_data(as_text=True)
    assert sorted(map(int, re.findall(r'id="pin-(\d+)"', sheet))) == sorted(
        [ids["Ana"], ids["Anka"]]
    )


def test_member_names_linked_afterwards_and_merged(app):
    """Plain names of matches played before the roster are linked to members (the names
    recorded stay); two members are merged with everything they played, logged, and the
    merged one stays, pointing at the one kept."""
    phone = Phone(app.test_client())
    t1 = decided(phone)  # Ana v Ben, both played before the roster
    t2 = decided(phone)
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben, ana2 = s.add("Ana"), s.add("Ben"), s.add("Anna")
    page = s.get(f"/club/{s.key}/link", query_string={"name": "Ana"}).get_data(as_text=True)
    found = re.findall(r'name="seat" value="(\d+:\d+)"', page)
    assert len(found) == 2  # the newest first: t2, t1
    r = s.post(f"/club/{s.key}/link", {"name": "Ana", "member": ana, "seat": found[1]})
    assert r.status_code == 302
    s.link("Ben", ben)
    assert phone.record(t1)["players"] == ["Ana", "Ben"]  # the record keeps its names
    seats = s.link("ana", ana2)  # the engine's way of comparing: "ana" finds "Ana"
    assert seats and all(x.endswith(":0") for x in seats)
    with app.app_context():
        assert len(db.session.execute(sa.select(SeatMember)).all()) == 4  # Ben in both
    match_id = int(seats[0].split(":")[0])  # t2, where Anna sits at seat 0
    r = s.post(f"/club/{s.key}/link", {"name": "x", "member": ana2, "seat": f"{match_id}:1"})
    assert r.status_code == 409 and "two seats" in r.get_data(as_text=True)
    merge = {"gone": ben, "kept": ana, "confirm": "1"}
    r = s.post(f"/club/{s.key}/merge", merge)  # they played each other
    assert r.status_code == 409 and "two people" in r.get_data(as_text=True)
    r = s.post(f"/club/{s.key}/merge", merge | {"gone": ana2})
    assert r.status_code == 302
    with app.app_context():
        gone = db.session.get(Member, ana2)
        assert gone.merged_into == ana and not gone.active  # it stays, pointing at Ana
        assert db.session.execute(sa.select(sa.func.count(SeatMember.seat))).scalar() == 4
        assert [m.name for m in service.roster()] == ["Ana", "Ben"]
    assert "Anna merged into Ana" in text_of(s.roster(), "club-log")
    assert t2


def test_member_resolve_for_the_forms_of_round_two(app):
    with app.app_context():
        ana = service.add("Ana")
        found = service.resolve(["ana", "Zoe"])
        assert found[0].id == ana.id and found[1] is None
        made = service.resolve(["Zoe", "ANA"], create=True)
        assert made[0].name == "Zoe" and made[1].id == ana.id
        assert {m.name for m in service.roster()} == {"Ana", "Zoe"}
