"""The web fuzzer: hostile values in every field of every POST route, sent with real CSRF
tokens (and sometimes without), on SQLite and PostgreSQL. After every request: no 5xx;
a refusal (4xx) says why on the page and leaves the database exactly as it was; and the
pages of a match a request changed still answer.

FUZZ_EXAMPLES sets the number of requests per database (default 100, a CI-sized run);
docs/reliability.md has the figures of a larger run. The CI-sized run is derandomized (the
same requests every time): 100 random requests are sometimes all refused, and the test
must see both answers to mean anything; a larger run draws new requests.
"""

from __future__ import annotations

import io
import json
import os
import re
import resource
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelpers import Phone, text_of

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
FIXED = "FUZZ_EXAMPLES" not in os.environ

HOSTILE = st.sampled_from(
    [
        "",
        " ",
        "0",
        "1",
        "2",
        "-1",
        "3",
        "13",
        "14",
        "9" * 10,
        "9" * 309,
        "1e400",
        "nan",
        "inf",
        "0x10",
        "٣",
        "5-5",
        "5-0",
        "6-6",
        "0-0",
        "9-9",
        "12-12",
        "6-4",
        "[6|4]",
        "64",
        "7-x",
        "Ana",
        "ana",
        "Ben",
        "A+B",
        "Ana\nBen",
        "\x00",
        "a\x00b",
        "\ud7ff",
        "Čeněk",
        "李",
        "x" * 41,
        "x" * 5000,
        "\u202eEvil",
        "<script>alert(1)</script>",
        "\"'><img src=x>",
        "penalty",
        "victory",
        "sudden-death",
        "true",
        "null",
        "[]",
        "{}",
    ]
)
VALUES = st.one_of(HOSTILE, st.text(max_size=30), st.integers(-(10**12), 10**12).map(str))
RECORDS = st.sampled_from(
    [
        "[" * 990 + "]" * 990,
        "{",
        "null",
        "[]",
        '{"format": "domino-record/1"}',
        json.dumps({"format": "domino-record/1", "variant": 5, "players": ["A", "B"], "hands": []}),
        json.dumps(
            {
                "format": "domino-record/1",
                "variant": "five-up",
                "players": ["A", "A+B"],
                "hands": [],
            }
        ),
        json.dumps(
            {
                "format": "domino-record/1",
                "variant": "five-up",
                "players": ["Ana", "Ben"],
                "options": {"target": 10**400},
                "hands": [],
            }
        ),
        json.dumps(
            {
                "format": "domino-record/1",
                "variant": "ctyrka",
                "players": ["Ana", "Ben"],
                "options": {"scoring": "victory", "target": 50},
                "hands": [
                    {
                        "moves": [
                            {"player": "Ana", "play": "6-6"},
                            {"player": "Ben", "play": "6-5", "on": "6-6"},
                        ]
                    }
                ],
            }
        ),
        json.dumps(
            {
                "format": "domino-record/1",
                "variant": "five-up",
                "players": ["Čeněk", "李"],
                "hands": [{"moves": [{"player": "李", "play": "5-5"}]}],
            }
        ),
    ]
)
ROUTES = ["start", "import", "play", "draw", "pass", "lot", "undo", "end"]
FIELDS = {
    "start": ["count", "names-0", "names-1", "names-2", "names-3", "names-13", "target", "scoring"],
    "import": ["text", "file", "check", "carry_on"],
    "play": ["hand", "after", "seat", "tile", "on"],
    "draw": ["hand", "after", "seat", "count"],
    "pass": ["hand", "after", "seat"],
    "lot": ["hand", "after"],
    "undo": ["hand", "after", "settled"],
    "end": ["hand", "after", "left-0", "left-1", "left-2", "left-9"],
}
ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]
LEGAL = [
    (ROOT / "tests" / "records" / f"{name}.json").read_text(encoding="utf-8")
    for name in ("fiveup_2p_match", "ctyrka_3p_domino_tiedblock", "french_full")
]
RECORDS = st.one_of(RECORDS, st.sampled_from(LEGAL))
TILE = st.sampled_from(["5-5", "5-0", "5-1", "0-0", "6-6", "6-5", "6-4", "4-4", "0-1"])
PLAUSIBLE = {
    "hand": st.sampled_from(["1", "1", "2"]),
    "after": st.sampled_from(["0", "1", "2", "3"]),
    "seat": st.sampled_from(["0", "1", "2", "3"]),
    "tile": TILE,
    "on": TILE,
    "count": st.sampled_from(["1", "2", "3", "4"]),
    "settled": st.sampled_from(["0", "1"]),
    "target": st.sampled_from(["61", "100", "1000"]),
    "scoring": st.sampled_from(["penalty", "victory"]),
    "check": st.just("1"),
    "carry_on": st.just("1"),
}


def plausible(name: str):
    if name.startswith("names-"):
        return st.sampled_from(["Ana", "Ben", "Cleo", "Dan", "Eve"]).map(
            lambda n, i=name[6:]: f"{n}{i}"
        )
    if name.startswith("left-"):
        return st.sampled_from(["", "6-6 5-4", "0-0", "3-2, 1-1"])
    return PLAUSIBLE.get(name, VALUES)


REQUESTS = st.fixed_dictionaries(
    {
        "route": st.sampled_from(ROUTES),
        "variant": st.sampled_from(
            ["five-up", "french-connection", "ctyrka", "ctyrka", "chess", "\x00"]
        ),
        "table": st.sampled_from([0, 1, 2, "\x00", "nothing", "a" * 65]),
        "csrf": st.sampled_from(["real"] * 8 + ["none", "bogus"]),
        "fields": st.data(),
    }
)


def has_message(html: str) -> bool:
    """Whether a refused page says why: a refusal box, a field error or a verdict."""
    if (text_of(html, "refused") or "").strip() or (text_of(html, "verdict") or "").strip():
        return True
    return re.search(r'<ul class="errors"[^>]*><li>\s*\S', html) is not None


def tables(phone: Phone) -> list[str]:
    """Three tables to write at: a Five-Up hand under way, a Čtyřka one, a French Connection
    hand over and waiting for its settlement."""
    five = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(five, "Ana 5-5; Ben 5-0 on 5-5")
    ctyrka = phone.start("ctyrka", ["Ana", "Ben", "Cleo"], scoring="victory")
    phone.moves(ctyrka, "Ana 6-6")
    fc = phone.start("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    return [five, ctyrka, fc]


def fuzz(app, rows, examples: int) -> dict:
    phone = Phone(app.test_client())
    tokens = tables(phone)
    seen = {"requests": 0, "refused": 0, "accepted": 0}

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=FIXED,
        suppress_health_check=list(HealthCheck),
    )
    @given(REQUESTS)
    def one(request):
        route, data = request["route"], {}
        draw = request["fields"].draw
        for name in FIELDS[route]:
            if not draw(st.integers(0, 9)):
                continue  # a field left out
            if name == "file":
                legal_or_not = st.one_of(st.sampled_from(LEGAL), RECORDS)  # some accepted
                data["file"] = (io.BytesIO(draw(legal_or_not).encode()), "r.json")
            elif name == "text":
                data["text"] = draw(st.one_of(RECORDS, VALUES))
            else:
                data[name] = draw(st.one_of(plausible(name), plausible(name), VALUES))
        if route == "start" and "count" in data and draw(st.booleans()):
            data["count"] = str(sum(1 for k in data if k.startswith("names-")))
        if request["csrf"] == "real":
            data["csrf_token"] = phone.csrf
        elif request["csrf"] == "bogus":
            data["csrf_token"] = "bogus"
        table = request["table"]
        token = tokens[table] if isinstance(table, int) else quote(table, safe="")
        url = {"start": f"/new/{quote(request['variant'], safe='')}", "import": "/import"}.get(
            route, f"/t/{token}/{route}"
        )
        before = rows()
        r = phone.client.post(url, data=data, content_type="multipart/form-data")
        seen["requests"] += 1
        html = r.get_data(as_text=True)
        assert r.status_code < 500, (url, data, html[:2000])
        if r.status_code >= 400:
            seen["refused"] += 1
            assert rows() == before, (url, data, "a refusal changed the database")
            assert has_message(html), (url, data, html[:3000])
        else:
            seen["accepted"] += 1
            where = r.location if r.status_code == 302 else url
            match = re.search(r"/t/([A-Za-z0-9_-]+)", where or "")
            if match:
                for page in ("", "/match", "/record.json", "/hand/1", "/undo", "/end"):
                    got = phone.get(f"/t/{match.group(1)}{page}")
                    assert got.status_code < 500, (url, data, page)

    one()
    return seen


def test_fuzzed_posts_never_fail_and_every_refusal_is_clean(app, rows):
    seen = fuzz(app, rows, EXAMPLES)
    assert seen["requests"] >= EXAMPLES // 2 and seen["refused"] and seen["accepted"]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"\nweb fuzz ({app.config['DB_KIND']}): {seen}, peak memory {peak} MB")
