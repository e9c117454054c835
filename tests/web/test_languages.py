"""A hand played through HTTP in Polish and in Czech: the referee's refusals, the
settlement lines and the match's end read in the chosen language, with the right plural
forms (1, 2, 5 and 22)."""

import html as htmllib
import re

import pytest
from webhelpers import CTYRKA_BLOCKED, CTYRKA_DOMINO, text_of

from referee.language import compile_catalogues

compile_catalogues()

HAND = (
    "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3; "
    "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1"
)  # Ana goes out


def refusal(r) -> str:
    return text_of(r.get_data(as_text=True), "refused") or ""


def speak(phone, lang):
    phone.get(f"/?lang={lang}")  # the link sets the cookie: every page after it is in lang


@pytest.mark.parametrize(
    "lang,turn,boneyard",
    [
        (
            "pl",
            "Teraz kolej gracza Ben, nie gracza Ana.",
            [
                "W talonie jest jeszcze 18 kamieni",
                "W talonie jest jeszcze 5 kamieni",
                "W talonie są jeszcze 2 kamienie",
                "W talonie jest jeszcze 1 kamień",
            ],
        ),
        (
            "cs",
            "Na tahu je Ben, ne Ana.",
            [
                "V banku je ještě 18 kamenů",
                "V banku je ještě 5 kamenů",
                "V banku jsou ještě 2 kameny",
                "V banku je ještě 1 kámen",
            ],
        ),
    ],
)
def test_refusals_in_the_players_language(phone, lang, turn, boneyard):
    t = phone.start("five-up", ["Ana", "Ben"])
    speak(phone, lang)
    phone.moves(t, "Ana 5-5")
    r = phone.move(t, "Ana 5-0 on 5-5", status=422)
    assert turn in refusal(r)
    said = [refusal(phone.move(t, "Ben pass", status=422))]
    for draw in ("Ben draw 13", "Ben draw 3", "Ben draw 1"):
        phone.moves(t, draw)
        said.append(refusal(phone.move(t, "Ben pass", status=422)))
    for text, want in zip(said, boneyard, strict=True):
        assert want + ":" in text, (want, text)
    assert 'lang="' + lang + '"' in phone.table(t)


@pytest.mark.parametrize(
    "lang,line",
    [
        ("pl", "Teraz kolej gracza Ben, nie gracza Ana."),
        ("cs", "Na tahu je Ben, ne Ana."),
    ],
)
def test_ctyrka_twenty_two_in_the_bank(phone, lang, line):
    t = phone.start("ctyrka", ["Ana", "Ben", "Cleo", "Dan"])
    speak(phone, lang)
    phone.moves(t, "Ana 9-9; Ben draw 1; Cleo draw 1; Dan draw 1; Ana draw 1; Ben draw 1")
    said = refusal(phone.move(t, "Cleo pass", status=422))
    assert {"pl": "W talonie są jeszcze 22 kamienie:", "cs": "V banku je ještě 22 kamenů:"}[
        lang
    ] in said, said
    said = refusal(phone.move(t, "Ben 9-1 on 9-9", status=422))
    assert {
        "pl": "Wzięcie kamienia z banku kończy kolejkę gracza Ben",
        "cs": "Braním z banku tah hráče Ben skončil",
    }[lang] in said, said


@pytest.mark.parametrize("lang", ["pl", "cs"])
@pytest.mark.parametrize("left,pips", [("1-0", 1), ("2-0", 2), ("3-2", 5), ("6-6 6-4", 22)])
def test_settlement_lines_in_the_players_language(phone, lang, left, pips):
    t = phone.start("five-up", ["Ana", "Ben"], target=500)
    speak(phone, lang)
    hand = HAND if pips != 22 else HAND.replace("Ben 5-0", "Ben draw 1; Ben 5-0")
    phone.moves(t, hand)
    phone.settle(t, {"Ben": left})
    page = htmllib.unescape(phone.get(f"/t/{t}/hand/1").get_data(as_text=True))
    noun = {
        "pl": {1: "oczko", 2: "oczka", 5: "oczek", 22: "oczka"},
        "cs": {1: "očko", 2: "očka", 5: "oček", 22: "oček"},
    }[lang][pips]
    went_out = {
        "pl": "Ana wygrywa „przez domino!”: przeciwnicy mają",
        "cs": "Ana vyhrává (Domino!): soupeři mají",
    }[lang]
    assert f"{went_out} {pips} {noun} ÷ 5" in page
    assert "went out" not in page  # the engine's English is not shown beside it


@pytest.mark.parametrize(
    "lang,won",
    [
        ("pl", "Mecz wygrywa Ana z 8 punktami, największą liczbą, gdy ktoś osiągnął cel 3."),
        ("cs", "Zápas vyhrává Ana s 8 body, největším počtem, když některá strana dosáhla cíle 3."),
    ],
)
def test_match_end_in_the_players_language(phone, lang, won):
    t = phone.start("five-up", ["Ana", "Ben"], target=3)
    speak(phone, lang)
    phone.moves(t, HAND.replace("Ben 5-0", "Ben draw 1; Ben 5-0"))
    phone.settle(t, {"Ben": "6-6 6-4"})
    page = htmllib.unescape(phone.get(f"/t/{t}/match").get_data(as_text=True))
    assert won in re.sub(r"\s+", " ", page), text_of(page, "outcome")


def test_a_table_language_is_every_phones_default(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"], language="cs")
    phone.moves(t, "Ana 5-5")
    other = app.test_client()  # another phone at the table: no cookie, no preference
    page = other.get(f"/t/{t}").get_data(as_text=True)
    assert '<html lang="cs"' in page
    spectator = phone.read_token(t)
    assert '<html lang="cs"' in other.get(f"/s/{spectator}").get_data(as_text=True)
    polish = app.test_client()  # a phone that chose its own language keeps it
    assert '<html lang="pl"' in polish.get(f"/t/{t}?lang=pl").get_data(as_text=True)
    assert '<html lang="pl"' in polish.get(f"/t/{t}").get_data(as_text=True)
    english = app.test_client()  # a browser asking for English, at a Czech table: Czech
    page = english.get(f"/t/{t}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="cs"' in page


def test_without_a_table_language_each_phone_follows_its_browser(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    page = app.test_client().get(f"/t/{t}", headers={"Accept-Language": "pl-PL,pl;q=0.9"})
    assert '<html lang="pl"' in page.get_data(as_text=True)


def test_rule_titles_in_the_lines_follow_the_language(phone):
    """The history and settlement lines name the rule by its title in the reader's
    language (the rulebook has all three)."""
    from referee.engine.rulebook import rule

    token = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(token, "Ana 5-5")  # count 10: FU-SCORE
    html = phone.get(f"/t/{token}?lang=pl").get_data(as_text=True)
    assert rule("FU-SCORE", "pl").title in html
    assert rule("FU-SCORE").title not in html


def test_text_outside_a_request_is_english(app):
    """Scripts and services run outside a request (benchmarks, the CLI) get English,
    not an error."""
    from flask_babel import gettext

    with app.app_context():
        assert gettext("Home") == "Home"


def flash_of(phone, token) -> str:
    return htmllib.unescape(text_of(phone.table(token), "flash") or "")


@pytest.mark.parametrize(
    "lang,domino,blocked",
    [
        (
            "pl",
            "Domino! Wpisz kamienie, które zostały w ręku każdego gracza.",
            "Nastąpiła blokada. Wpisz kamienie, które zostały w ręku każdego gracza.",
        ),
        (
            "cs",
            "Domino! Zadejte kameny, které zbyly v ruce každému hráči.",
            "Kolo je zablokované. Zadejte kameny, které zbyly v ruce každému hráči.",
        ),
    ],
)
def test_the_end_of_a_hand_is_said_in_the_players_language(phone, lang, domino, blocked):
    """The answer to the move that ends a hand (Domino! or blocked) asks for the tiles
    left in the reader's language."""
    t = phone.start("ctyrka", ["Ana", "Ben"], scoring="penalty", target=40)
    speak(phone, lang)
    phone.moves(t, CTYRKA_DOMINO)
    assert domino in flash_of(phone, t)
    phone.settle(t, {"Ben": "6-3"})
    phone.moves(t, CTYRKA_BLOCKED)
    said = flash_of(phone, t)
    assert blocked in said and "Enter the tiles" not in said


@pytest.mark.parametrize(
    "lang,label",
    [
        ("pl", "Cel (punkty kończące mecz)"),
        ("cs", "Cíl (body, které ukončí zápas)"),
    ],
)
def test_the_target_label_of_the_start_form(app, lang, label):
    """The start form's target field has its label in the reader's language (the label
    WTForms shows with the field, not only the template's own text)."""
    from referee.web.forms import StartForm

    with app.test_request_context(f"/?lang={lang}"):
        assert str(StartForm().target.label.text) == label


@pytest.mark.parametrize(
    "lang,not_by_lot,won",
    [
        (
            "pl",
            "To rozdanie nie jest otwierane przez losowanie.",
            "już zapisano: losowanie, wygrywa Cleo",
        ),
        ("cs", "Toto kolo se nezahajuje losem.", "už zapsáno: los, vyhrává Cleo"),
    ],
)
def test_the_lot_refusals_in_the_players_language(phone, lang, not_by_lot, won):
    t = phone.start("five-up", ["Ana", "Ben", "Cleo"])
    speak(phone, lang)
    phone.post(f"/t/{t}/lot", {"hand": 1, "after": 0, "seat": 2})
    r = phone.post(f"/t/{t}/lot", {"hand": 1, "after": 0, "seat": 1})
    assert r.status_code == 409 and won in htmllib.unescape(refusal(r))
    ct = phone.start("ctyrka", ["Ana", "Ben"])
    speak(phone, lang)
    r = phone.post(f"/t/{ct}/lot", {"hand": 1, "after": 0})
    said = htmllib.unescape(refusal(r))
    assert r.status_code == 422 and not_by_lot in said, said
    assert "highest double" not in said  # the opening that follows is translated too


@pytest.mark.parametrize(
    "lang,what,taken",
    [
        ("pl", "kamienie pozostałe w rozdaniu 1 (jego rozliczenie)", "Cofnięto: kamienie"),
        ("cs", "zbylé kameny v kole 1 (jeho vyúčtování)", "Vzato zpět: zbylé kameny"),
    ],
)
def test_undo_of_a_settlement_in_the_players_language(phone, lang, what, taken):
    t = phone.start("five-up", ["Ana", "Ben"], target=500)
    speak(phone, lang)
    phone.moves(t, HAND)
    phone.settle(t, {"Ben": "3-2"})
    page = htmllib.unescape(phone.get(f"/t/{t}/undo").get_data(as_text=True))
    assert text_of(page, "undo-what") == what
    phone.undo(t)
    assert taken in flash_of(phone, t)


@pytest.mark.parametrize(
    "lang,sets,count",
    [
        (
            "pl",
            ["Komplet: do szóstek, 28 kamieni", "do dziewiątek, 55 kamieni"],
            ": do dziewiątek, 55 kamieni",
        ),
        (
            "cs",
            ["Sada: šestkové domino, 28 kamenů", "devítkové domino, 55 kamenů"],
            ": devítkové domino, 55 kamenů",
        ),
    ],
)
def test_the_set_on_the_start_form_in_the_players_language(phone, lang, sets, count):
    """The start form names the set the number of players implies in the reader's words
    (the set's name and the plural of the tiles)."""
    page = htmllib.unescape(phone.get(f"/new/ctyrka?lang={lang}").get_data(as_text=True))
    said = re.sub(r"\s+", " ", text_of(page, "set"))
    assert all(s in said for s in sets), said
    assert "tiles" not in said and "double-" not in said
    assert count in re.sub(r"\s+", " ", page)


@pytest.mark.parametrize(
    "lang,domino,blocked",
    [
        ("pl", "Ana wygrywa „przez domino!”", "Blokada: wygrywa Ana"),
        ("cs", "Domino! – vyhrává Ana", "Zablokováno: vyhrává Ana"),
    ],
)
def test_the_match_table_says_how_each_hand_ended(phone, lang, domino, blocked):
    """The match page's table of hands: "Domino! by Ana", "Blocked: won by Ana" in the
    reader's language."""
    t = phone.start("ctyrka", ["Ana", "Ben"], scoring="penalty", target=40)
    speak(phone, lang)
    phone.moves(t, CTYRKA_DOMINO)
    phone.settle(t, {"Ben": "6-3"})
    phone.moves(t, CTYRKA_BLOCKED)
    phone.settle(
        t, {"Ana": "6-6 6-4 5-4 2-1 1-0 0-0", "Ben": "6-5 5-5 5-2 5-1 4-4 4-2 4-1 2-2 2-0 1-1"}
    )
    page = htmllib.unescape(phone.get(f"/t/{t}/match").get_data(as_text=True))
    cells = re.findall(r"</a></th><td>([^<]*)</td>", page)
    assert cells[:2] == [domino, blocked], cells


@pytest.mark.parametrize(
    "lang,said",
    [
        ("pl", "Wybrano 3 graczy, ale formularz zawierał 1 imię. Teraz pokazuje 3 pola na imiona"),
        (
            "cs",
            "Zvolili jste 3 hráče, ale formulář obsahoval 1 jméno. Teď ukazuje 3 pole pro jména",
        ),
    ],
)
def test_counts_on_the_start_form_take_their_plural(phone, lang, said):
    """ "You chose 3 players, but the form held 1 name": each number with its own noun,
    in the plural form the number asks for."""
    phone.get(f"/?lang={lang}")
    r = phone.post("/new/five-up", {"count": 3, "names-0": "Ana"})
    assert r.status_code == 400
    assert said in htmllib.unescape(text_of(r.get_data(as_text=True), "count-errors"))


def test_the_home_page_counts_players_in_czech(client):
    page = htmllib.unescape(client.get("/?lang=cs").get_data(as_text=True))
    hints = re.sub(r"\s+", " ", text_of(page, "variants"))
    assert "2–4 hráči" in hints and "2–13 hráčů" in hints, hints


@pytest.mark.parametrize(
    "lang,too_big,late",
    [
        ("pl", "Przy stole siada tu od 2 do 13 graczy, nie 20.", "Ivy nie gra w tej rundzie."),
        ("cs", "U stolu tu sedí 2 až 13 hráčů, ne 20.", "Ivy v této rundě nehraje."),
    ],
)
def test_the_pairings_refusals_in_the_directors_language(app, lang, too_big, late):
    """The pairing module's refusals (structured, not English sentences) reach the director
    in their language: a table size the variant cannot seat, a swap with an entrant who
    came after the round was paired."""
    from eventhelpers import Director

    director = Director(app.test_client())
    director.get(f"/?lang={lang}")
    token = director.create(
        "ctyrka", ["Ana", "Ben", "Cleo", "Dan"], format="pods", rounds=1, table_size=20
    )
    r = director.act(token, "pair", status=409)
    assert too_big in htmllib.unescape(refusal(r))
    token = director.create(
        "five-up", ["Ana", "Ben", "Cleo", "Dan"], format="swiss", rounds=2, target=10
    )
    director.act(token, "pair")
    director.act(token, "entrants", {"entrant": "Ivy"})
    page = director.page(token)
    ids = dict((name, i) for i, name in re.findall(r'value="(\d+)"[^>]*>([^<]+)<', page))
    r = director.act(token, "swap", {"a": ids["Ana"], "b": ids["Ivy"]}, status=400)
    said = htmllib.unescape(refusal(r))
    assert late in said and "Entrant" not in said


@pytest.mark.parametrize(
    "lang,not_a_tile,not_domino,left",
    [
        (
            "pl",
            "'7-x' to nie jest kamień",
            "13-2 to nie jest kamień domina",
            "Ben: 'six' to nie jest kamień",
        ),
        ("cs", "'7-x' není kámen", "13-2 není kámen domina", "Ben: 'six' není kámen"),
    ],
)
def test_a_tile_typed_wrong_is_refused_in_the_players_language(
    phone, lang, not_a_tile, not_domino, left
):
    """The engine's notation errors (a tile typed in the picker, the tiles-left form, a
    correction line) are Messages: the reader sees them in their language."""
    t = phone.start("five-up", ["Ana", "Ben"], target=500)
    speak(phone, lang)
    assert not_a_tile in htmllib.unescape(refusal(phone.move(t, "Ana 7-x", status=400)))
    assert not_domino in htmllib.unescape(refusal(phone.move(t, "Ana 13-2", status=400)))
    phone.moves(t, HAND)
    r = phone.settle(t, {"Ben": "six"}, status=400)
    assert left in htmllib.unescape(refusal(r))
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 1, "moves": "Ana 9-x"})
    assert "'9-x'" in htmllib.unescape(r.get_data(as_text=True))
    assert "is not a tile" not in r.get_data(as_text=True)


@pytest.mark.parametrize(
    "lang,no_table,bad_kind",
    [
        ("pl", "Pod tym linkiem nie ma stołu.", "Ruch musi być dołożeniem kamienia"),
        ("cs", "Na tomto odkazu není žádný stůl.", "Tah musí být přiložení kamene"),
    ],
)
def test_a_wrong_link_and_a_bad_kept_move_in_the_players_language(phone, lang, no_table, bad_kind):
    import json

    t = phone.start("five-up", ["Ana", "Ben"])
    speak(phone, lang)
    for page in ("/t/nosuchtable/match", "/t/nosuchtable", "/s/nosuchtable?fragment=1"):
        r = phone.get(page)
        assert r.status_code == 404 and no_table in htmllib.unescape(r.get_data(as_text=True))
    r = phone.client.post(
        f"/t/{t}/outbox",
        content_type="application/json",
        data=json.dumps({"client_id": "abcdefgh", "kind": "jump"}),
        headers={"X-CSRFToken": phone.csrf},
    )
    assert r.status_code == 400 and bad_kind in r.get_json()["message"]


def test_each_language_gets_its_own_fixed_sentences_in_turn(app, phone):
    """A template is compiled once per language with its fixed sentences translated
    (as Flask-Babel does it): phones in three languages, asking in turn, each read
    their own, on the table's screen, in the fragment fetched after a move, and in the
    parts the fragment shares."""
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    said = {
        "en": ["Moves in this hand", "Type a tile instead"],
        "pl": ["Ruchy w tym rozdaniu", "Albo wpisz kamień"],
        "cs": ["Tahy v tomto kole", "Zadat kámen ručně"],
    }
    phones = {lang: app.test_client() for lang in said}
    for lang, client in phones.items():
        client.get(f"/?lang={lang}")
    for _ in range(2):
        for lang, client in phones.items():
            for url in (f"/t/{t}", f"/t/{t}?fragment=1"):
                html = htmllib.unescape(client.get(url).get_data(as_text=True))
                for sentence in said[lang]:
                    assert sentence in html, (lang, url, sentence)
                for other in said:
                    if other != lang:
                        assert not any(s in html for s in said[other]), (lang, url, other)
