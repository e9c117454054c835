"""scripts/page_snapshot.py renders the same pages at every run (seeded links, masked CSRF
tokens and times), so that comparing two runs shows what a change of the code changed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "page_snapshot.py"


def _snapshot():
    spec = importlib.util.spec_from_file_location("page_snapshot", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_snapshot_is_the_same_at_every_run():
    snapshot = _snapshot()
    first, second = snapshot.pages(), snapshot.pages()
    assert first == second
    assert first["five-up_s_play"].startswith("404")  # the spectators' link records nothing
    assert first["five-up_s_undo"].startswith("404")
    assert first["five-up_t_record"].startswith("200\nContent-Type: application/json")
    assert 'filename="five-up-Ana-Ben.json"' in first["five-up_t_record"]
    assert "CSRF" in first["five-up_t_table"] and "TIME" in first["event_director"]
