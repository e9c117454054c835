"""The table page with everything it loads weighs at most 50 KB (raw bytes), for every
variant and set, double-twelve included, and loads nothing from any other host: the same
measurement as `scripts/page_weight.py`, which prints the figures."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from referee.languages import TRANSLATED

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "page_weight.py"


def load_script():
    spec = importlib.util.spec_from_file_location("page_weight", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_page_weighs_at_most_50_kb():
    pw = load_script()
    assert pw.LIMIT == 50 * 1024
    results = pw.measure()  # exits (SystemExit) if a page loads anything from elsewhere
    assert {r["table"] for r in results} == {t[0] for t in pw.TABLES}
    for r in results:
        kinds = {f["type"] for f in r["files"]}
        assert {"text/html", "text/css", "text/javascript", "image/svg+xml"} <= kinds, r
        assert r["raw"] <= pw.LIMIT, pw.report([r])
        assert r["sent"] < r["raw"] / 2  # compressed on the way
    assert "Heaviest:" in pw.report(results)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_table_page_stays_within_50_kb_in_every_language(lang):
    pw = load_script()
    results = pw.measure(lang)
    for r in results:
        assert r["lang"] == lang, r["table"]
        assert r["raw"] <= pw.LIMIT, pw.report([r])
