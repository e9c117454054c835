"""The rulebook holds exactly the rule ids of docs/rule-ids.md, and docs/rules.md cannot
drift from it."""

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
    source_label,
)
from referee.engine.variants import VARIANTS as REGISTRY

ROOT = Path(__file__).resolve().parents[1]
RULE_IDS = ROOT / "docs" / "rule-ids.md"
RULE_ID = r"(?:C|FU|FC|CT|F3|PB|MT)(?:-[A-Z]+)+"
KINDS = {"seed", "ruling", "seed/ruling", "project", "book", "leagues", "books", "federations"}
KINDS |= {"mexicantrain.com", "machead", "htfbw", "tablegameshub", "wikiHow"}  # Mexican Train


def documented() -> list[tuple[str, str, str]]:
    """(id, kind, section's variant) of every rule docs/rule-ids.md lists, in its order."""
    out, variant = [], None
    for line in RULE_IDS.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            named = re.search(r"\(`([a-z-]+)`\)", line)
            variant = named.group(1) if named else "common"
        elif m := re.match(rf"- \*\*({RULE_ID})\*\* \*\(([^)]*)\)\*", line):
            out.append((m.group(1), m.group(2), variant))
    return out


def test_the_rulebook_holds_the_documented_ids_in_their_order():
    ids = [i for i, _, _ in documented()]
    assert len(ids) >= 43
    assert ids == list(RULES)


def test_each_documented_id_is_under_its_variant_with_its_kind():
    for rule_id, kind, variant in documented():
        assert rule(rule_id).variant == variant, rule_id
        base = kind.split(",")[0]  # "seed, and pagat.com"
        assert base in KINDS, f"{rule_id}: unknown kind {kind!r}"
        assert base == rule(rule_id).source.split(" + ")[0], rule_id


def test_project_rules():
    project = {i for i, kind, _ in documented() if kind == "project"}
    assert project == {i for i, r in RULES.items() if r.source == "project"}
    assert {"C-UNIQUE", "C-NAMES"} <= project
    assert all(rule(i).variant == "common" for i in project)


def test_ids_cited_in_the_rule_ids_page_exist():
    cited = set(re.findall(rf"\b{RULE_ID}\b", RULE_IDS.read_text(encoding="utf-8")))
    assert cited - set(RULES) == set()


@pytest.mark.parametrize("rule_id", list(RULES))
def test_rule_is_complete(rule_id):
    r = RULES[rule_id]
    assert isinstance(r, Rule) and r.id == rule_id
    assert r.variant in VARIANTS
    assert r.title.strip() and r.text.strip() and r.source.strip()
    # a variant's rules share the prefix of its players' rule ("FU-PLAYERS": "FU-")
    prefix = {"common": "C-"} | {
        v.name: v.players_rule.split("-")[0] + "-" for v in REGISTRY.values()
    }
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
        assert f"Source: {source_label(r.source)}" in md
    assert "### FC-LOCK — Locked arms" in md
    assert rule("FC-LOCK").anchor == "fc-lock--locked-arms"


def test_docs_rules_md_is_the_rulebook():
    doc = ROOT / "docs" / "rules.md"
    assert doc.read_text(encoding="utf-8") == markdown(), (
        "docs/rules.md is out of date: python -m referee.engine.rulebook > docs/rules.md"
    )


def test_a_rule_s_source_is_said_in_words_not_the_project_s_keys():
    """Issue 43.4: rules ended "Source: seed"; a player reads where the rule comes from."""
    md = markdown()
    assert "Source: the game's published rules\n" in md and "Source: our ruling\n" in md
    assert not re.search(r"Source: (seed|ruling|project)\b", md)
