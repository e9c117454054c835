"""Hostile input on the start form and the table's forms: the engine's name rule
(C-NAMES) next to each field, bounded numbers, a message for every refusal, nothing stored."""

from __future__ import annotations

import pytest
from webhelpers import text_of

from referee.engine.names import NAME_MAX


def start(phone, variant, names, **fields):
    data = {f"names-{i}": n for i, n in enumerate(names)}
    data["count"] = len(names)
    data.update(fields)
    return phone.post(f"/new/{variant}", data)


@pytest.mark.parametrize(
    "names,seat,says",
    [
        (["Ana", "ana"], 1, "'ana' is already player 1 ('Ana')"),
        (["A", "A+B", "B+C", "C"], 1, "'+'"),
        (["Ana\nBen", "Cleo"], 0, "control character"),
        (["x" * (NAME_MAX + 1), "Ben"], 0, f"longer than {NAME_MAX}"),
        (["Ana", ""], 1, "Enter a name for player 2"),
    ],
)
def test_the_start_form_refuses_names_as_the_engine_does(phone, rows, names, seat, says):
    before = rows()
    r = start(phone, "five-up", names)
    assert r.status_code == 400
    errors = text_of(r.get_data(as_text=True), f"names-{seat}-errors")
    assert errors and says in errors
    assert rows() == before


@pytest.mark.parametrize("target", ["9" * 309, "99999999999", "1001", "0", "-5"])
def test_the_start_form_bounds_the_target(phone, rows, target):
    before = rows()
    r = start(phone, "five-up", ["Ana", "Ben"], target=target)
    assert r.status_code == 400
    assert text_of(r.get_data(as_text=True), "target-errors")
    assert rows() == before


def test_an_invalid_scoring_is_said_next_to_the_field(phone, rows):
    before = rows()
    r = start(phone, "ctyrka", ["Ana", "Ben"], scoring="sudden-death")
    assert r.status_code == 400
    assert "penalty" in text_of(r.get_data(as_text=True), "scoring-errors")
    assert rows() == before
    # a scoring sent to a variant without it is ignored
    assert start(phone, "five-up", ["Ana", "Ben"], scoring="x").status_code == 302


@pytest.mark.parametrize("field", ["after", "hand"])
def test_a_huge_number_in_a_table_form_is_refused_with_a_message(phone, rows, field):
    token = phone.start("five-up", ["Ana", "Ben"])
    before = rows()
    data = {"hand": 1, "after": 0, "seat": 0, "tile": "5-5", field: "9" * 309}
    r = phone.post(f"/t/{token}/play", data)
    assert r.status_code == 400
    assert "digits" in text_of(r.get_data(as_text=True), "refused")
    assert rows() == before
