"""Names in the order a reader expects (issue 43.4): every list that sorts people's names
sorts them by the Unicode Collation Algorithm (`referee.collation`), so "Łucja" comes
after "Lena" and "Šárka" after "Sára", not after "Zofia" as code points put them; and a
team's squad is registered several members at a time."""

from __future__ import annotations

import re

from leaguehelpers import LeagueSecretary, make_league
from memberhelpers import Secretary, secretary_link
from webhelpers import text_of

from referee.collation import name_key

NAMES = ["Zofia", "Šárka", "Łucja", "Marek", "Sára", "Lena", "Ondřej", "Oskar"]
ORDER = ["Lena", "Łucja", "Marek", "Ondřej", "Oskar", "Sára", "Šárka", "Zofia"]


def test_the_collation_puts_accented_letters_beside_their_base_letters():
    assert sorted(NAMES, key=name_key) == ORDER
    assert sorted(["ana", "Ben", "Ana"], key=name_key)[2] == "Ben"


def test_the_roster_lists_members_by_collation(app):
    club = Secretary(app.test_client(), secretary_link(app))
    for name in NAMES:
        club.add(name)
    html = club.roster()
    listed = re.findall(r'/member/\d+">([^<]+)</a>', text_of(html, "members") and html)
    assert listed == ORDER
    new_event = club.get("/events/new", query_string={"variant": "ctyrka"}).get_data(
        as_text=True
    )  # the entrants' picker
    datalist = re.search(r'<datalist id="roster-names">(.*?)</datalist>', new_event, re.S)
    assert re.findall(r'<option value="([^"]+)">', datalist.group(1)) == ORDER


def test_a_squad_is_registered_several_at_once_and_listed_by_collation(app):
    club, key, _league = make_league(app)
    ids = {name: club.add(name) for name in NAMES}
    sec = LeagueSecretary(app.test_client(), key)
    sec.write("division", name="Premier")
    division = int(re.findall(r'<option value="(\d+)">Premier<', sec.page())[-1])
    sec.write("team", name="Anchor", division=division)
    page = sec.page()
    team = int(re.search(r'id="team-(\d+)">\s*<h3>Anchor<', page).group(1))
    picker = re.search(rf'<select id="reg-{team}" name="member" multiple[^>]*>(.*?)</select>', page)
    assert picker, "the squad's picker takes several members"
    assert re.findall(r">([^<]+)</option>", picker.group(1)) == ORDER

    chosen = [ids[n] for n in ("Zofia", "Šárka", "Łucja", "Lena")]
    sec.write("squad", team=team, member=chosen)  # one request
    page = sec.page()
    assert "4 members registered." in text_of(page, "flash")
    assert text_of(page, f"squad-{team}") == "Lena, Łucja, Šárka, Zofia"
    picker = re.search(rf'<select id="reg-{team}"[^>]*>(.*?)</select>', page).group(1)
    assert re.findall(r">([^<]+)</option>", picker) == ["Marek", "Ondřej", "Oskar", "Sára"]


def test_a_squad_refused_in_part_registers_nobody(app):
    club, key, _league = make_league(app)
    sec = LeagueSecretary(app.test_client(), key)
    sec.write("division", name="Premier")
    division = int(re.findall(r'<option value="(\d+)">Premier<', sec.page())[-1])
    teams = []
    for name in ("Anchor", "Bell"):
        sec.write("team", name=name, division=division)
        teams.append(int(re.search(rf'id="team-(\d+)">\s*<h3>{name}<', sec.page()).group(1)))
    ana, ben = club.add("Ana"), club.add("Ben")
    sec.write("squad", team=teams[0], member=[ana])
    r = sec.write("squad", 409, team=teams[1], member=[ben, ana])
    assert 'data-rule="LG-SQUAD"' in r.get_data(as_text=True)
    assert text_of(sec.page(), f"squad-{teams[1]}") == "—"  # Ben is not registered either
