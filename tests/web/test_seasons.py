"""Seasons through HTTP: the secretary makes a season of club nights, events join it (when
they are made, or later on the secretary's page), the nights are played, and the season's
table (best N of M nights, points by place, attendance) is right, worked out by hand."""

from __future__ import annotations

import csv
import io
import re

import pytest
from eventhelpers import Director
from memberhelpers import Secretary, secretary_link
from webhelpers import text_of


@pytest.fixture
def club(app):
    client = app.test_client()
    return Secretary(client, secretary_link(app)), Director(client)


def make_season(secretary: Secretary, status: int = 302, **form) -> int | None:
    r = secretary.post(f"/club/{secretary.key}/seasons", form)
    assert r.status_code == status, r.get_data(as_text=True)[:2000]
    if status != 302:
        return None
    return int(re.search(r"/seasons/(\d+)$", r.location).group(1))


def tables_of(page: str) -> list[tuple[list[str], int]]:
    """The director's page's tables of the current round: (the sides' names, table id)."""
    out = []
    for seg in re.split(r'(?=<li id="table-)', page)[1:]:
        names = re.findall(r'class="side">([^<]+?)\s*(?:<b>|</span>)', seg)
        manage = re.findall(r'/tables/(\d+)"', seg)  # the table's own page
        out.append((names, int(manage[0])))
    return out


def play_night(director: Director, names: list[str], scores: dict, **form) -> str:
    """A one-round Five-Up night of four (round robin: 1 v 4, 3 v 2), each table's result
    the director's score (`scores`: the table's two names -> their scores)."""
    token = director.create("five-up", names, format="round-robin", rounds=1, target=10, **form)
    director.act(token, "pair")
    director.act(token, "start")
    tables = tables_of(director.page(token))
    assert [t[0] for t in tables] == [[names[0], names[3]], [names[2], names[1]]]
    for sides, table_id in tables:
        director.act(token, f"tables/{table_id}/forfeit", {"score": scores[tuple(sides)]})
    return token


def season_rows(html: str) -> list[list[str]]:
    rows = re.findall(r'<tr class="season-row">(.*?)</tr>', html, re.S)
    return [
        [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r)]
        for r in rows
    ]


def test_season_of_four_club_nights_best_three_counts_by_place(club):
    secretary, director = club
    for name in ("Ana", "Ben", "Cleo", "Dan", "Eve"):
        secretary.add(name)
    page = secretary.roster()
    assert f"/club/{secretary.key}/seasons" in page  # the secretary's link to seasons
    season = make_season(
        secretary, name="Winter 2026", points="places", places="10-8-6-5-4-3-2-1", best="3"
    )
    # nights 1 and 2 choose the season when they are made; 3 and 4 are put in it later
    play_night(
        director,
        ["Ana", "Ben", "Cleo", "Dan"],
        {("Ana", "Dan"): ["10", "0"], ("Cleo", "Ben"): ["3", "10"]},
        season=season,
        name="Night 1",
    )
    play_night(
        director,
        ["Ben", "Cleo", "Eve", "Ana"],
        {("Ben", "Ana"): ["10", "0"], ("Eve", "Cleo"): ["10", "0"]},
        season=season,
        name="Night 2",
    )
    play_night(
        director,
        ["Ana", "Eve", "Dan", "Ben"],
        {("Ana", "Ben"): ["10", "2"], ("Dan", "Eve"): ["10", "5"]},
        name="Night 3",
    )
    play_night(
        director,
        ["Cleo", "Dan", "Eve", "Ana"],
        {("Cleo", "Ana"): ["10", "4"], ("Eve", "Dan"): ["10", "1"]},
        name="Night 4",
    )
    manage = secretary.get(f"/club/{secretary.key}/seasons/{season}").get_data(as_text=True)
    free = dict(
        (name, int(i)) for i, name in re.findall(r'<option value="(\d+)">([^<(]+?) \(', manage)
    )
    assert "Night 1" not in free and "Night 2" not in free  # in the season already
    for night in ("Night 3", "Night 4"):
        r = secretary.post(f"/club/{secretary.key}/seasons/{season}/events", {"event": free[night]})
        assert r.status_code == 302, r.get_data(as_text=True)[:2000]

    # worked out by hand (win 2, loss 0, then points for minus against):
    # night 1: Ana +10 (1st, 10), Ben +7 (2nd, 8), Cleo -7 (3rd, 6), Dan -10 (4th, 5)
    # night 2: Ben and Eve +10, level first: (10 + 8) / 2 = 9 each; Ana and Cleo -10,
    #          level third: (6 + 5) / 2 = 5.5 each
    # night 3: Ana +8 (10), Dan +5 (8), Eve -5 (6), Ben -8 (5)
    # night 4: Eve +9 (10), Cleo +6 (8), Ana -6 (6), Dan -9 (5)
    # best 3 of 4: Ana 10 + 10 + 6 = 26 (her 5.5 does not count), Eve 9 + 6 + 10 = 25,
    # Ben 8 + 9 + 5 = 22, Cleo 6 + 5.5 + 8 = 19.5, Dan 5 + 8 + 5 = 18
    html = director.get(f"/season/{season}").get_data(as_text=True)
    assert season_rows(html) == [
        ["1", "Ana", "10", "5.5", "10", "6", "26", "4"],
        ["2", "Eve", "–", "9", "6", "10", "25", "3"],
        ["3", "Ben", "8", "9", "5", "–", "22", "3"],
        ["4", "Cleo", "6", "5.5", "–", "8", "19.5", "3"],
        ["5", "Dan", "5", "–", "8", "5", "18", "3"],
    ]
    ana = re.search(r'<tr class="season-row">.*?</tr>', html, re.S).group(0)
    assert "<s " in ana and ">5.5</s>" in ana  # the night that does not count, struck out
    assert "10-8-6-5-4-3-2-1" in text_of(html, "season-rule")

    r = director.get(f"/season/{season}.csv")
    assert r.status_code == 200 and "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    assert [(x["place"], x["player"], x["total"], x["nights"]) for x in rows] == [
        ("1", "Ana", "26", "4"),
        ("2", "Eve", "25", "3"),
        ("3", "Ben", "22", "3"),
        ("4", "Cleo", "19.5", "3"),
        ("5", "Dan", "18", "3"),
    ]
    assert rows[0]["2. Night 2"] == "5.5" and rows[0]["1. Night 1"] == "10*"

    # a night taken out of the season leaves its table (nothing stored: it is recomputed):
    # nights 1, 2 and 4, best 3 of 3: Ana 10 + 5.5 + 6, Cleo 6 + 5.5 + 8, Eve 9 + 10
    night3 = free["Night 3"]
    r = secretary.post(f"/club/{secretary.key}/seasons/{season}/events/{night3}/remove")
    assert r.status_code == 302
    html = director.get(f"/season/{season}").get_data(as_text=True)
    assert season_rows(html)[:3] == [
        ["1", "Ana", "10", "5.5", "6", "21.5", "3"],
        ["2", "Cleo", "6", "5.5", "8", "19.5", "3"],
        ["3", "Eve", "–", "9", "10", "19", "2"],
    ]
    log = secretary.roster()
    assert "Night 3 taken out of the season Winter 2026" in log
    assert "Night 3 put in the season Winter 2026" in log


def test_season_counts_each_nights_own_points_and_every_night(club):
    secretary, director = club
    season = make_season(secretary, name="Summer", points="own", places="", best="")
    play_night(
        director,
        ["Ana", "Ben", "Cleo", "Dan"],
        {("Ana", "Dan"): ["10", "0"], ("Cleo", "Ben"): ["3", "10"]},
        season=season,
    )
    play_night(
        director,
        ["Ana", "Ben", "Cleo", "Dan"],
        {("Ana", "Dan"): ["10", "0"], ("Cleo", "Ben"): ["10", "3"]},
        season=season,
    )
    # the nights' own match points (win 2): Ana 2 + 2, Ben 2 + 0, Cleo 0 + 2, Dan 0 + 0
    rows = season_rows(director.get(f"/season/{season}").get_data(as_text=True))
    assert [(r[0], r[1], r[-2]) for r in rows] == [
        ("1", "Ana", "4"),
        ("2", "Ben", "2"),
        ("2", "Cleo", "2"),
        ("4", "Dan", "0"),
    ]


def test_a_night_still_in_progress_counts_as_provisional_on_the_page_and_csv(club):
    """The season's table counted a night still in progress as if it were over: it says
    which nights are provisional, on the page and in the CSV, until they are finished."""
    secretary, director = club
    season = make_season(secretary, name="Spring", places="10-8-6-5", best="")
    night = director.create("five-up", ["Ana", "Ben", "Cleo", "Dan"], format="swiss",
                            rounds=3, target=10, season=season, name="Night 1")  # fmt: skip
    director.act(night, "pair")
    director.act(night, "start")
    page = director.page(night)
    first, *_ = tables_of(page)
    director.act(night, f"tables/{first[1]}/forfeit", {"score": ["10", "0"]})
    html = director.get(f"/season/{season}").get_data(as_text=True)
    assert "Night 1 is still in progress" in text_of(html, "provisional")
    assert "in progress: provisional" in text_of(html, "season-nights")
    rows = season_rows(html)
    assert rows[0][1] == first[0][0] and rows[0][-2].endswith("†")
    r = director.get(f"/season/{season}.csv")
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True))))
    assert "1. Night 1 (provisional)" in rows[0] and rows[0]["provisional"] == "yes"
    director.act(night, "finish")
    html = director.get(f"/season/{season}").get_data(as_text=True)
    assert text_of(html, "provisional") is None and "†" not in html
    rows = list(csv.DictReader(io.StringIO(director.get(f"/season/{season}.csv").get_data(True))))
    assert "1. Night 1" in rows[0] and rows[0]["provisional"] == ""


def test_season_refuses_bad_settings_and_unknown_pages(club, app):
    secretary, director = club
    make_season(secretary, 400, name="", points="places", places="10-8", best="")
    make_season(secretary, 400, name="X", points="places", places="10-x", best="")
    make_season(secretary, 400, name="X", points="places", places="5-8", best="")
    make_season(secretary, 400, name="X", points="places", places="10-8", best="0")
    assert director.get("/season/999").status_code == 404
    assert director.get("/club/not-the-key/seasons").status_code == 404
    r = director.post(
        "/events/new",
        {"variant": "five-up", "name": "N", "format": "swiss", "entrants": "A\nB", "season": "9"},
    )
    assert r.status_code == 400


def test_season_pages_in_polish_and_czech(club):
    secretary, director = club
    season = make_season(secretary, name="Zima", points="places", places="3-2-1", best="2")
    for lang, word in (("pl", "Sezon"), ("cs", "Sezóna")):
        html = director.get(f"/season/{season}", headers={"Accept-Language": lang}).get_data(
            as_text=True
        )
        assert word in html
