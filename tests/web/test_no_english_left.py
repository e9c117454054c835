"""No English left on a page in another language: every page the app has (the start forms,
tables and their matches' pages, the rules, an event's pages, the club's members, the
ladder, a season, a league and its fixtures), fetched in each translated language and
followed link by link, shows no sentence of the catalogue in English. A sentence said
outside gettext, or one pybabel never extracted (a call inside an f-string), would show
here. The words offline.js shows are translated too."""

from __future__ import annotations

import html as htmllib
import re
from collections import Counter
from urllib.parse import parse_qsl, urljoin, urlsplit

import pytest
from babel.messages.pofile import read_po
from eventhelpers import Director
from leaguehelpers import League
from webhelpers import CTYRKA_DOMINO, Phone
from werkzeug.exceptions import HTTPException

from referee.language import LOCALEDIR, compile_catalogues
from referee.languages import LANGUAGES, TRANSLATED

compile_catalogues()

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)[sdr]|%%")
SKIP = re.compile(r"<(script|style|svg|template)\b.*?</\1>", re.S | re.I)
ATTRIBUTE = re.compile(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"')
HREF = re.compile(r'href="([^"#]+)')
MOST = 400  # pages a crawl visits at most (one of each shape of address)
HAND = (
    "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3; "
    "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1"
)  # Five-Up: Ana goes out


def english_fragments(lang: str) -> list[re.Pattern]:
    """The English of every msgid the catalogue says otherwise: each run of words between
    its placeholders (three letters or more), as a whole-word pattern; not those the
    language itself uses ("Start" is Polish too, "Domino!" is said in every language), nor
    the words of the move notation ("Ben 5-0 on 5-5", "Cleo draw 2", "Dan pass"), which
    the correction form writes in English and reads in every language (audit/correct.py)."""
    with open(LOCALEDIR / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        catalogue = [m for m in read_po(f, locale=lang) if m.id and m.string]
    said = " ".join(s for m in catalogue for s in (m.string if m.pluralizable else (m.string,)))
    notation = {w for words in LANGUAGES[0].moves for w in words}
    found = set()
    for m in catalogue:
        for msgid in m.id if m.pluralizable else (m.id,):
            for part in PLACEHOLDER.split(msgid):
                part = part.strip(" .,:;()–-·\"'“”")
                if len(re.sub(r"[^A-Za-z]", "", part)) >= 3 and part not in notation:
                    found.add(part)
    patterns = [re.compile(r"(?<![\w-])" + re.escape(p) + r"(?![\w-])") for p in sorted(found)]
    return [p for p in patterns if not p.search(said)]


def words_of(page: str, lang: str) -> str:
    """What a reader of `page` sees or hears: its text and its labels, without the parts
    marked as another language (the glossary's columns, the language switch)."""
    page = SKIP.sub(" ", page)
    other = re.compile(rf'<(\w+)\b[^>]*\blang="(?!{lang}")[^"]*"[^>]*>.*?</\1>', re.S)
    page = other.sub(" ", page[page.index(">", page.index("<html")) + 1 :])
    labels = " ".join(ATTRIBUTE.findall(page))
    text = re.sub(r"<[^>]+>", " ", page)
    return " ".join(htmllib.unescape(f"{text} {labels}").split())


def shape(url: str) -> str:
    """An address with its numbers and its query's values left out: one page of each."""
    parts = urlsplit(url)
    keys = sorted(k for k, _ in parse_qsl(parts.query))
    return re.sub(r"\d+", "N", parts.path) + "?" + "&".join(keys)


def crawl(app, client, seeds: list[str]) -> dict[str, str]:
    """Every HTML page reachable from the seeds by links to this app (GET only, redirects
    followed, the language switch left alone; the app's own absolute links, on its LAN
    address, too; refusals and "not found" pages as well): {address: page}."""
    routes = app.url_map.bind("localhost")
    pages, seen, todo = {}, set(), list(seeds)
    while todo and len(pages) < MOST:
        url = todo.pop(0)
        parts = urlsplit(url)
        if parts.path.startswith("/static/"):
            continue
        if "lang" in dict(parse_qsl(parts.query)) or shape(url) in seen:
            continue
        seen.add(shape(url))
        r = client.get(url, follow_redirects=True)
        if r.mimetype != "text/html":
            continue
        page = r.get_data(as_text=True)
        pages[url] = page
        for link in HREF.findall(page):
            full = urlsplit(urljoin(f"http://localhost{url}", htmllib.unescape(link)))
            try:
                routes.match(full.path)
            except HTTPException:  # another site's page (pagat.com...), or none
                continue
            todo.append(full.path + (f"?{full.query}" if full.query else ""))
    return pages


@pytest.fixture
def everything(app):
    """One of each thing the app holds, made through HTTP: matches of each variant (one
    settled, one ended, one mid-hand), a league with a night played, its club's members
    and cards, an event paired and started, a season. The addresses to start from."""
    league = League(app, {"Primera": ["Ancla", "Campana"]})
    fixture_id = league.fixtures[0][0]
    league.play(fixture_id, "Ancla", "Campana", wins=5)
    club = league.club
    season = club.post(
        f"/club/{club.key}/seasons",
        {"name": "Invierno", "year": "2026", "starts": "2026-01-05", "points": "places"},
    )
    director = Director(app.test_client())
    event = director.create(
        "five-up", ["Ana", "Ben", "Cleo", "Dan"], name="Noche", format="swiss", rounds=2, target=10
    )
    director.act(event, "pair")
    director.act(event, "start")

    phone = Phone(app.test_client())
    settled = phone.start("five-up", ["Ana", "Ben"], target=500)
    phone.moves(settled, HAND)
    phone.settle(settled, {"Ben": "3-2"})
    phone.moves(settled, "Ana 6-6")
    ended = phone.start("ctyrka", ["Ana", "Ben"], scoring="penalty", target=40)
    phone.moves(ended, CTYRKA_DOMINO)
    fc = phone.start("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    phone.moves(fc, "Ana 0-0; Ben 1-0 on 0-0")
    phone.post(f"/t/{settled}/public", {"public": "y"})
    captain = league.captains["Ancla"][0]
    seeds = ["/", "/rules", "/import", "/events/new", "/ladder", "/phone", "/nowhere"]
    seeds += [f"/new/{v}" for v in ("five-up", "french-connection", "ctyrka")]
    for t in (settled, ended, fc):
        seeds += [f"/t/{t}", f"/t/{t}/undo", f"/t/{t}/card", f"/t/{t}/close", f"/t/{t}/match"]
        seeds += [f"/t/{t}/hand/1", f"/t/{t}/hand/1/correct?k=1", f"/s/{phone.read_token(t)}"]
    seeds += [f"/t/{settled}?tile=6-5", f"/t/{settled}?tile=1-0", f"/t/{ended}/end"]
    seeds += [f"/t/{settled}/play", "/t/nosuchtable", "/e/nosuchevent"]  # 405, 404s
    seeds += [f"/e/{event}", f"/e/{event}/entrants", f"/e/{event}/cards"]
    seeds += [f"/club/{club.key}", f"/club/{club.key}/leagues", f"/club/{club.key}/seasons"]
    seeds += [season.location, f"/club/{club.key}/merge", f"/club/{club.key}/link"]
    seeds += [f"/league/{league.sec.key}", f"/league/{league.sec.key}/next"]
    seeds += [f"/leagues/{league.id}", f"/leagues/fixture/{fixture_id}", f"/m/{captain}"]
    seeds += [f"/m/{captain}/leagues", f"/m/{captain}/fixture/{league.fixtures[1][0]}"]
    return seeds


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_sentence_on_any_page(app, everything, lang):
    reader = app.test_client()
    reader.get(f"/?lang={lang}")  # the cookie: every page after it in this language
    pages = crawl(app, reader, everything)
    assert len(pages) >= 60, sorted(pages)  # the crawl reached the app's pages
    english = english_fragments(lang)
    left = Counter()
    where = {}
    for url, page in pages.items():
        assert f'<html lang="{lang}"' in page, url
        words = words_of(page, lang)
        for pattern in english:
            if found := pattern.search(words):
                left[pattern.pattern] += 1
                where.setdefault(
                    pattern.pattern, (url, words[found.start() - 60 : found.end() + 60])
                )
    assert not left, {p: (n, where[p]) for p, n in left.most_common()}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_offline_words_are_translated(app, lang):
    """offline.js's words (what a phone shows while the network is down)."""
    client = app.test_client()
    said = client.get(f"/offline/words.json?lang={lang}").get_json()
    same = [w for w, s in said.items() if w == s and re.search(r"[a-z]{3}", w)]
    assert said and same == []
