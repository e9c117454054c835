"""The director's "Add a player" and "Replace by" fields offer the club's roster, as the
entrants' field of the event form does (issue 40 §4); a name picked from it is that
member, not a new one."""

from __future__ import annotations

import re

from eventhelpers import Director
from memberhelpers import Secretary, secretary_link


def test_add_and_replace_offer_the_roster(app):
    club = Secretary(app.test_client(), secretary_link(app))
    club.add("Zofia Nowak")
    director = Director(app.test_client())
    # on the club's link: the event's new names become members too
    token = director.create("five-up", ["Ana", "Ben", "Cleo"], club=club.key, format="swiss")
    html = director.entrants(token)
    offered = re.findall(
        r'<option value="([^"]+)">', html[html.index('<datalist id="roster-names">') :]
    )
    assert "Zofia Nowak" in offered and "Ana" in offered
    fields = re.findall(r'<input type="text" name="entrant"[^>]*>', html)
    assert len(fields) == 4 and all('list="roster-names"' in f for f in fields)  # 3 + add
    ben = re.search(r'id="entrant-(\d+)">Ben', html).group(1)
    director.act(token, f"entrants/{ben}/substitute", {"entrant": "Zofia Nowak"})
    assert "Zofia Nowak" in director.entrants(token)
    with app.app_context():
        from referee.web.members.models import Member
        from referee.web.store import db

        assert db.session.query(Member).filter_by(name="Zofia Nowak").count() == 1


def test_an_event_of_pairs_offers_no_single_names(app):
    director = Director(app.test_client())
    token = director.create("five-up", ["Ana & Ben", "Cleo & Dan"], format="swiss", pairs="1")
    assert 'list="roster-names"' not in director.entrants(token)
