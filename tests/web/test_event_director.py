"""The director's side of a club night (issue 17): the round limit, acts that ask first,
a withdrawal undone, stale tabs told what happened, a finished event and a settled table
refusing changes, and entrants checked by the engine's name rule. Every test runs on
SQLite and on PostgreSQL (the `app` fixture)."""

from __future__ import annotations

import random
import re

import pytest
from eventhelpers import Director, move_form, play_match_http
from webhelpers import text_of

from referee.engine import Match
from referee.engine.simulate import play_hand
from referee.web.events.models import Entrant, Event
from referee.web.store import db

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]
TIME = r"\d\d:\d\d UTC"


@pytest.fixture
def director(app):
    return Director(app.test_client())


def refused(r) -> str:
    return text_of(r.get_data(as_text=True), "refused") or ""


def rule_of(r) -> str | None:
    m = re.search(r'id="refused"[^>]*data-rule="([^"]+)"', r.get_data(as_text=True))
    return m.group(1) if m else None


def entrant_ids(page: str) -> dict[str, int]:
    """The entrants of the entrants' page by name."""
    return {name.strip(): int(i) for i, name in re.findall(r'<li id="entrant-(\d+)">([^<]+)', page)}


# -- 17.1: the round limit ------------------------------------------------------------------
def test_an_event_of_three_rounds_offers_no_fourth_and_says_it_is_complete(director):
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=3, target=5)
    rng = random.Random(4)
    for number in (1, 2, 3):
        page = director.page(token)
        assert f"Pair round {number}" in text_of(page, "round")
        director.act(token, "pair", {"round": number})
        director.act(token, "start", {"round": number})
        for link in director.table_links(token):
            play_match_http(director, link, rng)
    page = director.page(token)
    round_box = text_of(page, "round")
    assert "Pair round 4" not in page
    assert "All 3 rounds of the event have been played: the event is complete" in round_box
    assert "Finish the event" in round_box  # offered, and asks first
    assert text_of(page, "standings-h") == "Final standings"
    public = director.get(f"/p/{director.public_token(token)}").get_data(as_text=True)
    assert text_of(public, "standings-h") == "Final standings"
    # the route refuses too, with the reason, and pairs nothing
    for data in ({"round": 4}, {}):
        r = director.act(token, "pair", data, status=409)
        assert "3 rounds, and all have been played" in refused(r)
    assert "Round 4" not in director.page(token)


# -- 17.7: acts that ask first; a withdrawal undone -----------------------------------------
def log_of(director, token) -> str:
    return text_of(director.page(token), "log")


@pytest.mark.parametrize("act", ["finish", "time", "withdraw", "forfeit", "abandon"])
def test_an_act_sent_without_the_directors_yes_only_asks(director, act):
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=2, target=5)
    director.act(token, "pair")
    director.act(token, "start")
    ana, table = entrant_ids(director.entrants(token))["Ana"], director.table_ids(token)[0]
    url = {
        "finish": "finish",
        "time": "time",
        "withdraw": f"entrants/{ana}/withdraw",
        "forfeit": f"tables/{table}/forfeit",
        "abandon": f"tables/{table}/abandon",
    }[act]
    data = {"forfeit": {"score": ["5", "0"]}, "abandon": {"reason": "fire alarm"}}.get(act, {})
    before = log_of(director, token)
    # one click from an old page, a script, a form without the disclosure: a question
    r = director.act(token, url, data, status=200, confirm=False)
    html = r.get_data(as_text=True)
    question = text_of(html, "question")
    assert question.endswith(("?", ".")) and "Yes" not in question
    form = html[html.index('id="confirm-form"') :]
    assert 'name="confirm" value="1"' in form
    for value in data.values():  # what was typed goes along with the yes
        for v in value if isinstance(value, list) else [value]:
            assert f'value="{v}"' in form
    assert log_of(director, token) == before  # nothing was done
    # the act's page asks in the page: the act's form carries the yes, under a question
    page = {
        "withdraw": director.entrants(token),
        "forfeit": director.table_page(token, table),
        "abandon": director.table_page(token, table),
    }.get(act) or director.page(token)
    box = {
        "finish": "finish",
        "time": "time",
        "withdraw": f"withdraw-{ana}",
        "forfeit": "forfeit-1",
        "abandon": "abandon-1",
    }[act]
    asked = page[page.index(f'<details class="ask" id="{box}"') :]
    asked = asked[: asked.index("</details>")]
    assert 'name="confirm" value="1"' in asked and "?</strong>" in asked
    # the yes does it
    director.act(token, url, data)
    assert log_of(director, token) != before


def test_a_withdrawal_is_undone_by_reinstating_and_both_are_logged(director):
    token = director.create("five-up", NAMES[:5], format="swiss", rounds=3, target=5)
    cleo = entrant_ids(director.entrants(token))["Cleo"]
    director.act(token, f"entrants/{cleo}/withdraw")
    assert "1 withdrawn" in text_of(director.page(token), "entrants-box")
    page = director.entrants(token)
    assert "withdrawn" in text_of(page, f"entrant-{cleo}")
    assert f"/entrants/{cleo}/reinstate" in page
    director.act(token, "pair")
    assert "Cleo" not in text_of(director.page(token), "tables")
    director.act(token, f"entrants/{cleo}/reinstate")
    director.act(token, "pair", {"round": 1, "again": 1})
    page = director.page(token)
    assert "Cleo" in text_of(page, "tables") + (text_of(page, "byes") or "")
    log = text_of(page, "log")
    assert "Cleo withdrawn" in log and "Cleo reinstated" in log
    r = director.act(token, f"entrants/{cleo}/reinstate", status=409)
    assert "Cleo is not withdrawn" in refused(r)


# -- 17.8: a stale director's tab ----------------------------------------------------------
def test_a_stale_tab_is_told_that_the_round_has_started_and_when(director):
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=3, target=5)
    director.act(token, "pair", {"round": 1})
    # two tabs show "Start round 1"; the first starts it
    director.act(token, "start", {"round": 1})
    r = director.act(token, "start", {"round": 1}, status=409)
    said = refused(r)
    assert re.search(rf"Round 1 has started \(at {TIME}\)", said), said
    assert "no proposed round" not in said
    # the same for "Pair it again" and a swap sent from a page of before the start
    ids = entrant_ids(director.entrants(token))
    r = director.act(token, "pair", {"round": 1, "again": 1}, status=409)
    assert re.search(rf"Round 1 has started \(at {TIME}\)", refused(r))
    r = director.act(token, "swap", {"a": ids["Ana"], "b": ids["Ben"]}, status=409)
    assert re.search(rf"Round 1 has started \(at {TIME}\)", refused(r))


def test_a_stale_tab_does_not_pair_again_a_round_another_tab_paired(director):
    token = director.create("five-up", NAMES[:6], format="swiss", rounds=3, target=5)
    director.act(token, "pair", {"round": 1})
    ids = entrant_ids(director.entrants(token))
    director.act(token, "swap", {"a": ids["Ana"], "b": ids["Ben"]})  # the director's swap
    tables = text_of(director.page(token), "tables")
    # a second tab still shows "Pair round 1"
    r = director.act(token, "pair", {"round": 1}, status=409)
    assert re.search(rf"Round 1 is already paired \(at {TIME}\)", refused(r))
    assert text_of(director.page(token), "tables") == tables  # the swap stands
    director.act(token, "start", {"round": 1})
    r = director.act(token, "pair", {"round": 1}, status=409)
    assert re.search(rf"Round 1 has started \(at {TIME}\)", refused(r))
    # time called twice: when it was
    director.act(token, "time")
    r = director.act(token, "time", status=409)
    assert re.search(rf"Time was already called in round 1, at {TIME}", refused(r))


# -- 17.15 and 17.14: a finished event, a settled table -------------------------------------
def test_a_finished_event_refuses_changes_until_it_is_reopened(director):
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=2, target=5)
    director.act(token, "pair")
    director.act(token, "start")
    ana, tables = entrant_ids(director.entrants(token))["Ana"], director.table_ids(token)
    director.act(token, "finish")
    page = director.page(token)
    assert text_of(page, "finished")
    assert "/forfeit" not in director.table_page(token, tables[0])
    assert 'id="add-form"' not in director.entrants(token)
    standings = text_of(page, "standings")
    for url, data in [
        (f"tables/{tables[0]}/forfeit", {"score": ["5", "0"]}),
        (f"tables/{tables[0]}/abandon", {"reason": "late"}),
        ("entrants", {"entrant": "Ivy"}),
        (f"entrants/{ana}/withdraw", {}),
        (f"entrants/{ana}/substitute", {"entrant": "Ivy"}),
        ("time", {}),
        ("pair", {}),
        ("finish", {}),
    ]:
        r = director.act(token, url, data, status=409)
        assert re.search(rf"The event was finished at {TIME}: reopen it", refused(r)), url
    page = director.page(token)
    assert text_of(page, "standings") == standings and "Ivy" not in page
    director.act(token, "reopen")
    assert "Event reopened" in log_of(director, token)
    director.act(token, "entrants", {"entrant": "Ivy"})
    assert "Ivy" in text_of(director.entrants(token), "entrants")


def test_a_finished_events_table_records_no_more_moves_until_it_is_reopened(director):
    """A table still in play when the director finishes the event: its phone is refused
    the next move (saying when the event was finished), the record keeps what it had,
    and once the event is reopened the same move is taken."""
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=2, target=5)
    director.act(token, "pair")
    director.act(token, "start")
    r = director.get(director.table_links(token)[0])
    play = r.location.rsplit("/", 1)[1]
    rec = director.record(play)
    hand = play_hand(Match(rec["variant"], rec["players"], rec["options"]), random.Random(5))
    first, second = hand.moves[:2]
    r = director.post(f"/t/{play}/{first.kind}", move_form(hand, 1, 0, first))
    assert r.status_code == 302
    page = director.table(play)
    watch = re.search(r'id="read-link" href="[^"]*/s/([^"]+)"', page).group(1)
    before = director.get(f"/t/{play}/version").get_data(as_text=True)
    assert 'id="picker"' in page and text_of(page, "event-finished") is None
    director.act(token, "finish")
    # the phones see it at their next poll: the version moved, the table says why
    assert director.get(f"/t/{play}/version").get_data(as_text=True) != before
    closed = "The event is finished: nothing more is recorded at this table"
    for url in (f"/t/{play}?fragment=1", f"/s/{watch}"):
        page = director.get(url).get_data(as_text=True)
        assert text_of(page, "event-finished").startswith(closed), url
        assert 'id="picker"' not in page and 'id="undo-form"' not in page, url
    r = director.post(f"/t/{play}/{second.kind}", move_form(hand, 1, 1, second))
    assert r.status_code == 409
    assert re.search(rf"The event was finished at {TIME}: nothing more is recorded", refused(r))
    assert len(director.record(play)["hands"][0]["moves"]) == 1
    director.act(token, "reopen")
    page = director.table(play)
    assert 'id="picker"' in page and text_of(page, "event-finished") is None
    r = director.post(f"/t/{play}/{second.kind}", move_form(hand, 1, 1, second))
    assert r.status_code == 302
    assert len(director.record(play)["hands"][0]["moves"]) == 2


def test_a_finished_events_tables_refuse_the_lot_tiles_left_and_undo_saying_why(director):
    """Issue 40: finishing the event names the tables still in play; once finished such a
    table refuses every write (the lot, a move, the tiles left, an undo) with the sentence
    and rule EV-FINISHED, and records again once the director reopens the event."""
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=2, target=100)
    director.act(token, "pair")
    director.act(token, "start")
    fresh, ended = [director.get(link).location.rsplit("/", 1)[1] for link in
                    director.table_links(token)]  # fmt: skip
    rec = director.record(ended)
    hand = play_hand(Match(rec["variant"], rec["players"], rec["options"]), random.Random(5))
    for after, m in enumerate(hand.moves):  # the hand is over: its tiles left are next
        assert (
            director.post(f"/t/{ended}/{m.kind}", move_form(hand, 1, after, m)).status_code == 302
        )
    # the director is told which tables are still in play, before and as he finishes
    asked = "Tables 1, 2 are still in play: they record nothing more"
    assert asked in text_of(director.page(token), "finish")
    r = director.act(token, "finish", confirm=False, status=200)
    assert asked in r.get_data(as_text=True)
    director.act(token, "finish")
    left = {f"left-{s}": " ".join(str(t) for t in ts) for s, ts in enumerate(hand.left)}
    writes = [
        (fresh, "lot", {"hand": 1, "after": 0}),
        (fresh, "play", {"hand": 1, "after": 0, "seat": 0, "tile": "5-5", "on": ""}),
        (ended, "end", {"hand": 1, "after": len(hand.moves), **left}),
        (ended, "undo", {"hand": 1, "after": len(hand.moves), "settled": 0}),
    ]
    for play, what, data in writes:
        r = director.post(f"/t/{play}/{what}", data)
        assert r.status_code == 409, (what, r.status_code)
        assert rule_of(r) == "EV-FINISHED", what
        assert re.search(rf"finished at {TIME}: .* unless the director reopens it", refused(r))
    assert director.record(fresh)["hands"][0].get("lot") is None
    assert len(director.record(fresh)["hands"][0]["moves"]) == 0
    ended_hand = director.record(ended)["hands"][0]
    assert len(ended_hand["moves"]) == len(hand.moves) and not ended_hand.get("left")
    director.act(token, "reopen")
    for play, what, data in writes[0::2]:  # the lot, the tiles left: taken again
        r = director.post(f"/t/{play}/{what}", data)
        assert r.status_code == 302, (what, r.get_data(as_text=True)[:2000])
    assert len(director.record(ended)["hands"]) == 2  # settled: the next hand began


@pytest.mark.parametrize(
    "variant, names, form, hint",
    [
        ("five-up", NAMES[:4], {"target": 61}, "Give the side that is there the target, 61, "
         "and the side that is not 0 (61 – 0)"),
        ("french-connection", NAMES[:8], {"target": 100, "fair": "per-match"},
         "Give the side that is there 0 and the side that is not the target, 100 (0 – 100)"),
    ],
)  # fmt: skip
def test_the_forfeit_form_says_what_score_to_enter_and_takes_none_above_the_target(
    director, variant, names, form, hint
):
    """The forfeit form gave no hint, and a forfeit scored as the director liked outweighed
    games won on the board: it says what to enter, following the variant's target and
    whether the fewest points win, and a total above the target is refused."""
    token = director.create(variant, names, format="swiss" if variant == "five-up" else "pods",
                            rounds=2, **form)  # fmt: skip
    director.act(token, "pair")
    director.act(token, "start")
    table = director.table_ids(token)[0]
    page = director.table_page(token, table)
    assert hint in text_of(page, "forfeit-1")
    target = form["target"]
    assert f'name="score" type="number" min="0" max="{target}"' in page
    seats = page.count('name="score"')
    over = [str(target + 1)] + ["0"] * (seats - 1)
    r = director.act(token, f"tables/{table}/forfeit", {"score": over}, status=400)
    assert f"A forfeit scores at most the target, {target}" in refused(r)
    assert "forfeit" not in text_of(director.page(token), "table-1")
    director.act(token, f"tables/{table}/forfeit", {"score": [str(target)] + ["0"] * (seats - 1)})
    assert "forfeit" in text_of(director.page(token), "table-1")


def sign(director, play: str, pins: dict[str, str]) -> None:
    """Each side signs with its member's PIN (the entrants are members: `pins` by name)."""
    page = director.table(play)
    score = re.search(r'name="score" value="([^"]+)"', page).group(1)
    director.sign(play, [pins[name] for name in director.record(play)["players"]], score)


def table_rows(director, token: str) -> list[int]:
    """The ids of the current round's tables, in table order (the director's forms name
    a table by its id; a decided table has no forms)."""
    with director.client.application.app_context():
        event = db.session.query(Event).filter_by(director_token=token).one()
        return [t.id for t in event.rounds_[-1].tables]


def test_a_decided_or_signed_table_keeps_its_result(director):
    token = director.create(
        "five-up",
        ["Ana", "Ben", "Cleo", "Dan"],
        club=director.club_key(),
        format="swiss",
        rounds=2,
        target=5,
    )
    director.act(token, "pair")
    director.act(token, "start")
    links = director.table_links(token)
    first, second = table_rows(director, token)
    play_match_http(director, links[0], random.Random(3))
    page = director.table_page(token, first)
    assert f"/tables/{first}/forfeit" not in page and f"/tables/{first}/abandon" not in page
    assert "settled by its record" in text_of(page, "no-controls")
    public = director.public_token(token)
    standings = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    # the routes refuse what the page no longer offers: decided by its record
    for url, data in [
        (f"tables/{first}/forfeit", {"score": ["0", "5"]}),
        (f"tables/{first}/abandon", {"reason": "a dispute"}),
    ]:
        r = director.act(token, url, data, status=409)
        assert "Table 1 is decided by its record" in refused(r)
    # signed by both sides, it is locked: the director unlocks it first (logged)
    play = director.get(links[0]).location.rsplit("/", 1)[1]
    sign(director, play, director.new_cards(token))
    for url, data in [
        (f"tables/{first}/forfeit", {"score": ["0", "5"]}),
        (f"tables/{first}/abandon", {"reason": "a dispute"}),
    ]:
        r = director.act(token, url, data, status=409)
        assert "is locked: unlock it first" in refused(r)
    assert director.get(f"/p/{public}/standings.json").get_json()["standings"] == standings
    director.act(token, f"tables/{first}/unlock", {"reason": "a misread tile"})
    assert "signed result unlocked: a misread tile" in log_of(director, token)
    # unlocked, its record still decides it: the table corrects the record
    r = director.act(token, f"tables/{first}/forfeit", {"score": ["0", "5"]}, status=409)
    assert "decided by its record" in refused(r)
    assert director.get(f"/p/{public}/standings.json").get_json()["standings"] == standings
    # a forfeit settles a table too: no second forfeit, no abandon over it
    director.act(token, f"tables/{second}/forfeit", {"score": ["5", "0"]})
    r = director.act(token, f"tables/{second}/abandon", {"reason": "x"}, status=409)
    assert "Table 2 already has a forfeit, scored 5 – 0" in refused(r)
    r = director.act(token, f"tables/{second}/forfeit", {"score": ["0", "5"]}, status=409)
    assert "already has a forfeit" in refused(r)


# -- 17.18: entrants checked by the engine's name rule -------------------------------------
def test_a_name_the_rules_refuse_is_refused_when_it_is_entered(director, app):
    r = director.post(
        "/events/new",
        {"variant": "five-up", "format": "swiss", "name": "X", "entrants": "Ana\nBen+Cleo\nDan"},
    )
    assert r.status_code == 400 and rule_of(r) == "C-NAMES"
    html = r.get_data(as_text=True)
    # next to the field: right after the box of entrants, which says it is invalid
    box = html[html.index('<textarea id="entrants"') :]
    assert 'aria-invalid="true"' in box[: box.index(">")]
    assert box.index('id="refused"') < box.index("</form>")
    assert "'Ben+Cleo'" in refused(r) and "Ana\nBen+Cleo\nDan" in html  # kept to correct
    with app.app_context():
        assert db.session.query(Event).count() == 0  # nothing saved
    # a name with a control character, and the same name twice as the engine compares them
    for text in ("Ana\nB\u202een", "Ana\nＡＮＡ"):
        r = director.post(
            "/events/new", {"variant": "five-up", "format": "swiss", "name": "X", "entrants": text}
        )
        assert r.status_code == 400 and rule_of(r) == "C-NAMES", text
    # a late entrant and a substitution: refused next to their own field, nothing saved
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=2, target=5)
    r = director.act(token, "entrants", {"entrant": "Eve+Fay"}, status=400)
    assert rule_of(r) == "C-NAMES"
    html = r.get_data(as_text=True)
    add = html[html.index('id="add-form"') :]
    assert add.index('id="refused"') < add.index("</form>")
    dan = entrant_ids(html)["Dan"]
    r = director.act(token, f"entrants/{dan}/substitute", {"entrant": "Ana"}, status=400)
    assert rule_of(r) == "C-NAMES" and "already player 1" in refused(r)
    html = r.get_data(as_text=True)
    own = html[html.index(f'id="entrant-{dan}"') :]
    assert own.index('id="refused"') < own.index("</details>")
    with app.app_context():
        names = sorted(e.name for e in db.session.query(Entrant))
    assert names == ["Ana", "Ben", "Cleo", "Dan"]
    # the event's pairs: a pair's names are checked as well
    r = director.post(
        "/events/new",
        {
            "variant": "five-up",
            "format": "swiss",
            "pairs": "1",
            "name": "X",
            "entrants": "Ana & Ben\nCleo & ana",
        },
    )
    assert r.status_code == 400 and rule_of(r) == "C-NAMES"
