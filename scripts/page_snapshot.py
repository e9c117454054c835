#!/usr/bin/env python3
"""Render a fixed set of pages with a fixed seed and secret key, to show that a change of
the code changes no page, URL, record or header a user sees.

    .venv/bin/python scripts/page_snapshot.py DIR            # write every page into DIR
    .venv/bin/python scripts/page_snapshot.py --compare DIR  # render again, diff with DIR

The pages: home, rules, the start and import forms, a table of each variant mid-hand as
the players and the spectators see it (page, fragment, version, a tile chosen), a hand
page, a match page, the undo and end-of-hand forms, the record downloads, the players'
card, the audit log, the error pages, and an event's director, public and TV pages. The
links' tokens and table codes come from a seeded generator; CSRF tokens, times and the
phone id cookie are masked. Each file holds the status, the headers a user's browser
reads and the body. tests/web/test_page_snapshot.py runs it twice and compares.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import random
import re
import secrets
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

HEADERS = ("Content-Type", "Content-Disposition", "Cache-Control", "Location", "X-Table-Fragment")
MASKS = [
    (re.compile(r"I[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{10,}"), "CSRF"),
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(\+00:00|Z)?"), "TIME"),
    (re.compile(r'(data-rendered(?:-at)?=")\d+'), r"\1RENDERED"),
    (re.compile(r'("rendered_at":\s*)\d+'), r"\1RENDERED"),
    (re.compile(r"\b1[6-9]\d{8}\b"), "EPOCH"),  # a time in seconds
    (re.compile(r">\d\d:\d\d(:\d\d)?</time>"), ">TIME</time>"),
    (re.compile(r"\b\d{18}\b"), "STAMP"),  # an event's version: when it last changed
]


def masked(text: str) -> str:
    for pattern, by in MASKS:
        text = pattern.sub(by, text)
    return text


@contextlib.contextmanager
def seeded():
    """Links, codes and phone ids from a seeded generator (the same at every run)."""
    rng = random.Random(18)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    kept = secrets.token_urlsafe, secrets.choice
    secrets.token_urlsafe = lambda n=16: "".join(rng.choice(alphabet) for _ in range(n + n // 3))
    secrets.choice = rng.choice
    try:
        yield
    finally:
        secrets.token_urlsafe, secrets.choice = kept


def pages() -> dict[str, str]:
    """name -> what the snapshot keeps of the answer."""
    with seeded():
        return _pages()


def _pages() -> dict[str, str]:
    from eventhelpers import Director
    from webhelpers import CTYRKA_DOMINO, Phone

    from app import migrated_app
    from referee.web.store import db

    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        app = migrated_app(
            {
                "TESTING": True,
                "SECRET_KEY": "snapshot",
                "RANDOM_SEED": 7,
                "WTF_CSRF_ENABLED": True,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/referee.sqlite",
                "RENDERED_DIR": f"{tmp}/rendered",
            }
        )
        phone = Phone(app.test_client())

        def keep(name: str, url: str, method: str = "GET", **kw) -> None:
            r = phone.post(url, **kw) if method == "POST" else phone.get(url, **kw)
            head = [f"{r.status_code}"] + [
                f"{h}: {r.headers[h]}" for h in HEADERS if h in r.headers
            ]
            body = r.get_data(as_text=True)
            out[name] = masked("\n".join(head) + "\n\n" + body)
            r.close()

        for name, url in [
            ("home", "/"),
            ("rules_index", "/rules"),
            ("rules_five-up", "/rules/five-up"),
            ("rules_ctyrka", "/rules/ctyrka"),
            ("rules_unknown", "/rules/chess"),
            ("start_five-up", "/new/five-up"),
            ("start_ctyrka", "/new/ctyrka?players=3"),
            ("import", "/import"),
            ("not_found", "/nowhere"),
        ]:
            keep(name, url)

        games = {
            "five-up": (["Ana", "Ben"], "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0", "5-3"),
            "french-connection": (["Ana", "Ben", "Cleo", "Dan"], None, None),
            "ctyrka": (["Ana", "Ben"], "Ana 5-5; Ben 5-1 on 5-5; Ana 5-0 on 5-5", "2-1"),
        }
        tokens = {}
        for variant, (names, moves, chosen) in games.items():
            t = phone.start(variant, names)
            tokens[variant] = t
            if moves:
                phone.moves(t, moves)
            s = phone.read_token(t)
            for kind, link in (("t", t), ("s", s)):
                keep(f"{variant}_{kind}_table", f"/{kind}/{link}")
                keep(f"{variant}_{kind}_fragment", f"/{kind}/{link}?fragment=1")
                keep(f"{variant}_{kind}_version", f"/{kind}/{link}/version")
                keep(f"{variant}_{kind}_hand", f"/{kind}/{link}/hand/1")
                keep(f"{variant}_{kind}_match", f"/{kind}/{link}/match")
                keep(f"{variant}_{kind}_record", f"/{kind}/{link}/record.json")
                keep(f"{variant}_{kind}_audit", f"/{kind}/{link}/audit.json")
                keep(f"{variant}_{kind}_nohand", f"/{kind}/{link}/hand/9")
            if chosen:
                keep(f"{variant}_t_chosen", f"/t/{t}?tile={chosen}")
                keep(f"{variant}_t_bad_tile", f"/t/{t}?tile=9-x")
            keep(f"{variant}_t_undo", f"/t/{t}/undo")
            keep(f"{variant}_t_card", f"/t/{t}/card")
            keep(f"{variant}_s_play", f"/s/{s}/play", "POST", data={})
            keep(f"{variant}_s_undo", f"/s/{s}/undo")
            keep(f"{variant}_t_end_early", f"/t/{t}/end")

        # a refused move, a move by the table's script (the fragment as its answer)
        t = tokens["five-up"]
        keep(
            "five-up_refused",
            f"/t/{t}/play",
            "POST",
            data={"hand": 1, "after": 3, "seat": 1, "tile": "6-6", "on": "5-5"},
        )
        keep(
            "five-up_stale",
            f"/t/{t}/play",
            "POST",
            data={"hand": 1, "after": 1, "seat": 1, "tile": "6-6"},
        )
        keep(
            "five-up_fetch_play",
            f"/t/{t}/play",
            "POST",
            data={"hand": 1, "after": 3, "seat": 1, "tile": "5-3", "on": "5-5"},
            headers={"X-Requested-With": "fetch"},
        )
        keep("five-up_t_table_after", f"/t/{t}")

        # Čtyřka to the end of a hand: the end-of-hand form, then the settlement
        t = phone.start("ctyrka", ["Ana", "Ben"])
        phone.moves(t, CTYRKA_DOMINO)
        keep("ctyrka_end_form", f"/t/{t}/end")
        keep("ctyrka_domino_table", f"/t/{t}")
        keep(
            "ctyrka_end_refused",
            f"/t/{t}/end",
            "POST",
            data={"hand": 1, "after": 13, "left-1": "9-9"},
        )
        phone.settle(t, {"Ben": "6-3"})
        keep("ctyrka_settled_table", f"/t/{t}")
        keep("ctyrka_settled_hand", f"/t/{t}/hand/1")
        keep("ctyrka_settled_match", f"/t/{t}/match")
        keep("ctyrka_settled_record", f"/t/{t}/record.json")
        keep("ctyrka_settled_undo", f"/t/{t}/undo")

        # an import: checked, and carried on
        body = phone.get(f"/t/{t}/record.json").get_data()
        keep("import_checked", "/import", "POST", data={"text": body.decode()})
        keep("import_bad", "/import", "POST", data={"text": "{not json"})
        keep("import_empty", "/import", "POST", data={})

        # an event: the director's, public and TV pages
        director = Director(app.test_client())
        e = director.create("five-up", ["Ana", "Ben", "Cleo", "Dan"], format="swiss", rounds=2)
        director.act(e, "pair")
        director.act(e, "start")
        r = director.get(f"/e/{e}")
        out["event_director"] = masked(r.get_data(as_text=True))
        p = director.public_token(e)
        for name, url in [
            ("event_public", f"/p/{p}"),
            ("event_tv", f"/p/{p}/tv"),
            ("event_standings", f"/p/{p}/standings.json"),
            ("event_standings_csv", f"/p/{p}/standings.csv"),
            ("event_cards", f"/e/{e}/cards"),
        ]:
            keep(name, url)
        # another language, then back
        keep("five-up_t_table_pl", f"/t/{tokens['five-up']}?lang=pl")
        keep("home_pl", "/")
        keep("home_cs", "/?lang=cs")
        keep("home_en", "/?lang=en")
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--compare", action="store_true", help="diff with the pages in DIR")
    args = parser.parse_args()
    got = pages()
    if not args.compare:
        args.folder.mkdir(parents=True, exist_ok=True)
        for name, text in got.items():
            (args.folder / f"{name}.txt").write_bytes(text.encode("utf-8"))
        print(f"{len(got)} pages written to {args.folder}")
        return 0
    differ = 0
    kept = {p.stem: p.read_bytes().decode("utf-8") for p in args.folder.glob("*.txt")}
    for name in sorted(set(kept) | set(got)):
        a, b = kept.get(name, ""), got.get(name, "")
        if a != b:
            differ += 1
            diff = difflib.unified_diff(
                a.splitlines(), b.splitlines(), f"before/{name}", f"now/{name}", lineterm="", n=1
            )
            print("\n".join(list(diff)[:40]))
    print(f"{len(got)} pages, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
