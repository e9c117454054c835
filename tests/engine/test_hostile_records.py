"""Hostile players and records: one name rule (C-NAMES) wherever names enter, bounded
options, capped records, and `check` answering on one line whatever the record holds."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine import Match, RecordError, SetupError, check, record
from referee.engine.names import NAME_MAX, faults
from referee.engine.record import MAX_HANDS, MAX_MOVES
from referee.engine.variants.base import TARGET_MAX

ROOT = Path(__file__).resolve().parents[2]


def rec(players=("Ana", "Ben"), variant="five-up", hands=(), **extra) -> dict:
    return {
        "format": "domino-record/1",
        "variant": variant,
        "players": list(players),
        "hands": list(hands),
        **extra,
    }


@pytest.mark.parametrize(
    "players,seat,says",
    [
        (["A", "A+B", "B+C", "C"], 1, "'+'"),
        (["Ana", "ana"], 1, "already player 1"),
        (["ANA", "Ben", "ａｎａ"], 2, "already player 1"),
        (["Ana\nBen", "Cleo"], 0, "U+000A"),
        (["Ana", "Ben\x00"], 1, "U+0000"),
        (["Ana", "Be\u202en"], 1, "U+202E"),
        (["x" * (NAME_MAX + 1), "Ben"], 0, f"longer than {NAME_MAX}"),
        (["Ana", "   "], 1, "Enter a name for player 2"),
        (["Ana", "An\u200ba"], 1, "already player 1"),  # a zero-width space: the same name
        (["Ana", "Ben", "\u00ad\u200d\ufeff"], 2, "Enter a name for player 3"),  # nothing seen
    ],
)
def test_names_that_break_c_names_are_refused_with_the_seat(players, seat, says):
    with pytest.raises(SetupError) as e:
        Match("ctyrka", players)
    assert (e.value.field, e.value.rule, e.value.seat) == ("players", "C-NAMES", seat)
    assert says in e.value.message and "\n" not in e.value.message
    assert seat in faults(players)


def test_good_names_pass_and_are_trimmed():
    assert Match("five-up", [" Čeněk ", "Jiří", "李", "x" * NAME_MAX]).players[0] == "Čeněk"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # an emoji joined by ZWJ: allowed
    assert faults([family, "Ben"]) == {}
    assert faults(["Ana", "Ben"]) == {}


@pytest.mark.parametrize(
    "options,field",
    [
        ({"target": 10**400}, "target"),
        ({"target": 99_999_999_999}, "target"),
        ({"target": TARGET_MAX + 1}, "target"),
        ({"target": 0}, "target"),
        ({"target": 1.5}, "target"),
        ({"target": True}, "target"),
        ({"scoring": ["penalty"]}, "scoring"),
        ({"colour": "red"}, "options"),
    ],
)
def test_options_out_of_bounds_are_refused(options, field):
    with pytest.raises(SetupError) as e:
        Match("ctyrka", ["Ana", "Ben"], options)
    assert e.value.field == field and len(e.value.message) < 200
    assert Match("ctyrka", ["Ana", "Ben"], {"target": TARGET_MAX}).options["target"] == TARGET_MAX


@pytest.mark.parametrize(
    "data,says",
    [
        (rec(variant=5), "variant must be a name"),
        (rec(variant=None), "variant must be a name"),
        (rec(variant=["five-up"]), "variant must be a name"),
        (rec(players=["A", "A+B", "B+C", "C"]), "'+'"),
        (rec(players=["Ana", "ana"]), "already player 1"),
        (rec(players=["x" * 150_000, "Ben"]), f"longer than {NAME_MAX}"),
        (rec(options={"target": 10**400}), "the target must be"),
        (rec(hands=[{"moves": []}] * (MAX_HANDS + 1)), f"at most {MAX_HANDS} hands"),
        (
            rec(hands=[{"moves": [{"player": "Ana", "pass": True}] * (MAX_MOVES + 1)}]),
            f"at most {MAX_MOVES} moves",
        ),
        (rec(format=[[[[[]]]]] * 1000), "format must be"),
    ],
)
def test_unreadable_records_are_refused(data, says):
    with pytest.raises(RecordError) as e:
        check.verdict(record.parse(data))
    assert says in str(e.value) and len(str(e.value)) < 300


def run_check(tmp_path, data) -> subprocess.CompletedProcess:
    path = tmp_path / "r.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "referee", "check", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "data",
    [
        rec(variant=5),
        rec(variant=None),
        rec(variant=["five-up"]),
        rec(variant={"a": 1}),
        rec(players=["Ana\nILLEGAL: hand 1", "Ben"]),
        rec(hands=[{"moves": [{"player": "Ana\nBen", "pass": True}]}]),
        rec(hands=[{"dealt": {"Ana\nx": "6-6"}, "moves": []}]),
    ],
)
def test_check_refuses_on_one_line_with_exit_2(tmp_path, data):
    r = run_check(tmp_path, data)
    assert r.returncode == 2, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and r.stdout == ""
    assert "Traceback" not in r.stderr
