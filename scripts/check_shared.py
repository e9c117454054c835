#!/usr/bin/env python3
"""scripts/check_shared.py [SHARED-DIR]
Compare the repository's own docs with the texts the project was given, where they sit
beside the clone (`../shared`, or SHARED-DIR): docs/rule-ids.md with shared/rulings.md
(the same rule ids, in the same order, under the same variant, of the same kind), and
docs/record-format.md with shared/spec/record-format.md (the same record, move, option and
verdict fields, the same variants, the same example record). The test suite reads only
the repository's docs; `.ci/run` runs this after it. Standard library only. Exit status 0
when they agree (or when there is no shared/ to compare with: it says so), 1 when not.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = r"(?:C|FU|FC|CT)(?:-[A-Z]+)+"
OURS = "(this project)"  # a row of ours that describes something the project adds


def rule_ids(text: str, skip_project: bool) -> list[tuple[str, str | None, str]]:
    """(id, base kind, section's variant) of each rule id written **ID**, in order; the kind
    is the *(seed)*, *(ruling)*... after it, None when there is none (an id named inside
    another ruling, as rulings.md names FC-NODRAW)."""
    out, seen, variant = [], set(), None
    for line in text.splitlines():
        if line.startswith("## "):
            named = re.search(r"\(`([a-z-]+)`\)", line)
            variant = named.group(1) if named else "common"
        for m in re.finditer(rf"\*\*({RULE_ID})\*\*(?: \*\(([^)]*)\)\*)?", line):
            kind = re.split(r",| \+ ", m.group(2))[0] if m.group(2) else None
            if m.group(1) not in seen and not (skip_project and kind == "project"):
                seen.add(m.group(1))
                out.append((m.group(1), kind, variant))
    return out


def table_fields(text: str) -> set[str]:
    """The names in the first cell of every table row (`a`, `b.c`, the keys of
    `{"play": T}`), leaving out the rows that describe what the project adds."""
    out: set[str] = set()
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 2 or cells[1].startswith(f"*{OURS}*") or set(cells[0]) <= set("-: "):
            continue
        for code in re.findall(r"`([^`]+)`", cells[0]):
            out |= set(re.findall(r'"(\w+)"', code)) if code.startswith("{") else {code}
    return out


def last_name(field: str) -> str:
    """`hands[].settled` -> `settled`."""
    return re.split(r"[.\]]", field)[-1]


def variants(text: str) -> set[str]:
    row = next(ln for ln in text.splitlines() if ln.startswith("| `variant` |"))
    return set(re.findall(r'`"([a-z-]+)"`', row))


def json_blocks(text: str) -> list:
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]


def compare(shared: Path) -> list[str]:
    """What differs, one sentence each."""
    problems = []
    theirs = rule_ids((shared / "rulings.md").read_text(encoding="utf-8"), skip_project=False)
    ours = rule_ids((ROOT / "docs" / "rule-ids.md").read_text(encoding="utf-8"), True)
    if [r[0] for r in ours] != [r[0] for r in theirs]:
        missing = [r[0] for r in theirs if r[0] not in {o[0] for o in ours}]
        extra = [r[0] for r in ours if r[0] not in {t[0] for t in theirs}]
        problems.append(
            f"rule ids: docs/rule-ids.md lacks {missing}, adds {extra} (or the order differs)"
        )
    for a, b in zip(ours, theirs, strict=False):
        if a[0] == b[0] and (a[2] != b[2] or (b[1] is not None and a[1] != b[1])):
            problems.append(f"{a[0]}: docs/rule-ids.md says {a[1:]}, rulings.md {b[1:]}")

    spec = (shared / "spec" / "record-format.md").read_text(encoding="utf-8")
    doc = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
    theirs_f, ours_f = table_fields(spec), table_fields(doc)
    if theirs_f - ours_f:
        problems.append(f"record-format.md lacks the fields {sorted(theirs_f - ours_f)}")
    # a field of ours that the spec has no table row for must be one its text names
    unnamed = [f for f in ours_f - theirs_f if '"' + last_name(f) + '"' not in spec]
    if unnamed:
        problems.append(f"record-format.md has fields the spec does not: {sorted(unnamed)}")
    if not variants(spec) <= variants(doc):  # a new game adds its id beside the spec's
        problems.append(
            f"variants: {sorted(variants(doc))} lack the spec's {sorted(variants(spec))}"
        )
    ours_j, theirs_j = json_blocks(doc), json_blocks(spec)
    if ours_j[0] != theirs_j[0]:
        problems.append("the example record differs from the spec's")
    if set(ours_j[1]) != set(theirs_j[1]):
        problems.append("the example verdict's fields differ from the spec's")
    return problems


def main(argv: list[str]) -> int:
    shared = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared"
    if not (shared / "rulings.md").is_file():
        print(f"check_shared: no {shared}/rulings.md beside the clone: nothing to compare")
        return 0
    problems = compare(shared)
    for p in problems:
        print(f"check_shared: {p}", file=sys.stderr)
    if not problems:
        print(f"check_shared: docs/rule-ids.md and docs/record-format.md agree with {shared}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
