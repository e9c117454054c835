"""Events through HTTP: a director makes an event, pairs and starts rounds, the players
record every table's matches through the table links, and the standings follow."""

from __future__ import annotations

import io
import json
import random
import re
import zipfile

import pytest
from eventhelpers import Director, move_form, play_match_http
from webhelpers import text_of

from referee.engine import Match, check, record
from referee.engine.simulate import play_hand
from referee.events import standings as st

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def director(app):
    return Director(app.test_client())


def expected_standings(config: st.Config, entrants: list[str], matches, byes) -> list[tuple]:
    """The standings worked out from the engine's own copies of the matches played
    (`matches`: (round, match); `byes`: (round, name))."""
    ids = {name: i for i, name in enumerate(entrants)}
    results = []
    for number, m in matches:
        over, win = m.result()
        sides = tuple(tuple(sorted({ids[m.players[s]] for s in side})) for side in m.sides)
        wins = tuple(1 if i == win else 0 for i in range(len(sides)))
        results.append(st.TableResult(sides, tuple(m.totals()), wins, number))
    rows = st.standings(
        config, list(range(len(entrants))), results, [st.Bye(ids[b], number) for number, b in byes]
    )
    return [(r.rank, entrants[r.entrant], float(r.score)) for r in rows]


def standings_of(director, public: str) -> list[tuple]:
    r = director.get(f"/p/{public}/standings.json")
    assert r.status_code == 200
    return [(x["rank"], x["entrant"], x["score"]) for x in r.get_json()["standings"]]


def byes_of(director, token: str) -> list[str]:
    text = text_of(director.page(token), "byes")
    return [n.strip() for n in text.split(":", 1)[1].split(",")] if text else []


def play_round(director, token: str, rng) -> list:
    """Pair and start the next round, then play every table to its end."""
    director.act(token, "pair")
    director.act(token, "start")
    return [play_match_http(director, link, rng) for link in director.table_links(token)]


@pytest.mark.parametrize(
    "variant, count, form, config",
    [
        ("five-up", 5, {"format": "swiss", "rounds": 2, "target": 10}, st.Config("five-up")),
        (
            "ctyrka",
            7,
            {"format": "pods", "rounds": 2, "target": 15, "table_size": 3, "scoring": "penalty"},
            st.Config("ctyrka", fewest=True, fair=st.ROUND_AVERAGE),
        ),
        (
            "french-connection",
            5,
            {"format": "pods", "rounds": 1, "target": 20},
            st.Config("french-connection", fewest=True, fair=st.ROUND_AVERAGE),
        ),
        (
            "french-connection",
            5,
            {"format": "pods", "rounds": 2, "target": 20, "fair": "per-match"},
            st.Config("french-connection", fewest=True, fair=st.PER_MATCH),
        ),
    ],
)
def test_a_whole_event(director, variant, count, form, config):
    names = NAMES[:count]
    token = director.create(variant, names, **form)
    public = director.public_token(token)
    rng = random.Random(5)
    played, byes = [], []
    for number in range(1, form["rounds"] + 1):
        matches = play_round(director, token, rng)
        assert matches, "every round has tables"
        played += [(number, m) for m in matches]
        byes += [(number, b) for b in byes_of(director, token)]
        page = director.page(token)
        assert f"Round {number} of {form['rounds']} (complete)" in text_of(page, "tables")
        # the standings count every match played so far, ordered as worked out by hand
        assert standings_of(director, public) == expected_standings(config, names, played, byes)
    # every round played: no further pairing
    director.act(token, "pair", status=409)
    # the public page shows the standings with the rule that orders them
    html = director.get(f"/p/{public}").get_data(as_text=True)
    assert st.rule_text(config).split(" (")[0] in text_of(html, "rule")
    assert names[0] in text_of(html, "standings")


def test_five_up_pairs_play_a_series_with_rotated_seats(director):
    token = director.create(
        "five-up",
        ["Ana & Cleo", "Ben & Dan"],
        pairs="1",
        format="round-robin",
        rounds=1,
        series=3,
        target=10,
    )
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    rng = random.Random(2)
    seatings, wins = [], {"Ana+Cleo": 0, "Ben+Dan": 0}
    while max(wins.values()) < 2:
        m = play_match_http(director, link, rng)
        seatings.append(m.players)
        names = [n if n in wins else "+".join(reversed(n.split("+"))) for n in m.side_names]
        wins[names[m.result()[1]]] += 1
    # partners stay partners (seats 1 and 3), the seats turn one place each match
    assert seatings[0] == ("Ana", "Ben", "Cleo", "Dan")
    if len(seatings) > 1:
        assert seatings[1] == ("Ben", "Cleo", "Dan", "Ana")
    page = director.page(token)
    assert "Round 1 of 1 (complete)" in text_of(page, "tables")
    winner = max(wins, key=wins.get).replace("+", " & ")
    public = director.public_token(token)
    assert standings_of(director, public)[0][1:] == (winner, 2.0)
    # the series is over: the table link stays on its last match
    assert director.get(link).status_code == 302


def test_the_directors_controls_and_their_log(director):
    token = director.create("five-up", NAMES[:5], format="swiss", rounds=3, target=10)
    director.act(token, "entrants", {"entrant": "Ivy"})  # added late
    assert "Ivy" in text_of(director.entrants(token), "entrants")
    director.act(token, "entrants", {"entrant": "Ana"}, status=400)  # a name already there
    director.act(token, "pair")
    page = director.page(token)
    ids = dict(
        (name, int(i))
        for i, name in __import__("re").findall(r'<option value="(\d+)">([^<]+)</option>', page)
    )
    director.act(token, "swap", {"a": ids["Ana"], "b": ids["Ben"]})
    director.act(token, "start", {"time_cap": 30})
    page = director.page(token)
    assert "Time cap: 30 minutes" in page
    tables = director.table_ids(token)
    assert len(tables) == 3
    for table in tables:  # each table's page offers its forfeit and its abandon
        assert f"/tables/{table}/forfeit" in director.table_page(token, table)
    # a forfeit with the director's score; an abandon with its reason
    director.act(token, f"tables/{tables[0]}/forfeit", {"score": ["10", "0"]})
    director.act(token, f"tables/{tables[1]}/abandon", {"reason": "fire alarm"})
    director.act(token, f"tables/{tables[2]}/abandon", {"reason": ""}, status=400)
    # time called: the table still playing finishes its hand, then is decided on totals
    director.act(token, "time")
    page = director.page(token)
    assert "Time is called" in text_of(page, "tables")
    link = director.table_links(token)[2]
    r = director.get(link)
    play_token = r.location.rsplit("/", 1)[1]
    # a hand played to its end after time was called decides the match on its totals
    from referee.engine import Match
    from referee.engine.simulate import play_hand

    rec = director.record(play_token)
    m = Match(rec["variant"], rec["players"], rec["options"])
    hand = play_hand(m, random.Random(1))
    for after, mv in enumerate(hand.moves):
        form = move_form(hand, 1, after, mv)
        assert director.post(f"/t/{play_token}/{mv.kind}", form).status_code == 302
    left = {f"left-{s}": " ".join(map(str, ts)) for s, ts in enumerate(hand.left)}
    director.post(f"/t/{play_token}/end", {"hand": 1, "after": len(hand.moves), **left})
    page = director.page(token)
    assert "Round 1 of 3 (complete)" in text_of(page, "tables")
    assert "abandoned: fire alarm" in text_of(page, "tables")
    # withdrawn: not paired again
    director.act(token, f"entrants/{ids['Cleo']}/withdraw")
    director.act(token, f"entrants/{ids['Dan']}/substitute", {"entrant": "Dora"})
    director.act(token, "pair")
    page = director.page(token)
    tables_text = text_of(page, "tables")
    assert "Cleo" not in tables_text and "Dora" in tables_text
    log = text_of(page, "log")
    for said in (
        "Ivy added",
        "Ana and Ben swapped",
        "Round 1 started",
        "forfeit, scored 10 – 0",
        "abandoned: fire alarm",
        "time called",
        "Cleo withdrawn",
        "Dan replaced by Dora",
        "Round 2 paired",
    ):
        assert said in log, said


def test_links_cannot_act_on_another_event(director):
    a = director.create("five-up", NAMES[:4], format="swiss", rounds=2, target=10)
    b = director.create("five-up", NAMES[4:8], format="swiss", rounds=2, target=10)
    for t in (a, b):
        director.act(t, "pair")
        director.act(t, "start")
    page_b = director.page(b)
    import re

    table_b = director.table_ids(b)[0]
    entrant_b = re.findall(r'<option value="(\d+)">', page_b) or re.findall(
        r"/entrants/(\d+)/withdraw", director.entrants(b)
    )
    # A's director link shows none of B's tables
    assert director.get(f"/e/{a}/tables/{table_b}").status_code == 404
    # A's director link does nothing to B's tables or entrants
    director.act(a, f"tables/{table_b}/forfeit", {"score": ["10", "0"]}, status=404)
    director.act(a, f"tables/{table_b}/abandon", {"reason": "x"}, status=404)
    director.act(a, f"entrants/{entrant_b[0]}/withdraw", status=404)
    assert 'data-decided="1"' not in director.page(b)  # no table of B forfeited
    # the public link is not a director's link, and a table link is neither
    public_a = director.public_token(a)
    assert director.get(f"/e/{public_a}").status_code == 404
    assert director.post(f"/e/{public_a}/pair", {}).status_code == 404
    link_b = director.table_links(b)[0]
    assert director.get(f"/e/{link_b.rsplit('/', 1)[1]}").status_code == 404
    # a table link leads to its own event's match only
    players = director.get(director.get(link_b).location).get_data(as_text=True)
    assert any(n in players for n in NAMES[4:8])
    assert not any(f">{n}<" in players for n in NAMES[:4])


def test_refusals_when_making_an_event(director):
    def make(status, **data):
        r = director.post("/events/new", {"variant": "five-up", "format": "swiss", **data})
        assert r.status_code == status, r.get_data(as_text=True)[:2000]
        return text_of(r.get_data(as_text=True), "refused")

    assert "name" in make(400, name="", entrants="Ana\nBen")
    assert "two entrants" in make(400, name="X", entrants="Ana")
    assert "'ana' is already player 1" in make(400, name="X", entrants="Ana\nBen\nana")
    assert "format" in make(400, name="X", entrants="Ana\nBen", format="pods-of-nine")
    assert "pair" in make(400, name="X", entrants="Ana & Ben\nCleo", pairs="1")
    assert "bye" in make(400, name="X", entrants="Ana\nBen", bye="a win")
    said = make(400, name="X", entrants="Ana\nBen", format="round-robin", table_size="5")
    assert "each player for themselves" in said and "himself" not in said


def test_the_engine_s_refusal_when_making_an_event_is_in_the_players_language(director):
    director.get("/?lang=pl")
    r = director.post(
        "/events/new",
        {
            "variant": "five-up",
            "format": "swiss",
            "name": "X",
            "entrants": "Ana\nBen",
            "target": "5000",
        },
    )
    assert r.status_code == 400
    refused = text_of(r.get_data(as_text=True), "refused")
    assert "cel musi być liczbą całkowitą od 1 do 1000" in refused


def test_public_pages_exports_and_version(director):
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=1, target=10)
    public = director.public_token(token)
    v0 = director.get(f"/p/{public}/version").get_data(as_text=True)
    director.act(token, "pair")
    director.act(token, "start")
    v1 = director.get(f"/p/{public}/version").get_data(as_text=True)
    assert v1 != v0
    rng = random.Random(3)
    links = director.table_links(token)
    play_match_http(director, links[0], rng)
    v2 = director.get(f"/p/{public}/version").get_data(as_text=True)
    assert v2 != v1  # a match ended: the public pages fetch the new standings
    play_match_http(director, links[1], rng)
    for page in ("", "/tv"):
        r = director.get(f"/p/{public}{page}")
        assert r.status_code == 200
        html = r.get_data(as_text=True)
        assert 'id="standings"' in html and 'id="tables"' in html
        assert "<form" not in html  # read only
        assert "<script>" not in html  # no inline script
    fragment = director.get(f"/p/{public}?fragment=1").get_data(as_text=True)
    assert fragment.startswith('<div id="event"')
    csv_text = director.get(f"/p/{public}/standings.csv").get_data(as_text=True)
    lines = csv_text.strip().splitlines()
    assert lines[0].startswith("rank,entrant") and len(lines) == 5
    z = zipfile.ZipFile(io.BytesIO(director.get(f"/p/{public}/event.zip").data))
    games = [n for n in z.namelist() if n.startswith("round-")]
    assert len(games) == 2 and "standings.csv" in z.namelist()
    for name in games:
        verdict = check.verdict(record.loads(z.read(name)))
        assert verdict["ok"] and verdict["match"]["over"], name
    assert json.loads(z.read("standings.json"))["standings"][0]["rank"] == 1


def test_qr_codes_and_table_cards(director):
    token = director.create("ctyrka", NAMES[:6], format="pods", rounds=1, table_size=3)
    page = director.page(token)
    assert page.count("<svg") >= 2  # the director's and the public link
    director.act(token, "pair")
    director.act(token, "start")
    cards = director.get(f"/e/{token}/cards").get_data(as_text=True)
    links = director.table_links(token)
    for link in links:
        assert link in cards
    assert cards.count("<svg") == len(links)


def test_the_director_unlocks_a_signed_result_with_a_reason(director):
    club = director.club_key()
    token = director.create("five-up", ["Ana", "Ben"], club=club, format="round-robin", target=5)
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    play_match_http(director, link, random.Random(3))
    play = director.get(link).location.rsplit("/", 1)[1]
    page = director.table(play)
    assert text_of(page, "outcome")
    score = re.search(r'name="score" value="([^"]+)"', page).group(1)
    # the entrants are members (made for the event): the players' link alone signs for
    # no side; each side signs with its member's PIN, from the cards printed once
    r = director.post(f"/t/{play}/confirm", {"side": 0, "score": score})
    assert r.status_code == 403
    pins = director.new_cards(token)
    director.sign(play, [pins["Ana"], pins["Ben"]], score)
    assert text_of(director.table(play), "locked")
    hand, after = director.position(play)  # locked: no Undo offered, and none taken
    r = director.post(f"/t/{play}/undo", {"hand": hand, "after": after, "settled": 1})
    assert r.status_code == 409
    [table] = director.table_ids(token)
    assert f"/tables/{table}/unlock" in director.table_page(token, table)
    director.act(token, f"tables/{table}/unlock", {"reason": " "}, status=400)
    director.act(token, f"tables/{table}/unlock", {"reason": "Ben's last tile was misread"})
    assert "signed result unlocked: Ben's last tile was misread" in text_of(
        director.page(token), "log"
    )
    html = director.table(play)
    assert text_of(html, "locked") is None
    assert "Ben's last tile was misread" in text_of(html, "signoff")
    director.undo(play)  # the record can be corrected again
    assert "/unlock" not in director.table_page(token, table)  # nothing left to unlock
    director.act(token, f"tables/{table}/unlock", {"reason": "again"}, status=409)


def test_time_called_reaches_the_table_and_ends_its_match_on_the_totals(director):
    token = director.create("five-up", ["Ana", "Ben"], format="round-robin", target=200)
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    play = director.get(link).location.rsplit("/", 1)[1]
    rec = director.record(play)
    m = Match(rec["variant"], rec["players"], rec["options"])
    hand = play_hand(m, random.Random(5))

    def send(after, mv):
        return director.post(f"/t/{play}/{mv.kind}", move_form(hand, 1, after, mv))

    for after, mv in enumerate(hand.moves[:3]):
        assert send(after, mv).status_code == 302
    version = director.get(f"/t/{play}/version").get_data(as_text=True)
    director.act(token, "time")
    assert director.get(f"/t/{play}/version").get_data(as_text=True) != version  # phones see it
    html = director.table(play)
    assert text_of(html, "time-called") == (
        "Time is called. The match ends when hand 1 is settled, on the totals."
    )
    assert text_of(html, "outcome") is None
    for after, mv in enumerate(hand.moves[3:], 3):
        assert send(after, mv).status_code == 302
    left = {f"left-{s}": " ".join(map(str, ts)) for s, ts in enumerate(hand.left)}
    director.post(f"/t/{play}/end", {"hand": 1, "after": len(hand.moves), **left})
    html = director.table(play)
    a, b = m.totals()
    winner = "the match ends level" if a == b else f"{'Ana' if a > b else 'Ben'} won"
    said = text_of(html, "outcome")
    assert said.startswith("Match over. Time was called:") and winner in said
    assert f"{a}–{b}" in said and text_of(html, "time-called") is None
    # no next hand: its lead is refused with the same words
    r = director.post(f"/t/{play}/play", {"hand": 2, "after": 0, "seat": 0, "tile": "6-6"})
    assert r.status_code == 422 and "Time was called" in text_of(
        r.get_data(as_text=True), "refused"
    )
    assert "Round 1 (complete)" in text_of(director.page(token), "tables")
