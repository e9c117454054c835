"""Events through HTTP in the corners of a club night (issues 17.9, 23.1, 23.2): rotating
partners for individuals, the standings of entrants who played different numbers of
matches and what a bye scored, and a series leading on from game to game."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from eventhelpers import Director, play_match_http
from test_events import expected_standings, standings_of
from webhelpers import text_of

from referee.events import standings as st
from referee.web.events.models import Event
from referee.web.store import db

NAMES = [
    "Ana",
    "Ben",
    "Cleo",
    "Dan",
    "Eva",
    "Filip",
    "Gita",
    "Hugo",
    "Ivo",
    "Jana",
    "Karel",
    "Lea",
    "Milan",
]


@pytest.fixture
def director(app):
    return Director(app.test_client())


def formats_offered(director, query: str) -> list[str]:
    html = director.get(f"/events/new?{query}").get_data(as_text=True)
    select = html[html.index('<select id="format"') :]
    return re.findall(r'<option value="([^"]+)"', select[: select.index("</select>")])


def seated(director, token: str) -> tuple[list[tuple[str, ...]], list[str]]:
    """The current round: each table's players in seat order (from its match), the byes."""
    with director.client.application.app_context():
        event = db.session.query(Event).filter_by(director_token=token).one()
        r = event.rounds_[-1]
        tables = [tuple(t.games[0].match.players) for t in r.tables]
        names = {e.id: e.name for e in event.entrants}
        return tables, [names[i] for i in r.byes]


def test_rotating_partners_is_offered_for_individuals_not_for_fixed_pairs(director):
    assert "rotating-partners" in formats_offered(director, "variant=five-up")
    assert formats_offered(director, "variant=five-up&table_size=4") == ["rotating-partners"]
    assert "rotating-partners" not in formats_offered(director, "variant=five-up&pairs=1")
    html = director.get("/events/new?variant=five-up").get_data(as_text=True)
    assert "rotating partners" in text_of(html, "rotating-link")


def test_each_format_offered_has_its_own_hint(director):
    """Issue 43.4: the form's only hint was rotating partners', whatever the format chosen:
    each format offered says its own (the formats' registry), naming the format it is for
    (all shown without scripts; static/js/event_form.js shows the chosen one's)."""
    html = director.get("/events/new?variant=five-up").get_data(as_text=True)
    offered = formats_offered(director, "variant=five-up")
    hints = dict(re.findall(r'id="([a-z-]+-hint)" data-format="([a-z-]+)"', html))
    assert sorted(hints.values()) == sorted(offered) and len(offered) >= 3
    assert text_of(html, "swiss-hint").startswith("Swiss:")
    assert text_of(html, "round-robin-hint").startswith("Round robin:")
    assert "js/event_form.js" in html


@pytest.mark.parametrize("count", [8, 9, 12, 13])
def test_rotating_partners_seat_every_player_with_a_new_partner_each_round(director, count):
    names = NAMES[:count]
    token = director.create("five-up", names, format="rotating-partners", rounds=4, target=61)
    partners, byes = Counter(), Counter()
    for number in range(1, 5):
        director.act(token, "pair", {"round": number})
        director.act(token, "start", {"round": number})
        tables, out = seated(director, token)
        # every player at a table of four, two against two, or sitting out: nobody dropped
        assert all(len(t) == 4 for t in tables) and len(out) == count % 4
        assert sorted([p for t in tables for p in t] + out) == sorted(names)
        for a1, b1, a2, b2 in tables:  # seats 1 and 3 against 2 and 4 (FU-PLAYERS)
            partners.update([frozenset((a1, a2)), frozenset((b1, b2))])
        byes.update(out)
        # the round is settled by forfeits, each side scored as the director says
        for table in director.table_ids(token):
            director.act(token, f"tables/{table}/forfeit", {"score": ["61", "30"]})
        if number == 1:  # each player is scored with the side's result
            rows = director.get(f"/p/{director.public_token(token)}/standings.json").get_json()
            by_name = {r["entrant"]: r for r in rows["standings"]}
            for a1, b1, a2, b2 in tables:
                for p in (a1, a2):
                    assert (by_name[p]["score"], by_name[p]["points_for"]) == (2, 61)
                for p in (b1, b2):
                    assert (by_name[p]["score"], by_name[p]["points_against"]) == (0, 61)
    assert max(partners.values()) == 1  # never the same partner twice
    assert set(byes.values()) <= {1}  # the byes spread evenly: nobody sits out twice


def test_a_rotating_partners_round_is_played_by_all_eight_and_ranked_by_the_sides(director):
    names = NAMES[:8]
    token = director.create("five-up", names, format="rotating-partners", rounds=2, target=5)
    director.act(token, "pair")
    director.act(token, "start")
    tables, _ = seated(director, token)
    rng = random.Random(8)
    matches = [(1, play_match_http(director, link, rng)) for link in director.table_links(token)]
    assert sorted(p for _, m in matches for p in m.players) == sorted(names)
    public = director.public_token(token)
    assert standings_of(director, public) == expected_standings(
        st.Config("five-up"), names, matches, []
    )


def test_a_rotating_partners_event_needs_four_players(director):
    r = director.post(
        "/events/new",
        {
            "variant": "five-up",
            "table_size": "4",
            "name": "X",
            "format": "rotating-partners",
            "entrants": "Ana\nBen\nCleo",
        },
    )
    assert r.status_code == 400 and "four players" in text_of(r.get_data(as_text=True), "refused")


# -- 17.9: the standings state their rule and what a bye scored ---------------------------
def test_the_event_form_offers_the_rule_for_unequal_numbers_of_matches(director):
    html = director.get("/events/new?variant=french-connection").get_data(as_text=True)
    fair = html[html.index('id="fair"') :]
    assert 'value="round-average" checked' in fair and 'value="per-match"' in fair
    assert 'id="fair"' not in director.get("/events/new?variant=five-up").get_data(as_text=True)


@pytest.mark.parametrize(
    "fair, config, said",
    [
        (
            "round-average",
            st.Config("french-connection", fewest=True, fair=st.ROUND_AVERAGE),
            "A bye scores the round's average placement points",
        ),
        (
            "per-match",
            st.Config("french-connection", fewest=True, fair=st.PER_MATCH),
            "A bye is left out",
        ),
    ],
)
def test_a_bye_scores_what_the_page_says(director, fair, config, said):
    names = NAMES[:5]
    token = director.create(
        "french-connection", names, format="pods", rounds=1, target=15, fair=fair
    )
    director.act(token, "pair")
    director.act(token, "start")
    [bye] = seated(director, token)[1]
    [link] = director.table_links(token)
    match = play_match_http(director, link, random.Random(6))
    public = director.public_token(token)
    assert standings_of(director, public) == expected_standings(
        config, names, [(1, match)], [(1, bye)]
    )
    html = director.get(f"/p/{public}").get_data(as_text=True)
    assert said in text_of(html, "rule")
    lines = text_of(html, "bye-scores")
    if fair == "per-match":
        assert lines == f"Round 1, {bye}: a bye, left out (no match, no points)"
    else:
        # the round's average: 4/2/1/0 over four seats, and the table's penalty points / 4
        penalty = sum(match.totals()) / 4
        shown = f"{penalty:g}" if penalty == int(penalty) else f"{penalty:.2f}".rstrip("0")
        assert lines == (
            f"Round 1, {bye}: a bye, 1.75 placement points and a match of {shown} penalty points"
        )


# -- 23.2: a series leads on from game to game ---------------------------------------------
def test_a_series_shows_its_games_and_leads_on_to_the_next(director):
    token = director.create(
        "five-up", ["Ana", "Ben"], format="round-robin", rounds=1, series=3, target=5
    )
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    rng = random.Random(1)
    first = director.get(link).location.rsplit("/", 1)[1]
    assert text_of(director.table(first), "series-h") == "Game 1 of 3"
    assert "next-game" not in director.table(first)
    m = play_match_http(director, link, rng)
    winner = m.side_names[m.result()[1]]
    html = director.table(first)
    assert text_of(html, "series-h") == "Game 1 of 3"
    score = text_of(html, "series-score")
    assert f"{winner} 1" in score and "0" in score
    # on to game 2, through the table's link, which starts it
    nxt = re.search(r'id="next-game" href="([^"]+)"', html).group(1)
    assert nxt == link and "game 2" in text_of(html, "next-game").lower()
    second = director.get(nxt).location.rsplit("/", 1)[1]
    assert second != first
    assert text_of(director.table(second), "series-h") == "Game 2 of 3"
    # a spectator of game 1 is led to game 2's spectators' link
    read = director.read_token(first)
    spectate = director.get(f"/s/{read}").get_data(as_text=True)
    watch = re.search(r'id="next-game" href="([^"]+)"', spectate).group(1)
    assert director.get(watch).location.endswith(f"/s/{director.read_token(second)}")
    # played to its end: the series' result in games won, on the table and the event pages
    wins = Counter([winner])
    while max(wins.values()) < 2:
        m = play_match_http(director, link, rng)
        wins[m.side_names[m.result()[1]]] += 1
    champion, games = wins.most_common(1)[0][0], len(wins) and sum(wins.values())
    last = director.get(link).location.rsplit("/", 1)[1]
    html = director.table(last)
    result = f"2–{games - 2}"
    assert text_of(html, "series-over") == f"{champion} won the series, {result}."
    assert "next-game" not in html
    for page in (
        director.page(token),
        director.get(f"/p/{director.public_token(token)}").get_data(as_text=True),
    ):
        said = text_of(page, "table-1")
        assert f"won by {champion}, {result} in games" in said


def test_a_match_of_no_series_shows_none(director):
    token = director.create("five-up", ["Ana", "Ben"], format="round-robin", rounds=1, target=5)
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    play = director.get(link).location.rsplit("/", 1)[1]
    assert 'id="series"' not in director.table(play)
    assert 'id="series"' not in director.table(director.start("five-up", ["Ana", "Ben"]))
