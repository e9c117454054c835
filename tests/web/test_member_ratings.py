"""Ratings and the ladder through HTTP: a rating is what replaying every decided match of
members in order gives (openskill's Plackett-Luce through `referee.ratings`); a change to
an older result replays the ratings after it; free-for-alls are ranked by the engine's
totals; the ladder shows the conservative figure and exports CSV and JSON; a member's
page shows their matches, results, chart and chances."""

from __future__ import annotations

import json
import random
import re

from eventhelpers import play_to_end
from memberhelpers import Secretary, secretary_link
from test_signoff import decided
from webhelpers import Phone, text_of

from referee import ratings
from referee.engine.variants import VARIANTS
from referee.ratings import Result
from referee.web.members import results as club_results


def ben_wins(phone: Phone) -> str:
    """Ana v Ben to 5 points, Ben going out as Ana did in `decided` (3–6)."""
    t = phone.start("five-up", ["Ana", "Ben"], target=5)
    phone.moves(t, "Ben 5-5; Ana 5-0 on 5-5; Ben 0-0 on 5-0; Ana 5-3 on 5-5; Ben 3-3 on 5-3")
    phone.moves(t, "Ana 5-2 on 5-5; Ben 3-1 on 3-3; Ana 2-2 on 5-2; Ben 4-1 on 3-1")
    phone.settle(t, {"Ana": "6-6"})
    assert text_of(phone.table(t), "outcome")
    return t


def rating_cells(html: str, member_id: int) -> str:
    return text_of(html, f"ladder-{member_id}")


def test_rating_is_the_replay_of_every_decided_result_and_a_change_replays_after_it(app):
    phone = Phone(app.test_client())
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("Ana"), s.add("Ben")
    t1, t2, t3 = decided(phone), ben_wins(phone), decided(phone)
    s.link("Ana", ana)
    s.link("Ben", ben)
    with app.app_context():
        ids = sorted(club_results.club().games)
    A, B = (ana,), (ben,)
    expected = ratings.Ladder(
        [
            Result(ids[0], (A, B), (0, 1)),
            Result(ids[1], (A, B), (1, 0)),
            Result(ids[2], (A, B), (0, 1)),
        ]
    )
    html = s.get("/ladder/five-up").get_data(as_text=True)
    assert f"{expected.rating(ana).shown:.1f}" in rating_cells(html, ana)
    assert "3" in rating_cells(html, ana).split()[-1]  # matches played
    assert "provisional" in rating_cells(html, ana)
    # the first match's settlement taken back: no longer decided, the ratings after it move
    phone.undo(t1)
    html = s.get("/ladder/five-up").get_data(as_text=True)
    without = ratings.Ladder([Result(ids[1], (A, B), (1, 0)), Result(ids[2], (A, B), (0, 1))])
    assert f"{without.rating(ana).shown:.1f}" in rating_cells(html, ana)
    with app.app_context():
        c = club_results.club()
        assert c.replayed_from["five-up"] == 0  # replayed from the changed result
        assert c.ladder("five-up").ratings == without.ratings
    phone.settle(t1, {"Ben": "6-6"})  # decided again, as it was
    t4 = ben_wins(phone)
    s.link("Ana", ana)
    s.link("Ben", ben)
    with app.app_context():
        c = club_results.club()
        assert c.replayed_from["five-up"] == 0  # match 1 is decided again, at its place
        full = ratings.Ladder(expected.results + [Result(max(c.games), (A, B), (1, 0))])
        assert c.ladder("five-up").ratings == full.ratings
    t5 = decided(phone)
    s.link("Ana", ana)
    s.link("Ben", ben)
    with app.app_context():
        c = club_results.club()
        assert c.replayed_from["five-up"] == 4  # a new result at the end extends the replay
    assert t2 and t3 and t4 and t5


def test_rating_free_for_all_ranked_by_the_engine_totals(app):
    """French Connection and Čtyřka tables are free-for-alls ranked by the match's totals
    (penalty points: the fewest first); level totals would be ties."""
    phone = Phone(app.test_client())
    phone.imported("french_full.json")  # Dan 28, Ben 53, Cleo 82, Ana 100: Dan won
    phone.imported("ctyrka_3p_domino_tiedblock.json")  # Ana 24, Cleo 30, Ben 34
    s = Secretary(app.test_client(), secretary_link(app))
    ids = {name: s.add(name) for name in ("Ana", "Ben", "Cleo", "Dan")}
    for name, member_id in ids.items():
        s.link(name, member_id)
    with app.app_context():
        c = club_results.club()
        fc = c.ladder("french-connection").steps[0].result
        assert fc.ranks == (3, 1, 2, 0) and fc.teams == tuple(
            (ids[n],) for n in ("Ana", "Ben", "Cleo", "Dan")
        )
        ct = c.ladder("ctyrka").steps[0].result
        assert ct.ranks == (0, 2, 1)
    html = s.get("/ladder/french-connection").get_data(as_text=True)
    order = [int(x) for x in re.findall(r'id="ladder-(\d+)"', html)]
    assert order[0] == ids["Dan"] and order[-1] == ids["Ana"]


def test_ladder_exports_and_chances(app):
    phone = Phone(app.test_client())
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("=HYPERLINK(1)"), s.add("Ben")
    t = phone.start("five-up", ["=HYPERLINK(1)", "Ben"], target=5)
    phone.moves(t, "=HYPERLINK(1) 5-5; Ben 5-0 on 5-5; =HYPERLINK(1) 0-0 on 5-0")
    phone.moves(t, "Ben 5-3 on 5-5; =HYPERLINK(1) 3-3 on 5-3; Ben 5-2 on 5-5")
    phone.moves(t, "=HYPERLINK(1) 3-1 on 3-3; Ben 2-2 on 5-2; =HYPERLINK(1) 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    s.link("=HYPERLINK(1)", ana)
    s.link("Ben", ben)
    csv = s.get("/ladder/five-up.csv")
    assert csv.headers["Content-Type"] == "text/csv; charset=utf-8"
    lines = csv.get_data(as_text=True).splitlines()
    assert lines[0] == "place,member,rating,mu,sigma,matches,provisional"
    assert lines[1].startswith("1,'=HYPERLINK(1),") and lines[1].endswith(",1,yes")
    data = json.loads(s.get("/ladder/five-up.json").get_data(as_text=True))
    assert [r["member"] for r in data["ladder"]] == ["=HYPERLINK(1)", "Ben"]
    assert data["ladder"][0]["rating"] > data["ladder"][1]["rating"]
    html = s.get("/ladder/five-up", query_string={"side": ["=hyperlink(1)", "Ben"]}).get_data(
        as_text=True
    )
    chance = text_of(html, "chance")
    a, b = (int(x.split(":")[1].strip(" %")) for x in chance.split(" %")[:2] if ":" in x)
    assert a > 50 > b
    page = s.get(f"/ladder/five-up/{ana}").get_data(as_text=True)
    assert "<svg" in page and "rating after 1 rated match" in page


def test_member_page_shows_matches_positions_chart_and_chances(app):
    phone = Phone(app.test_client())
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("Ana"), s.add("Ben")
    decided(phone)
    live = phone.start("five-up", ["Ana", "Ben"], target=5)  # in play
    s.link("Ana", ana)
    s.link("Ben", ben)
    token, _pin = s.card(ana)
    page = phone.get(f"/m/{token}").get_data(as_text=True)
    rows = text_of(page, "matches")
    assert "won (6–3)" in rows and "in play" in rows and "Chance to win:" in rows
    assert f"/s/{phone.read_token(live)}/match" in page
    assert "/hand/1/move/9" in page  # each hand's positions, in the replay viewer
    assert "<svg" in text_of(page, "ratings") or 'class="chart rating-chart"' in page
    assert "Sign 6–3 for my side" in text_of(page, "waits")


def test_rating_cache_is_only_a_cache(app, monkeypatch):
    """Emptying the result cache (and the process's copy) loses nothing: the matches are
    replayed again, in batches when there are many, and the ratings are the same."""
    import sqlalchemy as sa

    from referee.web.members.models import ResultCache
    from referee.web.store import db

    phone = Phone(app.test_client())
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("Ana"), s.add("Ben")
    decided(phone)
    ben_wins(phone)
    decided(phone)
    s.link("Ana", ana)
    s.link("Ben", ben)
    before = s.get("/ladder/five-up.json").get_json(force=True)["ladder"]
    with app.app_context():
        assert db.session.execute(sa.select(sa.func.count()).select_from(ResultCache)).scalar() == 3
        db.session.execute(sa.delete(ResultCache))
        db.session.commit()
        club_results.forget()
    monkeypatch.setattr(club_results, "BATCH", 1)  # read and replayed in batches of one
    assert s.get("/ladder/five-up.json").get_json(force=True)["ladder"] == before
    with app.app_context():
        assert db.session.execute(sa.select(sa.func.count()).select_from(ResultCache)).scalar() == 3


def test_rating_of_a_deleted_match_goes_with_it(app):
    phone = Phone(app.test_client())
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("Ana"), s.add("Ben")
    decided(phone)
    t2 = ben_wins(phone)
    decided(phone)
    s.link("Ana", ana)
    s.link("Ben", ben)
    with app.app_context():
        ids = sorted(club_results.club().games)
    assert phone.post(f"/t/{t2}/delete", {"sure": "y"}).status_code == 302
    live = Phone(app.test_client())
    live.start("five-up", ["Cleo", "Dan"])  # a match made since: the count alone is even
    data = s.get("/ladder/five-up.json").get_json(force=True)["ladder"]
    expected = ratings.Ladder(
        [Result(ids[0], ((ana,), (ben,)), (0, 1)), Result(ids[2], ((ana,), (ben,)), (0, 1))]
    )
    assert data[0]["member"] == "Ana" and data[0]["matches"] == 2
    assert data[0]["rating"] == round(expected.rating(ana).shown, 2)


def test_rating_follows_a_correction_of_an_older_result(app):
    """The first match's tiles left corrected (Ben held 1-0, not 6-6): Ana's Domino! now
    scores nothing, the match is no longer decided, and the ratings are those of the
    results after it alone."""
    from test_correct import hidden_form

    phone = Phone(app.test_client())
    s = Secretary(app.test_client(), secretary_link(app))
    ana, ben = s.add("Ana"), s.add("Ben")
    t1 = decided(phone)
    ben_wins(phone)
    s.link("Ana", ana)
    s.link("Ben", ben)
    with app.app_context():
        ids = sorted(club_results.club().games)
    form = {"k": 9, "moves": "Ana 4-1 on 3-1", "left-1": "1-0", "auto-1": "6-6", "do": "check"}
    html = phone.get(f"/t/{t1}/hand/1/correct", query_string=form).get_data(as_text=True)
    r = phone.post(f"/t/{t1}/hand/1/correct", hidden_form(html, "save-form"))
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    assert phone.record(t1)["hands"][0]["remaining"]["Ben"] == ["1-0"]
    data = s.get("/ladder/five-up.json").get_json(force=True)["ladder"]
    only = ratings.Ladder([Result(ids[1], ((ana,), (ben,)), (1, 0))])
    assert [r["member"] for r in data] == ["Ben", "Ana"]
    assert data[0]["matches"] == 1 and data[0]["rating"] == round(only.rating(ben).shown, 2)
    with app.app_context():
        assert club_results.club().replayed_from["five-up"] == 0


def test_ladder_of_each_variant_is_on_the_home_page_and_the_secretary_on_no_page(app):
    """The home page lists each variant's ladder (public) beside its rules; the secretary's
    page is linked from no page a player or spectator sees, even once its link exists."""
    phone = Phone(app.test_client())
    secretary_link(app)
    home = phone.get("/").get_data(as_text=True)
    for v in VARIANTS.values():
        link = re.search(rf'<a href="(/ladder/{re.escape(v.name)})" id="ladder-[^"]+">', home)
        assert link, v.name
        page = phone.get(link.group(1))
        assert page.status_code == 200
        assert v.title in text_of(page.get_data(as_text=True), "main")
    t = decided(phone)
    read = phone.read_token(t)
    for url in ("/", "/rules", "/import", f"/t/{t}", f"/s/{read}", f"/t/{t}/match"):
        r = phone.get(url)
        assert r.status_code == 200, url
        assert "/club/" not in r.get_data(as_text=True), url


def test_mexican_train_is_a_free_for_all_ranked_by_the_lowest_total(app):
    """A Mexican Train table of four members (issue 41): each player a side, the lowest
    total first; the ladder shows what openskill gives for those places, worked out here
    from the engine's totals."""
    s = Secretary(app.test_client(), secretary_link(app))
    names = ["Ana", "Ben", "Cleo", "Dan"]
    ids = {name: s.add(name) for name in names}
    phone = Phone(app.test_client())
    token = phone.start("mexican-train", names, hands=2)  # started by hand: linked at start
    match = play_to_end(phone, token, random.Random(7))
    totals = list(match.totals())
    places = ratings.ranks_of(totals, fewest_win=True)
    assert places[totals.index(min(totals))] == 0 and max(places) > 0
    with app.app_context():
        [result] = [st.result for st in club_results.club().ladder("mexican-train").steps]
    assert result.teams == tuple((ids[n],) for n in names) and result.ranks == places
    expected = ratings.Ladder([Result(result.key, result.teams, places)])
    html = s.get("/ladder/mexican-train").get_data(as_text=True)
    for name in names:
        shown = f"{expected.rating(ids[name]).shown:.1f}"
        assert shown in rating_cells(html, ids[name]), (name, totals)
    order = [int(x) for x in re.findall(r'id="ladder-(\d+)"', html)]
    best = names[totals.index(min(totals))]
    worst = names[totals.index(max(totals))]
    assert order[0] == ids[best] and order[-1] == ids[worst], (totals, order)
