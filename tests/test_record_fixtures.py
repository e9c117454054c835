"""Independent oracle: game records whose verdicts were worked out by hand.

Every ``tests/records/<name>.json`` is a game record (see
``docs/record-format.md``); beside it, ``<name>.expected.json`` holds the
parts of the ``check --json`` verdict that were derived by hand from the rules
(``docs/rule-ids.md``, ``docs/rules.md``), never from the engine's code.  Its ``_working`` field is
that hand working (counts after each play, settlements, charges); the test ignores it.

Sidecar shapes:

* ``{"exit": 2, ...}``: the file is not a readable record: exit status 2, one line
  of output, no traceback.
* otherwise ``ok``, ``error`` (``hand``, ``move``, ``rule``; the message is not
  compared) and, where given, ``hands``, ``totals`` and ``match``.  Exit status is
  0 when ``ok`` is true, 1 otherwise.  For a legal record ``hands`` lists every
  hand; for an illegal one it lists the hands before the illegal move (a prefix).
  Within a hand only the keys present are compared; ``points`` is compared whole
  (every side must appear), ``plays`` entry by entry, ``penalties`` as a multiset.
"""

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORDS = Path(__file__).resolve().parent / "records"
SUFFIX = ".expected.json"


def record_names():
    return sorted(
        p.name[: -len(".json")] for p in RECORDS.glob("*.json") if not p.name.endswith(SUFFIX)
    )


def run_check(path, as_json=True):
    cmd = [sys.executable, "-m", "referee", "check"]
    if as_json:
        cmd.append("--json")
    cmd.append(str(path))
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)


def load_expected(name):
    with open(RECORDS / f"{name}{SUFFIX}", encoding="utf-8") as f:
        return json.load(f)


def describe(proc):
    return (
        f"exit status {proc.returncode}\n--- stdout ---\n{proc.stdout[-3000:]}"
        f"\n--- stderr ---\n{proc.stderr[-3000:]}"
    )


def compare_plays(where, expected, actual):
    assert isinstance(actual, list), f"{where}: plays missing or not a list: {actual!r}"
    assert len(actual) == len(expected), (
        f"{where}: {len(actual)} plays reported, {len(expected)} expected\n"
        f"expected {expected}\nactual   {actual}"
    )
    for i, (exp, act) in enumerate(zip(expected, actual, strict=True)):
        got = {k: act.get(k) for k in exp}
        assert got == exp, f"{where}: play #{i + 1}: expected {exp}, got {act}"


def penalty_key(p):
    return (p.get("move"), p.get("side"), p.get("points"), p.get("rule"))


def compare_hand(where, expected, actual):
    assert isinstance(actual, dict), f"{where}: not reported"
    for key, exp in expected.items():
        if key == "plays":
            compare_plays(where, exp, actual.get("plays"))
        elif key == "penalties":
            act = actual.get("penalties")
            assert isinstance(act, list), f"{where}: penalties missing: {act!r}"
            assert Counter(map(penalty_key, act)) == Counter(map(penalty_key, exp)), (
                f"{where}: penalties\nexpected {exp}\nactual   {act}"
            )
        else:
            assert key in actual, f"{where}: field {key!r} missing (expected {exp!r})"
            assert actual[key] == exp, f"{where}: {key}: expected {exp!r}, got {actual[key]!r}"


@pytest.mark.parametrize("name", record_names())
def test_record(name):
    expected = load_expected(name)
    proc = run_check(RECORDS / f"{name}.json")
    assert "Traceback" not in proc.stderr + proc.stdout, describe(proc)

    if expected.get("exit") == 2:
        assert proc.returncode == 2, describe(proc)
        lines = [ln for ln in (proc.stdout + proc.stderr).splitlines() if ln.strip()]
        assert len(lines) == 1, "expected a one-line reason\n" + describe(proc)
        return

    want_status = 0 if expected["ok"] else 1
    assert proc.returncode == want_status, describe(proc)
    try:
        verdict = json.loads(proc.stdout)
    except ValueError:
        pytest.fail("--json output is not one JSON object\n" + describe(proc))

    assert verdict.get("ok") is expected["ok"], f"ok: {verdict.get('ok')!r}\n{proc.stdout}"

    exp_err = expected["error"]
    if exp_err is None:
        assert verdict.get("error") is None, f"unexpected error: {verdict.get('error')!r}"
    else:
        err = verdict.get("error") or {}
        got = {k: err.get(k) for k in ("hand", "move", "rule")}
        assert got == exp_err, f"error: expected {exp_err}, got {err}"

    if "hands" in expected:
        hands = verdict.get("hands")
        assert isinstance(hands, list), f"hands missing: {hands!r}"
        if expected["ok"]:
            assert len(hands) == len(expected["hands"]), (
                f"{len(hands)} hands reported, {len(expected['hands'])} expected"
            )
        else:
            assert len(hands) >= len(expected["hands"]), (
                f"{len(hands)} hands reported, at least {len(expected['hands'])} expected"
            )
        for i, exp_hand in enumerate(expected["hands"]):
            compare_hand(f"{name} hand {i + 1}", exp_hand, hands[i])

    for key in ("totals", "match"):
        if key in expected:
            assert verdict.get(key) == expected[key], (
                f"{key}: expected {expected[key]!r}, got {verdict.get(key)!r}"
            )


def test_every_record_has_a_sidecar():
    names = set(record_names())
    sidecars = {p.name[: -len(SUFFIX)] for p in RECORDS.glob("*" + SUFFIX)}
    assert names == sidecars, f"unpaired: {sorted(names ^ sidecars)}"
    assert len(names) >= 40


def test_readable_verdict_names_hand_move_and_rule():
    proc = run_check(RECORDS / "illegal_fc_lock.json", as_json=False)
    assert proc.returncode == 1, describe(proc)
    text = proc.stdout + proc.stderr
    assert "Traceback" not in text, describe(proc)
    assert re.search(r"\bhand\W{0,3}1\b", text, re.IGNORECASE), "hand 1 not named\n" + text
    assert re.search(r"\bmove\W{0,3}6\b", text, re.IGNORECASE), "move 6 not named\n" + text
    assert "FC-LOCK" in text, "rule id not named\n" + text
