"""The rules pages in Polish, Czech and Spanish: same ids and anchors, translated texts, a
glossary with a column for every language."""

from __future__ import annotations

import pytest

from referee.engine.rulebook import rule, rules_for


@pytest.mark.parametrize(
    ("lang", "variant", "words"),
    [
        ("pl", "five-up", ["Dobieranie", "talon", "tekst źródłowy", "Polski"]),
        ("pl", "french-connection", ["Krzyż", "podwójne mydło"]),
        ("cs", "ctyrka", ["Kdo začíná", "čtyřka", "bank", "trestné body", "původní pravidla"]),
        ("es", "five-up", ["Robar", "pozo", "texto original", "Español", "en cada idioma"]),
        ("es", "french-connection", ["La cruz", "jabón", "Brazos cerrados", "tranque"]),
        ("es", "ctyrka", ["Quién sale", "tantos de castigo", "doble nueve"]),
    ],
)
def test_rules_page_in_language(phone, lang, variant, words):
    html = phone.get(f"/rules/{variant}?lang={lang}").get_data(as_text=True)
    assert f'<html lang="{lang}">' in html
    for w in words:
        assert w in html, w
    for r in rules_for(variant, lang):
        assert f'id="{r.id}"' in html  # the anchors never change with the language
        assert r.title in html.replace("&#34;", '"').replace("&#39;", "'")


def test_rule_links_are_titled_in_the_page_language(phone):
    html = phone.get("/rules/ctyrka", headers={"Accept-Language": "cs"}).get_data(as_text=True)
    assert rule("CT-DRAW", "cs").title in html
    assert 'lang="cs"' in html


def test_glossary_table(phone):
    html = phone.get("/rules/french-connection?lang=pl").get_data(as_text=True)
    assert 'id="glossary"' in html
    assert (
        '<td lang="en">cross</td><td lang="pl">krzyż</td><td lang="cs">kříž</td>'
        '<td lang="es">cruz</td>' in html
    )
    assert '<th scope="col" lang="es">Español</th>' in html
