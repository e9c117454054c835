"""The record fuzzer: records built from the format's shape (docs/record-format.md) and
mutations of the hand-worked records in tests/records, judged the way `python -m referee
check` judges them. Whatever the record holds, `check` exits 0, 1 or 2; at 2 it says why
on one line; never a traceback.

FUZZ_EXAMPLES sets the number of records per test (default 150, a CI-sized run);
docs/reliability.md has the figures of a larger run.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted(
    p for p in (ROOT / "tests" / "records").glob("*.json") if not p.name.endswith(".expected.json")
)
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _load(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return path.read_text(encoding="utf-8")


SEEDS = [_load(p) for p in RECORDS]

# -- what a hostile record is made of ---------------------------------------------------
NAMES = st.sampled_from(
    [
        "Ana",
        "Ben",
        "Cleo",
        "Dan",
        "ana",
        "A+B",
        "Ana\nBen",
        "",
        " ",
        "\x00",
        "Čeněk",
        "李",
        "x" * 41,
        "\u202eEvil",
        "\ud800",
    ]
)
TILES = st.sampled_from(
    [
        "6-6",
        "5-5",
        "5-0",
        "0-0",
        "9-9",
        "12-12",
        "13-1",
        "6-4",
        "64",
        "[6|4]",
        "7-x",
        "",
        "-1-2",
        "6-6-6",
        "٣-٣",
    ]
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**400), 10**400),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    NAMES,
    TILES,
    st.sampled_from(["five-up", "french-connection", "ctyrka", "penalty", "victory", "domino"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                [
                    "player",
                    "play",
                    "on",
                    "draw",
                    "pass",
                    "moves",
                    "dealt",
                    "remaining",
                    "target",
                    "scoring",
                    "x",
                ]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)
MOVES = st.one_of(
    st.fixed_dictionaries({"player": NAMES, "play": TILES}, optional={"on": TILES}),
    st.fixed_dictionaries(
        {"player": NAMES, "draw": st.one_of(st.integers(-3, 30), st.lists(TILES, max_size=3))}
    ),
    st.fixed_dictionaries({"player": NAMES, "pass": st.one_of(st.just(True), VALUES)}),
    VALUES,
)
HANDS = st.fixed_dictionaries(
    {"moves": st.lists(MOVES, max_size=12)},
    optional={
        "dealt": st.dictionaries(NAMES, st.lists(TILES, max_size=8), max_size=4),
        "remaining": st.dictionaries(NAMES, st.lists(TILES, max_size=8), max_size=4),
    },
)
SHAPED = st.fixed_dictionaries(
    {
        "format": st.one_of(st.just("domino-record/1"), VALUES),
        "variant": st.one_of(st.sampled_from(["five-up", "french-connection", "ctyrka"]), VALUES),
        "players": st.one_of(st.lists(NAMES, min_size=2, max_size=5, unique=True), VALUES),
        "hands": st.one_of(st.lists(HANDS, max_size=3), VALUES),
    },
    optional={
        "options": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "target": st.one_of(st.integers(-5, 10**12), VALUES),
                    "scoring": st.one_of(st.sampled_from(["penalty", "victory"]), VALUES),
                },
            ),
            VALUES,
        )
    },
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


@st.composite
def mutated(draw):
    """A hand-worked record with a few of its values replaced, removed or duplicated."""
    data = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    if isinstance(data, str):
        return data
    for _ in range(draw(st.integers(1, 4))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "delete", "duplicate"]))
        if how == "replace":
            parent[path[-1]] = draw(VALUES)
        elif how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
    return data


def as_text(data) -> bytes:
    if isinstance(data, str):
        return data.encode("utf-8", "surrogatepass")
    return json.dumps(data, ensure_ascii=True).encode("ascii")


def judge(path: Path, text: bytes) -> tuple[int, str, str]:
    """`check` on a record, in this process (an exception other than a verdict escapes)."""
    path.write_bytes(text)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["check", str(path)])
    return status, out.getvalue(), err.getvalue()


def assert_verdict(status: int, out: str, err: str) -> None:
    assert status in (0, 1, 2)
    if status == 2:
        assert out == "" and len(err.splitlines()) == 1 and err.startswith("error: "), err
    else:
        assert err == "" and out.splitlines()[-1].startswith(("OK:", "ILLEGAL:"))
    assert "Traceback" not in out + err


@SETTINGS
@given(data=mutated())
def test_mutated_records_get_a_verdict(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("r") / "record.json"
    assert_verdict(*judge(path, as_text(data)))


@SETTINGS
@given(data=SHAPED)
def test_records_of_the_spec_shape_get_a_verdict(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("r") / "record.json"
    assert_verdict(*judge(path, as_text(data)))


@SETTINGS
@given(
    text=st.one_of(
        st.binary(max_size=200),
        st.text(max_size=200),
        st.integers(1, 5000).map(lambda n: "[" * n + "]" * n),
        st.integers(1, 5000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    )
)
def test_any_bytes_get_a_verdict(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("r") / "record.json"
    assert_verdict(
        *judge(path, text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    )


def test_the_command_itself_answers_on_one_line(tmp_path):
    """A few hostile records through the real command: exit status and output as above."""
    samples = [
        '{"format": "domino-record/1", "variant": 5, "players": ["A", "B"], "hands": []}',
        "[" * 100_000,
        json.dumps(
            {
                "format": "domino-record/1",
                "variant": "five-up",
                "players": ["A\nB", "C"],
                "hands": [],
            }
        ),
        (ROOT / "docs" / "examples" / "spec-example.json").read_text(encoding="utf-8"),
    ]
    for i, text in enumerate(samples):
        path = tmp_path / f"r{i}.json"
        path.write_text(text, encoding="utf-8")
        r = subprocess.run(
            [sys.executable, "-m", "referee", "check", str(path)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert_verdict(r.returncode, r.stdout, r.stderr)
