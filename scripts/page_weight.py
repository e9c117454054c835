"""Weigh the table page: the HTML and every same-host resource it loads, raw and compressed.

    .venv/bin/python scripts/page_weight.py           # a table of figures; exit 1 over the limit
    .venv/bin/python scripts/page_weight.py --json    # the same figures as JSON

It starts the app on a temporary SQLite database, starts a match of each variant (and of
Čtyřka with each of its sets), and records the first half of a random legal hand through
the app's own forms, as phones would (the same moves the engine's simulator played). It
then fetches the players' table page as it first loads, and again with a tile chosen (the
places highlighted, the confirm bar shown), and every resource the page loads from this
host: stylesheets, scripts, icons, images (`<link href>`, `<script src>`, `<img src>`,
`url(...)` in CSS). A reference to any other host is an error: the page loads nothing
from elsewhere.

The figures: **raw**, the bytes of each file as it is, uncompressed; **sent**, the bytes
the app sends to a browser that accepts gzip (Flask-Compress; files too small to be worth
compressing go as they are). THE LIMIT (50 KiB = 51,200 bytes) APPLIES TO THE RAW TOTAL of
every page measured, double-twelve included; the sent total is reported beside it.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from pathlib import Path
from urllib.parse import urljoin, urlsplit

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee.languages import CODES  # noqa: E402 (the languages, from the checkout)

LIMIT = 50 * 1024  # bytes, raw: 50 KiB (KiB: 1,024 bytes)

# (label, variant, players, options, seed)
TABLES = [
    ("Five-Up, 4 players", "five-up", 4, {}, 3),
    ("French Connection", "french-connection", 4, {}, 3),
    ("Čtyřka, 3 players (double-six)", "ctyrka", 3, {}, 3),
    ("Čtyřka, 5 players (double-nine)", "ctyrka", 5, {}, 3),
    ("Čtyřka, 13 players (double-twelve)", "ctyrka", 13, {}, 3),
    ("Fives & Threes, 4 players to 121 (the board)", "fives-and-threes", 4, {"target": 121}, 3),
    ("Mexican Train, 8 players (8 trains and the Mexican)", "mexican-train", 8, {}, 3),
]

CSRF = re.compile(r'name="csrf_token" (?:type="hidden" )?value="([^"]+)"')
LOADED = re.compile(
    r'<link\b[^>]*\bhref="([^"]+)"|<script\b[^>]*\bsrc="([^"]+)"|<img\b[^>]*\bsrc="([^"]+)"'
)
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")


def make_app(folder: Path):
    from app import migrated_app

    return migrated_app(
        {
            "TESTING": True,
            "SECRET_KEY": "page-weight",
            "RANDOM_SEED": 1,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'weight.sqlite'}",
        }
    )


NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana", "Ivo", "Jana", "Karel",
         "Lea", "Milo"]  # fmt: skip


def simulated_moves(variant: str, players: int, options: dict, seed: int):
    """The moves of one random legal hand, each play with the tile it was laid on (and on
    a hub of trains, its train: `Move.train`)."""
    from referee.engine import Match
    from referee.engine.simulate import play_hand

    names = NAMES[:players]
    hand = play_hand(Match(variant, names, options), random.Random(seed))
    out = []
    for m in hand.moves:
        if m.kind == "play":
            on = hand.laid_on(m.tile)
            train = "" if m.train is None else str(m.train)
            out.append(("play", m.player, str(m.tile), (str(on) if on else "", train)))
        elif m.kind == "draw":
            out.append(("draw", m.player, len(m.drawn) if m.drawn else m.count, None))
        else:
            out.append(("pass", m.player, None, None))
    return names, out


def start_table(client, variant: str, players: int, options: dict, seed: int):
    """A match whose current hand is half played, recorded through the app's forms.
    Returns (players' link, moves recorded, moves in the whole hand)."""
    token = CSRF.search(client.get("/import").get_data(as_text=True)).group(1)
    names, moves = simulated_moves(variant, players, options, seed)
    data = {"csrf_token": token, "count": players, **options}
    data.update({f"names-{i}": n for i, n in enumerate(names)})
    r = client.post(f"/new/{variant}", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    link = urlsplit(r.location).path
    half = len(moves) // 2
    for after, (kind, seat, what, on) in enumerate(moves[:half]):
        form = {"csrf_token": token, "hand": 1, "after": after, "seat": seat}
        if kind == "play":
            form.update(tile=what, on=on[0], train=on[1])
        elif kind == "draw":
            form.update(count=what)
        r = client.post(f"{link}/{kind}", data=form)
        assert r.status_code == 302, (kind, what, r.get_data(as_text=True)[:500])
    return link, half, len(moves)


def fetch(client, url: str) -> tuple[bytes, int, str]:
    """(raw body, bytes sent to a browser that takes gzip, content type)."""
    raw = client.get(url, headers={"Accept-Encoding": "identity"})
    assert raw.status_code == 200, (url, raw.status_code)
    sent = client.get(url, headers={"Accept-Encoding": "gzip"})
    body = sent.get_data()
    return raw.get_data(), len(body), raw.mimetype


def resources(url: str, body: bytes, mimetype: str) -> list[str]:
    """The same-host URLs a page or stylesheet loads; an error for any other host."""
    text = body.decode("utf-8")
    if mimetype == "text/css":
        found = CSS_URL.findall(text)
    else:
        found = [next(g for g in m if g) for m in LOADED.findall(text)]
    out = []
    for ref in found:
        if ref.startswith("data:") or ref.startswith("#"):
            continue
        full = urljoin("http://localhost" + url, ref)
        parts = urlsplit(full)
        if parts.netloc != "localhost":
            raise SystemExit(f"{url} loads {ref} from another host")
        out.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return out


def weigh(client, url: str) -> list[dict]:
    """Every file the page at url loads, the page first: url, type, raw and sent bytes."""
    files, todo, seen = [], [url], set()
    while todo:
        u = todo.pop(0)
        if u in seen:
            continue
        seen.add(u)
        raw, sent, mimetype = fetch(client, u)
        files.append({"url": u, "type": mimetype, "raw": len(raw), "sent": sent})
        if mimetype in ("text/html", "text/css"):
            todo += resources(u, raw, mimetype)
    return files


def first_fitting_tile(client, link: str) -> str:
    html = client.get(link).get_data(as_text=True)
    picker = html[html.index('id="picker"') :]
    return re.search(r'<button name="tile" value="([\d-]+)" aria-label', picker).group(1)


def measure(lang: str | None = None) -> list[dict]:
    """The figures of every table page measured (see the module's docstring), in the
    language `lang` (a code of referee/languages.py: chosen once with ?lang=, kept in the
    cookie) if given."""
    results = []
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        client = app.test_client()
        if lang:
            client.get(f"/?lang={lang}")
        for label, variant, players, options, seed in TABLES:
            link, done, total = start_table(client, variant, players, options, seed)
            tile = first_fitting_tile(client, link)
            for state, url in (("as it loads", link), (f"{tile} chosen", f"{link}?tile={tile}")):
                files = weigh(client, url)
                html = client.get(url).get_data(as_text=True)
                results.append(
                    {
                        "table": label,
                        "lang": re.search(r'<html lang="([^"]*)"', html).group(1),
                        "state": state,
                        "moves": f"{done} of {total}",
                        "files": files,
                        "raw": sum(f["raw"] for f in files),
                        "sent": sum(f["sent"] for f in files),
                    }
                )
        with app.app_context():
            from referee.web.store import db

            db.session.remove()
            db.engine.dispose()
    return results


def report(results: list[dict]) -> str:
    limit = f"{LIMIT // 1024} KiB = {LIMIT:,} bytes"
    lines = [f"The table page and everything it loads (limit: {limit} raw)", ""]
    for r in results:
        lines.append(f"{r['table']}, move {r['moves']}, {r['state']}:")
        for f in r["files"]:
            url = re.sub(r"/[st]/[^/?]+", "/t/<token>", f["url"])
            lines.append(f"  {url:<44} {f['type']:<16} {f['raw']:>8,} raw {f['sent']:>8,} sent")
        verdict = "ok" if r["raw"] <= LIMIT else "OVER THE LIMIT"
        lines.append(f"  {'total':<61} {r['raw']:>8,} raw {r['sent']:>8,} sent  {verdict}")
        lines.append("")
    worst = max(results, key=lambda r: r["raw"])
    lines.append(
        f"Heaviest: {worst['table']} ({worst['state']}), {worst['raw']:,} bytes raw, "
        f"{worst['sent']:,} sent."
    )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--lang", choices=CODES, help="weigh the pages in this language")
    args = parser.parse_args(argv)
    import logging

    logging.getLogger("alembic").setLevel(logging.WARNING)
    results = measure(args.lang)
    if args.json:
        print(json.dumps({"limit": LIMIT, "pages": results}, indent=1))
    else:
        print(report(results))
    over = [r for r in results if r["raw"] > LIMIT]
    if over:
        print(f"{len(over)} page(s) over the limit of {LIMIT:,} bytes", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
