"""The rulebook in Polish, Czech and Spanish: every rule, every variant's glossary, the rules
pages and `python -m referee rules --lang`, with the seeds' own words (and in Spanish the
Latin and Caribbean federations' words, docs/i18n.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine import glossary, texts
from referee.engine.rulebook import RULES, VARIANTS, markdown, rule, rules_for, section_title
from referee.engine.variants import get_variant
from referee.languages import CODES, TRANSLATED

ROOT = Path(__file__).resolve().parents[1]


def folder(section: str) -> Path:
    return texts.COMMON_DIR if section == texts.COMMON else get_variant(section).texts_dir


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rule_has_a_translation_and_nothing_more(lang):
    for section in VARIANTS:
        said, english = (texts.read(folder(section), section, x) for x in (lang, "en"))
        assert set(said["rules"]) == set(english["rules"]), section
        for rule_id, r in said["rules"].items():
            assert r["title"].strip() and len(r["text"].split()) >= 5, rule_id
        assert said["title"].strip()
        assert set(said["glossary"]) == set(english["glossary"]), section  # every term said
    sources = texts.read(texts.COMMON_DIR, texts.COMMON, lang)["sources"]
    assert {r.source for r in RULES.values()} <= set(sources)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translated_rules_keep_ids_order_and_cited_ids(lang):
    for variant in VARIANTS:
        en, other = rules_for(variant), rules_for(variant, lang)
        assert [r.id for r in other] == [r.id for r in en]
        for a, b in zip(en, other, strict=True):
            assert b.variant == a.variant and b.source == a.source
            # every rule id a text cites (FU-SPINNER, C-TIE...) is cited in translation too
            cited = {w.strip("().,;:") for w in a.text.split() if w.strip("().,;:") in RULES}
            assert cited <= {w.strip("().,;:") for w in b.text.split()}, a.id


def test_seed_words_are_used():
    assert "talon" in rule("FU-DRAW", "pl").text and "dublet" in rule("FU-SPINNER", "pl").text
    assert "„przez domino!”" in rule("C-DOMINO", "pl").text
    assert "mydło" in rule("FC-SOAP", "pl").text and "krzyż" in rule("FC-CROSS", "pl").text
    assert "bank" in rule("CT-DRAW", "cs").text and "dubla" in rule("CT-LEAD", "cs").text
    assert "trestné body" in rule("CT-PENALTY", "cs").text
    assert "vítězné body" in rule("CT-VICTORY", "cs").text
    assert section_title("ctyrka", "cs") == "Čtyřka"


def test_spanish_uses_the_federations_words():
    """Ficha, pozo, salida, tranque, tantos and ¡Dominó!, as docs/i18n.md's glossary has them."""
    assert "pozo" in rule("FU-DRAW", "es").text and "roba" in rule("FU-DRAW", "es").text
    assert "¡Dominó!" in rule("C-DOMINO", "es").title and "domina" in rule("C-DOMINO", "es").text
    assert rule("C-BLOCK", "es").title == "Tranque" and "trancada" in rule("C-BLOCK", "es").text
    assert "tantos" in rule("FU-SCORE", "es").text and "salida" in rule("FC-POSE", "es").text
    assert "jabón" in rule("FC-SOAP", "es").text and "cruz" in rule("FC-CROSS", "es").text
    assert "tantos de castigo" in rule("CT-PENALTY", "es").title.lower()
    assert "Fuente: texto original" in markdown("es")


def test_unknown_language_falls_back_to_english():
    assert rule("C-ONE", "de") == rule("C-ONE")
    assert rules_for("five-up", None) == rules_for("five-up")


@pytest.mark.parametrize("variant", VARIANTS[1:])
def test_glossary_has_every_language_for_each_variant(variant):
    terms = glossary.glossary(variant)
    assert len(terms) >= 15
    assert all(t[code] for t in terms for code in CODES)
    assert len({t.en for t in terms}) == len(terms)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_docs_rules_in_each_language_are_generated(lang):
    doc = ROOT / "docs" / f"rules.{lang}.md"
    assert doc.read_text(encoding="utf-8") == markdown(lang), (
        f"regenerate: python -m referee.engine.rulebook {lang} > docs/rules.{lang}.md"
    )


@pytest.mark.parametrize(
    "lang, said",
    [
        ("cs", ["### CT-LEAD — Kdo začíná", "Zdroj:"]),
        ("es", ["### CT-LEAD — Quién sale", "Fuente:"]),
    ],
)
def test_cli_rules_lang(lang, said):
    out = subprocess.run(
        [sys.executable, "-m", "referee", "rules", "--lang", lang],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        check=True,
    ).stdout
    assert out == markdown(lang) == (ROOT / "docs" / f"rules.{lang}.md").read_text("utf-8")
    assert all(words in out for words in said)
