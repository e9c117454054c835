"""The rulebook holds every rule id of rulings.md, and docs/rules.md cannot drift from it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engine.rulebook import (
    RULES,
    VARIANT_TITLES,
    VARIANTS,
    Rule,
    markdown,
    rule,
    rules_for,
)

ROOT = Path(__file__).resolve().parents[1]
RULINGS = Path(__file__).resolve().parents[2] / "shared" / "rulings.md"
PROJECT_IDS = ("C-UNIQUE", "C-PLACE", "C-HOLD", "C-REMAINING", "C-NAMES")
RULE_ID = r"(?:C|FU|FC|CT)(?:-[A-Z]+)+"


def rulings_ids() -> list[str]:
    assert RULINGS.is_file(), f"{RULINGS} is missing (shared/ must sit beside the clone)"
    ids = re.findall(rf"\*\*({RULE_ID})\*\*", RULINGS.read_text(encoding="utf-8"))
    return list(dict.fromkeys(ids))


def test_every_rulings_id_is_in_the_rulebook():
    ids = rulings_ids()
    assert len(ids) >= 38
    assert [i for i in ids if i not in RULES] == []


def test_rulebook_keeps_the_order_of_rulings():
    ids = rulings_ids()
    assert [i for i in RULES if i in ids] == ids


def test_project_rules():
    for rule_id in PROJECT_IDS:
        assert rule(rule_id).source == "project"
        assert rule(rule_id).variant == "common"
    assert {i for i, r in RULES.items() if r.source == "project"} == set(PROJECT_IDS)
    assert set(RULES) == set(rulings_ids()) | set(PROJECT_IDS)


@pytest.mark.parametrize("rule_id", list(RULES))
def test_rule_is_complete(rule_id):
    r = RULES[rule_id]
    assert isinstance(r, Rule) and r.id == rule_id
    assert r.variant in VARIANTS
    assert r.title.strip() and r.text.strip() and r.source.strip()
    prefix = {"common": "C-", "five-up": "FU-", "french-connection": "FC-", "ctyrka": "CT-"}
    assert rule_id.startswith(prefix[r.variant])


def test_rules_cited_in_texts_exist():
    for r in RULES.values():
        for cited in re.findall(rf"\b{RULE_ID}\b", r.text):
            assert cited in RULES, f"{r.id} cites unknown rule {cited}"


def test_rule_is_frozen():
    with pytest.raises(AttributeError):
        rule("FC-LOCK").text = "anything goes"  # type: ignore[misc]


def test_unknown_ids_and_variants():
    with pytest.raises(KeyError):
        rule("FC-NOPE")
    with pytest.raises(KeyError):
        rules_for("sevastopol")


def test_rules_for_a_variant():
    ids = [r.id for r in rules_for("five-up")]
    assert "C-ONE" in ids and "FU-COUNT" in ids and "FC-LOCK" not in ids
    assert ids.index("C-RENEGE") < ids.index("FU-PLAYERS")
    assert all(r.variant in ("common", "five-up") for r in rules_for("five-up"))
    assert [r.id for r in rules_for("common")] == [
        r.id for r in RULES.values() if r.variant == "common"
    ]
    assert "FC-NODRAW" in [r.id for r in rules_for("french-connection")]
    assert "CT-VICTORY" in [r.id for r in rules_for("ctyrka")]
    assert set(VARIANT_TITLES) == set(VARIANTS) - {"common"}


def test_examples_and_numbers_are_kept():
    assert "21 and 22" in rule("FU-DOMINO").text and "23 and 24" in rule("FU-DOMINO").text
    assert "5 points" in rule("FU-BLOCK").text and "Why" in rule("FU-BLOCK").text
    assert "61" in rule("FU-MATCH").text and "300" in rule("CT-VICTORY").text


def test_markdown_has_a_heading_per_section_and_rule():
    md = markdown()
    for title in ("Common to all variants", "Five-Up", "French Connection", "Čtyřka"):
        assert f"\n## {title}\n" in md
    for r in RULES.values():
        assert f"\n### {r.id} — {r.title}\n" in md
        assert f"Source: {r.source}" in md
    assert "### FC-LOCK — Locked arms" in md
    assert rule("FC-LOCK").anchor == "fc-lock--locked-arms"


def test_docs_rules_md_is_the_rulebook():
    doc = ROOT / "docs" / "rules.md"
    assert doc.read_text(encoding="utf-8") == markdown(), (
        "docs/rules.md is out of date: python -m referee.engine.rulebook > docs/rules.md"
    )
