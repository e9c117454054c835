"""The route fuzz: every rule of the app's url_map, GET and POST, with hostile values in
each of its parts (huge, negative and zero ids, NUL, control and direction characters,
other scripts, long text, path traversal), hostile query strings, hostile forms sent with
a real CSRF token (every field the app's forms have, all at once and one by one beside
plausible values), and hostile JSON (deep nesting), against an app holding real objects:
a club with members and cards, a league with its fixtures, an event under way, a season,
a match in play and an abandoned one, so that each route reaches its deep code. On
SQLite and PostgreSQL; after every request: no 5xx and no traceback.

Deterministic: the cases are enumerated, the mixed forms drawn from a seeded generator.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import sqlalchemy as sa
from eventhelpers import Director
from leaguehelpers import League
from webhelpers import Phone
from werkzeug.routing import IntegerConverter

from referee.web.leagues.models import Division
from referee.web.store import db

# The parts of a URL, by converter.
BIG_IDS = [0, 2**31 - 1, 2**31, 2**32, 2**63 - 1, 2**63, 2**64, 10**30]
HOSTILE_PARTS = [
    "-1",
    "\x00",
    "a\x00b",
    "\x1b[2J",
    "\x7f",
    "\u202eevil",
    "李",
    "..",
    "../../etc/passwd",
    "%2e%2e%2f",
    "x" * 300,
    " ",
    "9" * 40,
    "<script>",
]
# What the fields of forms and query strings get.
HOSTILE_VALUES = [
    "",
    "\x00",
    "a\x00b",
    "\x1b[31mred",
    "Ana\x7f",
    "\u202eEvil",
    "\u2066x",
    "9" * 40,
    str(2**31),
    str(2**63),
    "-1",
    "0",
    "1e400",
    "nan",
    "李",
    "x" * 5000,
    "<script>alert(1)</script>",
    "//evil.example",
    "/\t/evil.example",
    "/\\evil.example",
    "[]",
]
# Deep JSON, for the routes that read JSON.
DEEP_JSON = ["[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000]


@dataclass
class World:
    """The real objects the routes act on; `parts[(prefix, arg)]`: real values of an
    argument of the rules whose path starts with `prefix`."""

    parts: dict = field(default_factory=dict)
    plausible: dict = field(default_factory=dict)  # form field -> real-looking values

    def values(self, rule: str, arg: str) -> list:
        for (prefix, name), found in self.parts.items():
            if name == arg and rule.startswith(prefix):
                return found
        return self.parts.get(("", arg), ["1"])


def build_world(app) -> World:
    """A club with members (a card each for the captains), a league of two teams with its
    fixtures, an event with a started round, a season with the event in it, a match in
    play (at an event's table and by hand), an abandoned match, a named phone."""
    w = World()
    lg = League(app, {"North": ["Anchor", "Bell"]})
    club, sec = lg.club, lg.sec
    members = [m for squad in lg.squads.values() for m in squad]
    captain = lg.captains["Anchor"][0]
    fixture = lg.fixtures[0][0]
    with app.app_context():
        divisions = [d.id for d in db.session.execute(sa.select(Division)).scalars()]
        db.session.remove()
    teams = list(lg.teams.values())

    director = Director(app.test_client())
    director.client = club.client  # one session: one CSRF token
    director._token = club.csrf
    names = ["Ana", "Ben", "Cleo", "Dan"]
    season_r = club.post(f"/club/{club.key}/seasons", {"name": "Winter", "best": ""})
    assert season_r.status_code == 302, season_r.get_data(as_text=True)[:2000]
    season = int(season_r.location.rsplit("/", 1)[1])
    event = director.create("five-up", names, format="round-robin", rounds=3, target=10)
    director.act(event, "pair")
    director.act(event, "start")
    public = director.public_token(event)
    tables = director.table_ids(event)
    links = [link.rsplit("/", 1)[1] for link in director.table_links(event)]
    page = director.entrants(event)
    entrants = sorted({int(x) for x in re.findall(r"/entrants/(\d+)/", page)})
    r = club.post(f"/club/{club.key}/seasons/{season}/events", {"event": "1"})
    assert r.status_code in (302, 200), r.status_code

    phone = Phone(club.client)
    phone._token = club.csrf
    live = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(live, "Ana 5-5; Ben 5-0 on 5-5")
    gone = phone.start("five-up", ["Cleo", "Dan"])
    phone.moves(gone, "Cleo 5-5")
    assert phone.post(f"/t/{gone}/abandon", {"reason": "The hall closed"}).status_code == 302
    at_event = director.get(f"/et/{links[0]}").location.rsplit("/", 1)[1]
    spectators = [_read_token(phone, t) for t in (live, gone, at_event)]
    assert phone.post("/phone", {"name": "Ben's phone"}).status_code == 302

    w.parts = {
        ("/t/", "token"): [live, gone, at_event],
        ("/s/", "token"): spectators,
        ("/series/", "token"): spectators[2:],
        ("/e/", "token"): [event],
        ("/et/", "token"): links[:1],
        ("/p/", "token"): [public],
        ("/m/", "token"): [captain],
        ("/club/", "key"): [club.key],
        ("/league/", "key"): [sec.key],
        ("/league/", "what"): ["division", "team", "squad", "captain", "fixtures"],
        ("", "variant"): ["five-up", "ctyrka"],
        ("", "member_id"): members[:1],
        ("", "league_id"): [lg.id],
        ("", "fixture_id"): [fixture],
        ("", "season_id"): [season],
        ("", "event_id"): [1],
        ("", "entrant"): entrants[:1],
        ("", "table"): tables[:1],
        ("", "number"): [1],
        ("", "k"): [1],
        ("", "filename"): ["style.css"],
    }
    ids = {
        "member": members[:3],
        "gone": members[3:4],
        "kept": members[4:5],
        "team": teams,
        "division": divisions,
        "season": [season],
        "event": [1],
        "a": entrants[:2],
        "b": entrants[2:],
        "game": [0, 1],
        "side": [0, 1],
        "match": [1],
    }
    assert all(ids.values()), ids
    w.plausible = {k: [str(v) for v in vs] for k, vs in ids.items()} | PLAUSIBLE
    return w


def _read_token(phone: Phone, token: str) -> str:
    html = phone.table(token)
    return re.search(r'href="[^"]*/s/([A-Za-z0-9_-]+)"', html).group(1)


PLAUSIBLE = {
    "name": ["Ivy", "Winter league"],
    "short": ["", "Iv"],
    "reason": ["The hall closed"],
    "what": ["lineup", "score", "confirm", "sign", "postpone", "no_show", "correct"],
    "pin": ["1234", "000000"],
    "score": ["61-30", "10"],
    "hand": ["1", "2"],
    "after": ["0", "1", "2"],
    "seat": ["0", "1"],
    "tile": ["5-5", "5-0", "6-6"],
    "on": ["5-5", ""],
    "count": ["1", "2"],
    "k": ["1", "2"],
    "moves": ["Ana 5-5; Ben 5-0 on 5-5", "Cleo 5-5"],
    "total": ["0", "1", "2"],
    "confirm": ["1"],
    "entrant": ["Ivy"],
    "entrants": ["Ana\nBen\nCleo"],
    "round": ["1", "2"],
    "time_cap": ["30"],
    "day": ["2026-10-01"],
    "starts": ["2026-09-01"],
    "year": ["2026"],
    "preset": ["leek"],
    "variant": ["five-up"],
    "format": ["round-robin", "swiss"],
    "rounds": ["2"],
    "target": ["61", "10"],
    "active": ["1", "0"],
    "next": ["/", "/rules"],
    "record": [""],
    "move": ["1"],
    "code": ["ABCDEFGH"],
    "up": ["1"],
    "down": ["1"],
    "places": ["10-8-6"],
    "best": ["2", ""],
    "reseat": ["1", ""],
    "g0p0": ["1"],
    "l0h": ["61"],
    "l0a": ["30"],
    "l0n": ["5"],
    "left-0": ["6-6"],
    "names-0": ["Ana"],
    "names-1": ["Ben"],
}
# Every field a form of the app has (the templates'), and the few made in code.
EXTRA_FIELDS = [
    "tile",
    "on",
    "code",
    "sure",
    "public",
    "text",
    "check",
    "carry_on",
    "language",
    "scoring",
    "names-0",
    "names-1",
    "g0p0",
    "g6p1",
    "l0h",
    "l0a",
    "l0n",
    "left-0",
    "left-1",
    "auto-0",
    "lang",
    "fragment",
    "players",
    "do",
]


def form_fields() -> list[str]:
    root = Path(__file__).resolve().parents[2] / "templates"
    found = set()
    for path in root.rglob("*.html"):
        found.update(re.findall(r'name="([a-z_][a-z0-9_-]*)"', path.read_text("utf-8")))
    found -= {"csrf_token", "viewport", "referrer", "theme-color"}
    return sorted(found | set(EXTRA_FIELDS))


FIELDS = form_fields()


@dataclass
class Case:
    method: str
    url: str
    data: dict | None = None
    json: str | None = None


def urls(rule, w: World) -> tuple[list[str], list[str]]:
    """(the rule's URLs with real parts, its URLs with one hostile part each)."""
    args = sorted(rule._converters)
    real = [{a: w.values(rule.rule, a)[0] for a in args}]
    for a in args:  # each other real value of each part
        for v in w.values(rule.rule, a)[1:]:
            real.append(real[0] | {a: v})
    hostile = []
    for a in args:
        numeric = isinstance(rule._converters[a], IntegerConverter)
        values = [str(v) for v in BIG_IDS] if numeric else []
        for v in values + HOSTILE_PARTS:
            hostile.append(real[0] | {a: v})
    return [_build(rule.rule, p) for p in real], [_build(rule.rule, p) for p in hostile]


def _build(rule: str, parts: dict) -> str:
    def part(m):
        name = m.group(1).split(":")[-1]
        return quote(str(parts[name]), safe="/" if m.group(1).startswith("path:") else "")

    return re.sub(r"<([^>]+)>", part, rule)


def forms(w: World, rng: random.Random, mixed: int) -> list[dict]:
    """Hostile forms: each hostile value in every field, then `mixed` forms of plausible
    values with a third of the fields hostile."""
    out = [{f: v for f in FIELDS} | {"confirm": "1"} for v in HOSTILE_VALUES]
    whats = PLAUSIBLE["what"]
    for i, form in enumerate(out):
        form["what"] = whats[i % len(whats)]
    for _ in range(mixed):
        form = {}
        for f in FIELDS:
            if rng.random() < 0.3:
                form[f] = rng.choice(HOSTILE_VALUES)
            elif f in w.plausible:
                form[f] = rng.choice(w.plausible[f])
        out.append(form)
    return out


def cases(app, w: World) -> list[Case]:
    rng = random.Random(20261201)
    out: list[Case] = []
    last: list[Case] = []  # the acts that end a link (a new key, a deleted match): at the end
    queries = [_qs({f: v for f in FIELDS}) for v in HOSTILE_VALUES if len(v) < 100]
    queries.append(_qs({f: "x" * 5000 for f in ("next", "q", "moves", "name")}))
    hostile_forms = forms(w, rng, 12)
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        real, hostile = urls(rule, w)
        methods = rule.methods - {"HEAD", "OPTIONS"}
        if "GET" in methods:
            out += [Case("GET", u) for u in real + hostile]
            out += [Case("GET", real[0] + "?" + q) for q in queries]
        if "POST" in methods:
            ends = rule.rule.endswith(("/renew", "/delete", "/finish")) or "<what>" in rule.rule
            into = last if ends else out
            into += [Case("POST", u, {}) for u in hostile]
            for u in real:
                into += [Case("POST", u, f) for f in hostile_forms]
                into += [Case("POST", u, json=j) for j in DEEP_JSON]
    return out + last


def _qs(query: dict) -> str:
    return "&".join(f"{quote(k)}={quote(v)}" for k, v in query.items())


def send(phone: Phone, case: Case):
    if case.json is not None:
        return phone.client.post(
            case.url,
            data=case.json,
            content_type="application/json",
            headers={"X-CSRFToken": phone.csrf},
        )
    if case.method == "GET":
        return phone.client.get(case.url)
    return phone.post(case.url, case.data)


def _endpoint(app, case: Case) -> str:
    try:
        return app.url_map.bind("x").match(case.url.split("?")[0], case.method)[0]
    except Exception:  # noqa: BLE001  (a URL no rule takes)
        return "?"


def test_every_route_answers_hostile_input_without_a_5xx(app):
    """Every rule of the url_map, GET and POST, hostile parts, queries, forms and JSON:
    no 5xx and no traceback; some requests are accepted (the world is real) and most
    refused."""
    w = build_world(app)
    phone = Phone(app.test_client())
    found = []
    statuses: Counter = Counter()
    todo = cases(app, w)
    for case in todo:
        try:
            r = send(phone, case)
        except Exception as e:  # noqa: BLE001  (a 500 the test client raised)
            found.append((case, f"{type(e).__name__}: {e}"[:300]))
            continue
        statuses[r.status_code // 100] += 1
        body = r.get_data().decode("utf-8", "replace")
        if r.status_code >= 500 or "Traceback (most recent call last)" in body:
            found.append((case, f"{r.status_code} {body[:200]!r}"))
    rules = len(list(app.url_map.iter_rules()))
    print(f"\n{rules} rules, {len(todo)} requests: {dict(sorted(statuses.items()))}")
    seen: dict = {}  # one line per route and kind of failure
    for c, why in found:
        key = (c.method, _endpoint(app, c), why[:60])
        seen[key] = (c, why, seen.get(key, (0, 0, 0))[2] + 1)
    lines = []
    for c, why, n in seen.values():
        sent = str(c.data)[:100] if c.data else "JSON" if c.json else ""
        lines.append(f"{n}x {c.method} {c.url[:100]!r} {sent}: {why}")
    assert not found, f"{len(found)} failures:\n" + "\n".join(lines)
    assert statuses[2] > 100 and statuses[4] > statuses[2], statuses
