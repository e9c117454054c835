"""Hostile records and links: imports that are refused with a message and store nothing,
links that cannot be tokens, record downloads whatever the names, and no Undo offered for
what cannot be taken back."""

from __future__ import annotations

import io
import json
import random
from email.message import Message
from urllib.parse import unquote

import pytest
from webhelpers import text_of

from referee.engine import record
from referee.engine.simulate import play_match


def upload(phone, body, button="carry_on"):
    if not isinstance(body, bytes):
        body = (body if isinstance(body, str) else json.dumps(body)).encode("utf-8")
    form = {button: "1", "file": (io.BytesIO(body), "match.json")}
    return phone.post("/import", form, content_type="multipart/form-data")


def rec(**fields):
    return {
        "format": "domino-record/1",
        "variant": "five-up",
        "players": ["Ana", "Ben"],
        "hands": [],
        **fields,
    }


HOSTILE = [
    ("[" * 990 + "]" * 990, "not valid JSON"),
    ('{"format": "domino-record/1", "variant": ' + "[" * 990 + "]" * 990 + "}", "nested"),
    (rec(variant=5), "variant must be a name"),
    (rec(variant=None), "variant must be a name"),
    (rec(variant=["five-up"]), "variant must be a name"),
    (rec(players=["A", "A+B", "B+C", "C"]), "'+'"),
    (rec(players=["Ana", "ana"]), "already player 1"),
    (rec(players=["Ana\nBen", "Cleo"]), "control character"),
    (rec(players=["x" * 150_000, "Ben"]), "longer than 40"),
    (rec(options={"target": 10**400}), "the target must be"),
    (rec(options={"target": 99_999_999_999}), "the target must be"),
    (rec(hands=[{"moves": []}] * 501), "at most 500 hands"),
    (
        '{"format": "domino-record/1", "variant": "five-up", "players": ["\\ud800", "B"], '
        '"hands": []}',
        "control character",
    ),
]


@pytest.mark.parametrize("button", ["carry_on", "check"])
@pytest.mark.parametrize("body,says", HOSTILE)
def test_hostile_records_are_refused_with_a_message_and_nothing_stored(
    phone, rows, body, says, button
):
    before = rows()
    r = upload(phone, body, button)
    assert r.status_code == 400
    message = text_of(r.get_data(as_text=True), "refused")
    assert message and says in message, message
    assert rows() == before


@pytest.mark.parametrize(
    "url",
    [
        "/t/%00",
        "/s/%00",
        "/t/a%00b/match",
        "/s/%00/record.json",
        "/t/%00/version",
        "/t/%00/hand/1",
        "/t/%00/undo",
        "/t/" + "a" * 65,
        "/t/%C4%8C",
    ],
)
def test_a_link_that_cannot_be_a_token_is_not_found(client, url):
    assert client.get(url).status_code == 404


def test_a_post_to_a_link_that_cannot_be_a_token_is_not_found(phone):
    r = phone.post("/t/%00/pass", {"hand": 1, "after": 0, "seat": 0})
    assert r.status_code == 404


@pytest.mark.parametrize("names", [["Čeněk", "Jiří"], ["李", "王"], ["x" * 40] * 1 + ["y" * 40]])
def test_a_record_downloads_whatever_the_players_names(phone, names):
    token = phone.start("five-up", names)
    r = phone.get(f"/t/{token}/record.json")
    assert r.status_code == 200
    assert json.loads(r.get_data(as_text=True))["players"] == names
    disposition = r.headers["Content-Disposition"]
    disposition.encode("latin-1")  # a header holds Latin-1 alone
    msg = Message()
    msg["Content-Disposition"] = disposition
    name = msg.get_filename()
    assert name.startswith("five-up-") and name.endswith(".json") and len(name) <= 85
    if not names[0].isascii():
        assert "filename*=UTF-8''" in disposition
        assert names[0] in unquote(disposition.split("filename*=UTF-8''")[1])


def test_no_undo_is_offered_for_the_settlement_of_a_full_record(phone, rows):
    match = play_match("five-up", 2, random.Random(2), {"target": 1000}, max_hands=1)
    r = upload(phone, record.to_json(match))
    token = r.location.rsplit("/", 1)[1]
    html = phone.table(token)
    assert 'id="undo-form"' not in html  # the hand is settled from its deal
    page = phone.get(f"/t/{token}/undo").get_data(as_text=True)
    assert "cannot be taken back" in text_of(page, "undo-none")
    before = rows()
    r = phone.post(f"/t/{token}/undo", {"hand": 2, "after": 0, "settled": 0})
    assert r.status_code == 409
    assert "cannot be taken back" in text_of(r.get_data(as_text=True), "refused")
    assert rows() == before
