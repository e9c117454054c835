"""Issue 20's "Done when", through HTTP, in one run: a secretary adds members and prints
their cards, an event is made from the roster, its table is played to the end, the players'
link alone cannot lock it, a wrong PIN is refused and counted, each side signs with its own
PIN and the match locks, the ladder and both members' pages show the new ratings, and a
director's correction of that match (unlocked, then corrected) changes the ratings and the
ladder."""

from __future__ import annotations

import re

import sqlalchemy as sa
from eventhelpers import Director
from memberhelpers import Secretary, secretary_link, sign_with_pin
from test_correct import hidden_form
from webhelpers import text_of

from referee import ratings
from referee.ratings import Result
from referee.web.members import results as club_results
from referee.web.members.models import PinTry
from referee.web.store import db


def figure(x: float) -> str:
    return f"{x:.1f}"


def test_member_ladder_rating_signature_end_to_end(app):
    client = app.test_client()
    s, director = Secretary(client, secretary_link(app)), Director(client)
    ana, ben = s.add("Ana"), s.add("Ben")
    (ana_link, ana_pin), (ben_link, ben_pin) = s.card(ana), s.card(ben)
    # the event made from the roster: both names picked in the roster field, none typed
    token = director.create(
        "five-up", [], pick=["Ana", "Ben"], format="round-robin", rounds=1, target=5
    )
    assert "new-member-cards" not in director.page(token)  # no new member: no card to print
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    t = director.get(link).location.rsplit("/", 1)[1]
    assert director.record(t)["players"] == ["Ana", "Ben"]
    director.players[t] = ["Ana", "Ben"]  # the names the move helpers read
    director.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    director.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    director.settle(t, {"Ben": "6-6"})
    assert "Ana" in text_of(director.table(t), "outcome")
    score = re.search(r'name="score" value="([^"]+)"', director.table(t)).group(1)
    # the players' link alone signs for no side of a members' match
    assert director.post(f"/t/{t}/confirm", {"side": 0, "score": score}).status_code == 403
    # Ana's PIN is not Ben's: refused and counted in the database
    r = sign_with_pin(director, t, 1, ana_pin, score, member=ben)
    assert r.status_code == 403
    with app.app_context():
        assert db.session.execute(sa.select(sa.func.count(PinTry.id))).scalar() == 1
    assert text_of(director.table(t), "locked") is None
    for side, pin in ((0, ana_pin), (1, ben_pin)):
        r = sign_with_pin(director, t, side, pin, score)
        assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    html = director.table(t)
    assert text_of(html, "locked")
    assert "by Ana" in text_of(html, "signoff") and "by Ben" in text_of(html, "signoff")
    # the ladder and both members' pages: the rating replayed from this one result
    with app.app_context():
        [match_id] = club_results.club().games
    after = ratings.Ladder([Result(match_id, ((ana,), (ben,)), (0, 1))])
    ladder = director.get("/ladder/five-up").get_data(as_text=True)
    assert figure(after.rating(ana).shown) in text_of(ladder, f"ladder-{ana}")
    assert figure(after.rating(ben).shown) in text_of(ladder, f"ladder-{ben}")
    assert after.rating(ana).shown > after.rating(ben).shown
    for member, link_token in ((ana, ana_link), (ben, ben_link)):
        page = director.get(f"/m/{link_token}").get_data(as_text=True)
        assert figure(after.rating(member).shown) in text_of(page, "rating-five-up")
    # the director unlocks the signed match, and its record is corrected (Ben held 1-0,
    # not 6-6): Ana's Domino! scores nothing, the match is no longer decided, the ratings
    # and the ladder lose it
    table = director.table_ids(token)[0]  # the unlock is on the table's own page
    director.act(token, f"tables/{table}/unlock", {"reason": "Ben's last tile was misread"})
    form = {"k": 9, "moves": "Ana 4-1 on 3-1", "left-1": "1-0", "auto-1": "6-6", "do": "check"}
    html = director.get(f"/t/{t}/hand/1/correct", query_string=form).get_data(as_text=True)
    r = director.post(f"/t/{t}/hand/1/correct", hidden_form(html, "save-form"))
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    assert director.record(t)["hands"][0]["remaining"]["Ben"] == ["1-0"]
    ladder = director.get("/ladder/five-up").get_data(as_text=True)
    assert f"ladder-{ana}" not in ladder and text_of(ladder, "no-ladder")
    assert director.get("/ladder/five-up.json").get_json(force=True)["ladder"] == []
    page = director.get(f"/m/{ana_link}").get_data(as_text=True)
    assert text_of(page, "rating-five-up") is None
