"""Partnership Block at the table, through HTTP: the start form offers the variant's
presets (each fills the options in, with the first lead and the set it implies); the
gist's hand recorded from the table screen, which says the layout is blocked as soon as
it provably is and settles it for the pair with fewer pips; a pair that won the last hand
chooses which of its two leads, and nobody else is offered."""

from __future__ import annotations

import re

from webhelpers import text_of

PLAYERS = ["B", "C", "D", "A"]  # the gist's order; A and C partners (sides B+D, C+A)
GIST_PLAY = """
B 1-1; C pass; D 1-5; A 1-4; B pass; C 4-5 on 5-1; D 0-4 on 4-1; A 0-5; B pass; C 2-5
D 1-2; A 4-4; B 0-1; C 0-2; D pass; A 2-2; B 2-6; C 4-6 on 6-2; D pass; A 3-4 on 4-4
B 2-3
"""


def words(html: str, ident: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text_of(html, ident) or "")).strip()


def checked(html: str) -> dict[str, str]:
    return dict(
        re.findall(r'<input checked id="[^"]+" name="(\w+)" type="radio" value="([^"]+)"', html)
    )


def test_the_start_form_offers_the_presets_and_each_fills_the_options_in(phone):
    html = phone.get("/new/partnership").get_data(as_text=True)
    for label in ("International (the book)", "Spain (FED)", "Dominican Republic"):
        assert label in words(html, "presets")
    assert "Puerto Rico (500)" in html and "Cuba (double-nine)" in html
    assert "Jamaica (six love)" in html
    assert checked(html)["first_lead"] == "double-six"
    assert "holder of 6-6 leads it" in words(html, "first-lead")

    cuba = phone.get("/new/partnership?preset=cuba").get_data(as_text=True)
    assert checked(cuba)["set"] == "double-nine" and checked(cuba)["next_lead"] == "winners"
    assert "double-nine, 55 tiles" in words(cuba, "set")
    assert "Draw lots for the lead" in words(cuba, "first-lead")
    assert re.search(r'href="[^"]*preset=cuba[^"]*" aria-current="true"', cuba)

    spain = phone.get("/new/partnership?preset=spain").get_data(as_text=True)
    assert checked(spain)["score"] == "all"
    assert re.search(r'name="target"[^>]*value="300"', spain)
    assert phone.get("/new/partnership?preset=atlantis").status_code == 404


def test_a_match_started_from_a_preset_keeps_its_options(phone):
    spain = phone.get("/new/partnership?preset=spain").get_data(as_text=True)
    options = checked(spain) | {"target": 300}
    token = phone.start("partnership", PLAYERS, **options)
    record = phone.record(token)
    assert record["variant"] == "partnership"
    assert record["options"]["score"] == "all" and record["options"]["target"] == 300
    assert record["options"]["first_lead"] == "lot"


def test_the_gist_s_hand_is_said_blocked_at_once_and_goes_to_the_lower_pair(phone):
    token = phone.start("partnership", PLAYERS, first_lead="lot")
    phone.moves(token, GIST_PLAY)
    assert 'id="blocked"' not in phone.table(token)
    phone.move(token, "C 2-4 on 3-2")  # both ends 4, all seven 4s down: nobody can lay
    html = phone.table(token)
    assert "The layout is blocked" in words(html, "blocked") and "C-BLOCK" in html
    phone.moves(token, "D pass; A pass; B pass; C pass")
    phone.settle(
        token, {"B": "0-0 0-6 1-6", "C": "3-3 3-6", "D": "0-3 3-5 5-5 6-6", "A": "1-3 5-6"}
    )
    assert "C+A 0 46" in words(phone.table(token), "score")  # this hand, the match
    html = phone.get(f"/t/{token}/hand/1").get_data(as_text=True)
    assert "C+A hold 30 pips against 46" in html and "PB-BLOCK" in html
    assert "C+A score the 46 pips left in the opponents&#39; hands" in html
    assert len(phone.record(token)["hands"][0]["moves"]) == 26


def test_the_pair_that_won_chooses_who_leads(phone):
    token = phone.start("partnership", PLAYERS, first_lead="lot", next_lead="winners")
    phone.moves(token, GIST_PLAY + "; C 2-4 on 3-2; D pass; A pass; B pass; C pass")
    phone.settle(
        token, {"B": "0-0 0-6 1-6", "C": "3-3 3-6", "D": "0-3 3-5 5-5 6-6", "A": "1-3 5-6"}
    )
    html = phone.table(token, tile="6-6")
    assert "C and A won the last hand: either of them leads any tile" in html
    offered = re.findall(r'<button type="submit" name="seat" value="(\d)"', html)
    assert sorted(offered) == ["1", "3"]  # C and A, never B or D
    refused = phone.move(token, "B 6-6", status=422).get_data(as_text=True)
    assert "B may not lead this hand" in refused and "PB-NEXT" in refused
    phone.move(token, "A 6-6")


def test_each_language_names_the_variant_in_its_own_words(phone):
    """The variant's name came from its class, "Partnership Block" on every page: it is its
    texts' title in the reader's language, as the rules page heads its section."""
    for lang, name in [("es", "Dominó por parejas"), ("pl", "Blok w parach")]:
        phone.get(f"/?lang={lang}")
        token = phone.start("partnership", PLAYERS, first_lead="lot")
        pages = {
            "home": phone.get("/").get_data(as_text=True),
            "start": phone.get("/new/partnership").get_data(as_text=True),
            "rules": phone.get("/rules/partnership").get_data(as_text=True),
            "table": phone.table(token),
            "event": phone.get("/events/new?variant=partnership").get_data(as_text=True),
        }
        for page, html in pages.items():
            assert name in html and "Partnership Block" not in html, (lang, page)
        assert re.search(rf"<h1>{name} <span", pages["table"])
    phone.get("/?lang=en")
    assert "Partnership Block" in phone.get("/").get_data(as_text=True)


def test_a_blocked_layout_s_passes_are_recorded_in_one_tap(phone):
    """The table said the layout is blocked and then asked for four taps of "passes": one
    tap records each player's pass in turn, and the hand waits for the tiles left."""
    token = phone.start("partnership", PLAYERS, first_lead="lot")
    phone.moves(token, GIST_PLAY)
    hand, after = phone.position(token)
    r = phone.post(f"/t/{token}/passes", {"hand": hand, "after": after})
    assert r.status_code == 409 and "C-BLOCK" in r.get_data(as_text=True)  # not blocked yet
    phone.move(token, "C 2-4 on 3-2")
    html = phone.table(token)
    assert "Blocked: record the passes" in words(html, "passes-form")
    hand, after = phone.position(token)
    r = phone.post(f"/t/{token}/passes", {"hand": hand, "after": after})
    assert r.status_code == 302
    moves = phone.record(token)["hands"][0]["moves"]
    passed = [{"player": p, "pass": True} for p in ("D", "A", "B", "C")]  # each in turn
    assert moves[-4:] == passed and len(moves) == 26
    assert 'id="passes-form"' not in phone.table(token)
    r = phone.post(f"/t/{token}/passes", {"hand": hand, "after": after})  # a second tap
    assert r.status_code != 302 and len(phone.record(token)["hands"][0]["moves"]) == 26
    phone.settle(
        token, {"B": "0-0 0-6 1-6", "C": "3-3 3-6", "D": "0-3 3-5 5-5 6-6", "A": "1-3 5-6"}
    )
    assert "C+A 0 46" in words(phone.table(token), "score")
