"""docs/record-format.md is the record format and the `check` verdict the engine has: the
fields it lists are the ones the engine reads and `check --json` prints, no more, no less."""

from __future__ import annotations

import json
import re
from pathlib import Path

from referee.engine import Match, check, record
from referee.engine.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "record-format.md"
EXAMPLE = ROOT / "docs" / "examples" / "spec-example.json"
RECORDS = ROOT / "tests" / "records"


def tables() -> dict[tuple[str, str], list[list[str]]]:
    """The doc's tables by (section heading, first column's title): their rows' cells."""
    found: dict[tuple[str, str], list[list[str]]] = {}
    section, rows = "", None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        if not line.startswith("|"):
            rows = None
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if rows is None:
            rows = found.setdefault((section, cells[0]), [])
        elif not set(cells[0]) <= set("-: "):
            rows.append(cells)
    return found


def names(cell: str) -> list[str]:
    """The field names a first cell gives: `a`, `b.c`, or the keys of `{"play": T}`."""
    out = []
    for code in re.findall(r"`([^`]+)`", cell):
        out += re.findall(r'"(\w+)"', code) if code.startswith("{") else [code]
    return out


def column(section: str, title: str) -> set[str]:
    return {n for row in tables()[section, title] for n in names(row[0])}


def builtin_variants() -> set[str]:
    return {n for n, v in VARIANTS.items() if type(v).__module__.startswith("referee.engine.")}


def test_the_record_fields_are_the_ones_the_engine_reads():
    fields = column("The record", "field")
    assert fields == record.TOP_FIELDS | {f"hands[].{f}" for f in record.HAND_FIELDS}


def test_the_moves_are_the_ones_the_engine_reads():
    keys = column("The record", "move")
    assert keys == set().union(*record.MOVE_FIELDS_OF.values()) - {"player"}
    assert "Each move names its `player`" in DOC.read_text(encoding="utf-8")


def test_the_variants_and_their_options_are_the_engines():
    (row,) = [r for r in tables()["The record", "field"] if r[0] == "`variant`"]
    assert set(re.findall(r'`"([a-z-]+)"`', row[1])) == builtin_variants()
    players = ["Ana", "Ben", "Cleo", "Dan"]
    options = set().union(*(Match(v, players).options for v in builtin_variants()))
    assert column("The record", "option") == options


def verdicts() -> list[dict]:
    out = []
    for path in [EXAMPLE, *sorted(RECORDS.glob("*.json"))]:
        if path.name.endswith(".expected.json"):
            continue
        try:
            out.append(check.verdict(record.loads(path.read_bytes())))
        except record.RecordError:
            continue
    return out


def test_the_verdict_fields_are_the_ones_check_prints():
    printed = set()
    for v in verdicts():
        printed |= {k for k in v if k not in ("hands", "match")}
        printed |= {f"match.{k}" for k in v["match"]}
        printed |= {f"hands[].{k}" for h in v["hands"] for k in h}
    assert len(verdicts()) >= 40
    assert column("The `check` command", "field") == printed


def test_the_error_names_what_check_prints_of_it():
    (row,) = [r for r in tables()["The `check` command", "field"] if r[0] == "`error`"]
    errors = [v["error"] for v in verdicts() if v["error"]]
    assert errors and all(set(e) == {"hand", "move", "rule", "message"} for e in errors)
    assert all(f"`{k}`" in row[1] for k in errors[0])


def test_the_doc_s_example_is_the_example_record():
    blocks = re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert json.loads(blocks[0]) == json.loads(EXAMPLE.read_text(encoding="utf-8"))
    verdict = check.verdict(record.loads(blocks[0]))
    assert verdict["error"]["rule"] == "FU-DRAW"  # what the doc says of it
    assert set(json.loads(blocks[1])) == set(verdict)
