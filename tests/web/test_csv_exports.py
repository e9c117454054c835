"""The CSV exports as a spreadsheet reads them (issue 17.12, 17.17): yes/no, integers as
integers, two decimals otherwise, and no cell a spreadsheet would run as a formula, in
standings.csv and in the event's zip alike; read back with the csv module."""

from __future__ import annotations

import csv
import io
import random
import zipfile
from fractions import Fraction

import pytest
from eventhelpers import Director, play_match_http

from referee.web.downloads import cell, csv_text

HOSTILE = ['=HYPERLINK("http://x.example","x")', "@SUM(1)", "-2*3", "Ana"]


@pytest.fixture
def director(app):
    return Director(app.test_client())


def read_csv(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text, newline="")))


def test_standings_csv_and_the_zip_neutralise_formulas_and_write_plain_values(director):
    token = director.create("five-up", HOSTILE, format="swiss", rounds=1, target=10)
    public = director.public_token(token)
    director.act(token, "pair")
    director.act(token, "start")
    rng = random.Random(5)
    for link in director.table_links(token):
        play_match_http(director, link, rng)
    r = director.get(f"/p/{public}/standings.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    text = r.get_data(as_text=True)
    rows = read_csv(text)
    assert sorted(row["entrant"] for row in rows) == sorted(
        ["'" + HOSTILE[0], "'@SUM(1)", "'-2*3", "Ana"]
    )
    for row in rows:
        assert row["withdrawn"] == "no"
        for key in (
            "rank",
            "played",
            "byes",
            "score",
            "points_for",
            "points_against",
            "difference",
            "head_to_head",
            "buchholz",
        ):
            assert row[key].lstrip("-").isdigit(), (key, row[key])  # 10, not 10.0
    assert {row["played"] for row in rows} == {"1"}
    assert any(row["difference"].startswith("-") for row in rows)  # numbers keep their sign
    z = zipfile.ZipFile(io.BytesIO(director.get(f"/p/{public}/event.zip").data))
    assert z.read("standings.csv").decode("utf-8") == text
    json_rows = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    assert sorted(x["entrant"] for x in json_rows) == sorted(HOSTILE)  # JSON as entered


@pytest.mark.parametrize("text", ["=1+1", "+1", "-2*3", "@SUM(1)", "\tx", "\rx", "＝1+1"])
def test_a_cell_a_spreadsheet_would_run_is_text(text):
    assert cell(text) == "'" + text
    back = read_csv(csv_text([{"name": text}]))
    assert back == [{"name": "'" + text}]


def test_values_as_a_spreadsheet_user_expects():
    assert [cell(v) for v in (True, False, None, 10, -5, 10.0, Fraction(5, 2), 1 / 3)] == [
        "yes",
        "no",
        "",
        "10",
        "-5",
        "10",
        "2.50",
        "0.33",
    ]
    assert [cell(v) for v in ("Ana", "Łucja Żółć", "O'Neil", "a=b")] == [
        "Ana",
        "Łucja Żółć",
        "O'Neil",
        "a=b",
    ]
    assert csv_text([]) == "" and read_csv(csv_text([], ["rank"])) == []
