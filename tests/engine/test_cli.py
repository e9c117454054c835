"""`python -m referee`: exit statuses and output that users and scripts rely on."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "spec-example.json"


def run(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        **kw,
    )


def test_check_names_hand_move_and_rule_of_an_illegal_move():
    r = run("check", str(EXAMPLE))
    assert r.returncode == 1
    assert "ILLEGAL: hand 1, move 5" in r.stdout and "FU-DRAW" in r.stdout


def test_check_json_verdict_of_the_spec_example():
    r = run("check", "--json", str(EXAMPLE))
    verdict = json.loads(r.stdout)
    assert r.returncode == 1 and verdict["ok"] is False
    assert verdict["error"]["hand"] == 1 and verdict["error"]["move"] == 5
    assert verdict["hands"][0]["points"] == {"Ana+Cleo": 2, "Ben+Dan": 2}
    assert verdict["hands"][0]["plays"][:2] == [
        {"move": 1, "count": 10, "points": 2},
        {"move": 2, "count": 10, "points": 2},
    ]


@pytest.mark.parametrize(
    "text,says",
    [
        ("{", "not valid JSON"),
        ("[" * 100000 + "]" * 100000, "not valid JSON"),
        (
            '{"format": "domino-record/1", "variant": "poker", "players": ["A", "B"], "hands": []}',
            "unknown variant",
        ),
        (
            '{"format": "domino-record/1", "variant": "five-up", "players": ["A", "B"], "hands": '
            '[{"moves": [{"player": "A", "play": "7-x"}]}]}',
            "hand 1, move 1: unreadable tile",
        ),
        (
            '{"format": "domino-record/1", "variant": "five-up", "players": ["A", "B"], "hands": '
            '[{"moves": [{"player": "Zed", "pass": true}]}]}',
            "unknown player 'Zed'",
        ),
        (
            '{"format": "domino-record/1", "variant": "french-connection", "players": ["A", "B"], '
            '"hands": []}',
            "French Connection is played by 4 players, not 2",
        ),
    ],
)
def test_unreadable_records_exit_2_with_one_line_and_no_traceback(tmp_path, text, says):
    path = tmp_path / "r.json"
    path.write_text(text)
    r = run("check", str(path))
    assert r.returncode == 2
    assert says in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr + r.stdout


def test_check_a_missing_file_exits_2():
    r = run("check", "/nonexistent/record.json")
    assert r.returncode == 2 and "cannot read" in r.stderr


def test_bench_json_has_the_figures_of_every_variant():
    r = run("bench", "--json", "--seconds", "0.3")
    figures = json.loads(r.stdout)
    for key in ("hands_per_s", "replay_ms"):
        assert set(figures[key]) == set(VARIANTS)
        assert all(v > 0 for v in figures[key].values())


def test_rules_prints_the_rulebook():
    r = run("rules")
    assert r.returncode == 0 and "### FC-LOCK" in r.stdout


RECORDS = ROOT / "tests" / "records"


@pytest.mark.parametrize(
    "name,line",
    [
        # a Čtyřka deal with no double is dealt again, never played (CT-LEAD)
        ("illegal_ct_lead_no_double", "hand 1, move 1 (rule CT-LEAD). Nobody was dealt a double"),
        # a lead of a tile nobody was dealt: the fault is holding it
        ("illegal_c_hold_undealt", "hand 1, move 1 (rule C-HOLD). Ana does not hold 5-5"),
        # the rightful leader (the last winner) leads another player's tile: C-HOLD, naming him
        (
            "illegal_fu_lead_not_held",
            "hand 2, move 1 (rule C-HOLD). Ben leads this hand, but does not hold 5-2",
        ),
        (
            "illegal_fc_pose_not_held",
            "hand 2, move 1 (rule C-HOLD). Dan poses this hand, but does not hold 6-6",
        ),
    ],
)
def test_check_judges_a_full_record_s_bad_lead_in_one_line(name, line):
    r = run("check", str(RECORDS / f"{name}.json"))
    assert r.returncode == 1, r.stderr
    assert "Traceback" not in r.stdout + r.stderr and not r.stderr
    illegal = [ln for ln in r.stdout.splitlines() if ln.startswith("ILLEGAL")]
    assert len(illegal) == 1 and line in illegal[0], r.stdout
    rule = json.loads((RECORDS / f"{name}.expected.json").read_text())["error"]["rule"]
    assert f"(rule {rule})" in illegal[0]


@pytest.mark.parametrize("args", [("rules",), ("check", "--json", str(EXAMPLE))])
def test_a_reader_that_has_gone_gets_no_traceback(args):
    """`python -m referee rules | head -1`: the pipe is closed before the output is written
    (here before the command starts: its reading end is closed at once)."""
    read, write = os.pipe()
    os.close(read)
    try:
        r = subprocess.run(
            [sys.executable, "-m", "referee", *args],
            cwd=ROOT,
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
