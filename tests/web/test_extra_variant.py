"""A variant the app does not have, added as one module from outside the code
(tests/extra_variant.py, the Block Game: rules BG-*, texts in tests/extra_variant_texts/):
registered, it is played through the start form, the table screen, `check` and an event's
pairing, with no change anywhere else (docs/architecture.md, "Registries")."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from eventhelpers import Director
from webhelpers import text_of

from referee.engine.variants import ENVIRONMENT, VARIANTS, register, unregister

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
# Ana leads 6-6 (a spinner), Ben lays 6-5 on it, both pass: blocked. What they hold then
# fits nowhere they could have laid it (no false pass), Ana's 12 pips against Ben's 27.
HAND = "Ana 6-6; Ben 6-5 on 6-6; Ana pass; Ben pass"
LEFT = {"Ana": "0-0 1-0 1-1 2-0 2-1 2-2", "Ben": "3-0 3-1 3-2 3-3 4-0 4-1"}


@pytest.fixture
def block(monkeypatch):
    """The Block Game registered for this test (its module imported from tests/, which
    registers it), and taken out of the registry afterwards."""
    monkeypatch.syspath_prepend(str(TESTS))
    variant = register(importlib.import_module("extra_variant").VARIANT)
    yield variant
    unregister(variant.name)


def check(path: Path, *args: str, extra: bool = True) -> subprocess.CompletedProcess:
    """`python -m referee check` in a process of its own: the Block Game registered by
    REFEREE_VARIANTS (tests/ on the path), as a club would add a variant."""
    env = {k: v for k, v in os.environ.items() if k not in (ENVIRONMENT, "PYTHONPATH")}
    if extra:
        env |= {
            ENVIRONMENT: "extra_variant",
            "PYTHONPATH": os.pathsep.join([str(TESTS), str(ROOT)]),
        }
    return subprocess.run(
        [sys.executable, "-m", "referee", "check", *args, str(path)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=env,
    )


def test_the_block_game_is_played_at_a_table_and_checked(block, phone, tmp_path):
    home = phone.get("/").get_data(as_text=True)
    assert 'id="start-block"' in home and "Block Game" in home
    form = phone.get("/new/block?players=2").get_data(as_text=True)
    assert text_of(form, "first-lead").startswith("The first hand. Player 1 leads any tile.")
    assert 'href="/rules/block#BG-LEAD"' in form  # its own rule, linked to its own page
    assert text_of(form, "set").startswith("The set: double-six, 28 tiles")
    assert 'placeholder="default 100"' in form
    t = phone.start("block", ["Ana", "Ben"])
    table = phone.table(t)
    assert "Block Game" in table
    assert 'href="/rules/block#BG-PASS"' in table  # no boneyard: its rule, not another's
    r = phone.move(t, "Ben 6-6", status=422)  # out of turn: Ana leads the first hand
    assert 'href="/rules/block#BG-LEAD"' in r.get_data(as_text=True)
    phone.move(t, "Ana 6-6")
    assert "C-ONE" in phone.move(t, "Ben 3-2 on 6-6", status=422).get_data(as_text=True)
    r = phone.move(t, "Ben draw", status=422)  # the tiles not dealt sleep
    assert 'href="/rules/block#BG-PASS"' in r.get_data(as_text=True)
    phone.moves(t, "Ben 6-5 on 6-6; Ana pass; Ben pass")
    phone.settle(t, LEFT)
    rec = phone.record(t)
    assert rec["variant"] == "block" and rec["hands"][0]["remaining"]["Ben"][0] == "4-1"
    hand = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert "BG-SCORE" in hand and "Ana wins the hand: the others hold 27 pips" in hand

    path = tmp_path / "block.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    done = check(path, "--json")
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["ok"] and verdict["hands"][0]["end"] == "block"
    assert verdict["hands"][0]["winner"] == "Ana"
    assert [(x["rule"], x["points"]) for x in verdict["hands"][0]["settlement"]] == [
        ("BG-SCORE", 27)
    ]
    assert verdict["totals"] == {"Ana": 27, "Ben": 0}
    said = check(path, "--lang", "en")
    assert said.returncode == 0 and "Block Game: Ana, Ben" in said.stdout
    assert "Hand 1: blocked, won by Ana. Points: Ana 27, Ben 0." in said.stdout
    # a draw where the tiles sleep: illegal, by the variant's own rule
    rec["hands"][0]["moves"][2] = {"player": "Ana", "draw": 1}
    path.write_text(json.dumps(rec), encoding="utf-8")
    done = check(path, "--json")
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"]["rule"] == "BG-PASS"
    # without REFEREE_VARIANTS the process does not know the variant: the record is unreadable
    assert check(path, extra=False).returncode == 2


def test_the_block_game_has_its_rules_page_in_every_language(block, phone):
    page = phone.get("/rules/block").get_data(as_text=True)
    for rule_id in ("C-SEAT", "BG-PLAYERS", "BG-LEAD", "BG-PASS", "BG-SCORE", "BG-MATCH"):
        assert f'id="{rule_id}"' in page
    assert "sleeping tiles (not dealt)" in text_of(page, "glossary")
    polish = phone.get("/rules/block?lang=pl").get_data(as_text=True)
    assert "Kolejność graczy" in polish  # the common rules in Polish, its own in English
    assert "Scoring a hand" in polish
    assert "/rules/block" in phone.get("/rules").get_data(as_text=True)


def test_an_event_of_the_block_game_is_paired_and_its_tables_start(block, app):
    director = Director(app.test_client())
    form = director.get("/events/new?variant=block").get_data(as_text=True)
    assert [f for f in re.findall(r'<option value="([^"]+)"', form)] == [
        "pods",
        "swiss",
        "round-robin",
    ]
    assert 'name="table_size" type="number" min="2" max="4"' in form
    names = ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus"]
    event = director.create("block", names, format="pods", table_size="4", rounds=2)
    page = director.page(event)
    assert "Block Game" in page
    director.act(event, "pair")
    director.act(event, "start")
    links = director.table_links(event)
    assert len(links) == 2  # seven players, pods of four at most: tables of 4 and 3
    seated = []
    for link in links:
        t = director.get(link).location.rsplit("/", 1)[1]
        rec = director.record(t)
        assert rec["variant"] == "block" and rec["options"] == {"target": 100}
        seated += rec["players"]
    assert sorted(seated) == sorted(names)
    public = director.public_token(event)
    standings = director.get(f"/p/{public}/standings.json").get_json()
    assert standings["variant"] == "block" and "Placement points" in standings["rule"]


def test_after_the_test_the_registry_is_as_it_was():
    assert "block" not in VARIANTS
