"""The start form follows the number of players: "Change" (without scripts) keeps the
names typed, a count that does not match the names sent never starts a match, a bad
`?players=` is refused next to the count, and the first lead is labelled as the variant's
rule says (tests/browser/test_start_form.py changes the count with the script)."""

from __future__ import annotations

import re

import pytest
from webhelpers import text_of


def seats(html: str) -> list[tuple[str, bool, bool]]:
    """Each name field as (value, shown, enabled)."""
    out = []
    for li in re.findall(r'<li data-seat="\d+".*?</li>', html, re.S):
        value = re.search(r'<input[^>]*value="([^"]*)"', li).group(1)
        field = re.search(r"<input[^>]*>", li).group(0)
        out.append((value, " hidden" not in li.split(">")[0], "disabled" not in field))
    return out


def test_change_without_scripts_keeps_the_names_typed(phone, rows):
    before = rows()
    r = phone.post("/new/five-up", {"count": 4, "change": "1", "names-0": "Ana", "names-1": "Ben"})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert seats(html) == [
        ("Ana", True, True),
        ("Ben", True, True),
        ("", True, True),
        ("", True, True),
    ]
    assert re.search(r'<option value="4" selected>', html)
    assert 'id="count-errors"' not in html
    r = phone.post(
        "/new/five-up",
        {
            "count": 2,
            "change": "1",
            **{f"names-{i}": n for i, n in enumerate(["Ana", "Ben", "Cleo", "Dan"])},
        },
    )
    assert seats(r.get_data(as_text=True))[:2] == [("Ana", True, True), ("Ben", True, True)]
    assert [shown for _, shown, _ in seats(r.get_data(as_text=True))] == [True, True, False, False]
    assert rows() == before


@pytest.mark.parametrize("count,names", [(4, ["Ana", "Ben"]), (2, ["Ana", "Ben", "Cleo"])])
def test_a_count_that_does_not_match_the_names_never_starts_a_match(phone, rows, count, names):
    """The count was changed (no script), and "Start the match" tapped, not "Change"."""
    before = rows()
    r = phone.post(
        "/new/five-up", {"count": count, **{f"names-{i}": n for i, n in enumerate(names)}}
    )
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert f"You chose {count} players, but the form held {len(names)} names" in text_of(
        html, "count-errors"
    )
    shown = [value for value, on, _ in seats(html) if on]
    assert shown == (names + [""] * count)[:count]  # the names typed are kept
    assert rows() == before


@pytest.mark.parametrize(
    "url,says",
    [
        ("/new/five-up?players=14", "Five-Up is played by 2 to 4 players, not 14"),
        ("/new/ctyrka?players=14", "Čtyřka is played by 2 to 13 players, not 14"),
        ("/new/ctyrka?players=0", "not 0"),
        ("/new/five-up?players=abc", "Choose the number of players from the list."),
    ],
)
def test_a_bad_players_link_is_refused_next_to_the_count(phone, url, says):
    r = phone.get(url)
    assert r.status_code == 400
    html = r.get_data(as_text=True)
    assert says in text_of(html, "count-errors")
    select = re.search(r'<select name="count" id="count"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in select and 'aria-describedby="count-errors"' in select
    assert html.index('id="count"') < html.index('id="count-errors"') < html.index("names-0")


@pytest.mark.parametrize(
    "variant,says",
    [
        ("five-up", "Draw lots for the lead"),
        ("french-connection", "The holder of [0|0] poses it"),
        ("ctyrka", "The holder of the highest double leads it"),
    ],
)
def test_the_first_lead_is_labelled_by_the_variant_s_rule(phone, variant, says):
    html = phone.get(f"/new/{variant}").get_data(as_text=True)
    assert "plays first" not in html and "leads the first hand" not in html
    assert says in text_of(html, "first-lead")


def test_every_name_field_is_on_the_page_the_extra_ones_hidden_and_not_sent(phone):
    html = phone.get("/new/ctyrka?players=3").get_data(as_text=True)
    fields = seats(html)
    assert len(fields) == 13
    assert [(on, enabled) for _, on, enabled in fields] == [(True, True)] * 3 + [
        (False, False)
    ] * 10
    # the set for each count is there, the one for 3 players shown
    assert re.search(r'<span data-counts="2 3">double-six, 28 tiles</span>', html)
    assert re.search(r'<span data-counts="[^"]*" hidden>double-nine, 55 tiles</span>', html)
