"""Make a club to measure: members and decided matches of theirs, written straight into a
database through the app's models (Core bulk inserts on their tables).

    .venv/bin/python scripts/gen_club.py DATABASE [--members 200] [--matches 20000] [--seed 1]

DATABASE is a SQLite file (made and migrated if new) or a SQLAlchemy URL. The matches are
real ones: a pool of matches per table (Five-Up for 2, 3 and 4 players in pairs, French
Connection, Čtyřka for 4) is played to the end by the engine's random legal moves
(`referee.engine.simulate`, full records: the deals, every move, the tiles left), then each
of the `--matches` is one of them with members seated: a hidden strength per member decides
which of the chosen members takes which place, so that the ladder has something to find.
Nothing is rated or cached here: the app replays every match when it is first asked.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TABLES = [  # (variant, players, options, share of the matches)
    ("five-up", 2, {"target": 10}, 0.2),
    ("five-up", 3, {"target": 10}, 0.1),
    ("five-up", 4, {"target": 10}, 0.1),
    ("french-connection", 4, {"target": 40}, 0.3),
    ("ctyrka", 4, {"target": 25, "scoring": "penalty"}, 0.3),
]
POOL = 60  # simulated matches per kind of table
FIRST = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Finn", "Gus", "Hana", "Ivo", "Jana"]


def app_for(database: str):
    from app import migrated_app

    url = database if "://" in database else f"sqlite:///{Path(database).resolve()}"
    return migrated_app({"SECRET_KEY": "gen", "SQLALCHEMY_DATABASE_URI": url})


def pool(rng: random.Random) -> list[tuple]:
    """(variant, players, options, share, [(engine match, places per seat)])"""
    from referee import ratings
    from referee.engine import record
    from referee.engine.simulate import play_match

    out = []
    for variant, players, options, share in TABLES:
        made = []
        for _ in range(POOL):
            m = play_match(variant, players, rng, options)
            ranks = ratings.ranks_of(m.totals(), m.variant.best(m.options) is min)
            place = [0] * players
            for side, seats in enumerate(m.sides):
                for s in seats:
                    place[s] = ranks[side]
            made.append((record.to_json(m), place))
        out.append((variant, players, options, share, made))
    return out


def generate(app, members: int, matches: int, seed: int) -> dict:
    import sqlalchemy as sa

    from referee.web.members.models import Member, SeatMember
    from referee.web.models import Hand, Match, Move, new_code, new_token, now
    from referee.web.store import db

    rng = random.Random(seed)
    started = time.perf_counter()
    kinds = pool(rng)
    simulated = time.perf_counter() - started
    with app.app_context():
        first_id = (db.session.execute(sa.select(sa.func.max(Member.id))).scalar() or 0) + 1
        names = [f"{FIRST[i % len(FIRST)]} {i // len(FIRST) + 1:03d}" for i in range(members)]
        created = now()
        db.session.execute(
            sa.insert(Member),
            [{"name": n, "active": True, "created": created, "updated": created} for n in names],
        )
        ids = list(range(first_id, first_id + members))
        strength = {i: rng.gauss(0, 1) for i in ids}
        name_of = dict(zip(ids, names, strict=True))
        match_id = (db.session.execute(sa.select(sa.func.max(Match.id))).scalar() or 0) + 1
        hand_id = (db.session.execute(sa.select(sa.func.max(Hand.id))).scalar() or 0) + 1
        weights = [k[3] for k in kinds]
        at = created - timedelta(days=365)
        batch: dict[str, list] = {"matches": [], "hands": [], "moves": [], "seats": []}
        moves = 0

        def flush():
            for table, key in (
                (Match, "matches"),
                (Hand, "hands"),
                (Move, "moves"),
                (SeatMember, "seats"),
            ):
                if batch[key]:
                    db.session.execute(sa.insert(table.__table__), batch[key])
                    batch[key] = []
            db.session.commit()

        for _ in range(matches):
            variant, players, options, _share, made = rng.choices(kinds, weights)[0]
            data, place = rng.choice(made)
            chosen = rng.sample(ids, players)
            # the strongest on the day takes the best place (seats by place, best first)
            chosen.sort(key=lambda i: -(strength[i] + rng.gauss(0, 1.2)))
            seats = sorted(range(players), key=lambda s: (place[s], rng.random()))
            at_seat = dict(zip(seats, chosen, strict=True))
            order = [at_seat[s] for s in range(players)]
            at += timedelta(seconds=1500)
            batch["matches"].append(
                {
                    "id": match_id,
                    "variant": variant,
                    "players": [name_of[i] for i in order],
                    "options": data["options"],
                    "write_token": new_token(),
                    "read_token": new_token(),
                    "code": new_code(),
                    "created": at,
                    "updated": at,
                    "version": 0,
                    "public": False,
                }
            )
            engine_names = data["players"]
            for number, h in enumerate(data["hands"], 1):
                batch["hands"].append(
                    {
                        "id": hand_id,
                        "match_id": match_id,
                        "number": number,
                        "dealt": [h["dealt"].get(p) for p in engine_names]
                        if "dealt" in h
                        else None,
                        "remaining": [h["remaining"][p] for p in engine_names]
                        if "remaining" in h
                        else None,
                    }
                )
                for seq, m in enumerate(h["moves"], 1):
                    row = {
                        "hand_id": hand_id,
                        "seq": seq,
                        "seat": engine_names.index(m["player"]),
                        "kind": "pass",
                        "tile": None,
                        "on_tile": None,
                        "count": None,
                        "drawn": None,
                        "created": at,
                    }
                    if "play" in m:
                        row.update(kind="play", tile=m["play"], on_tile=m.get("on"))
                    elif "draw" in m:
                        named = isinstance(m["draw"], list)
                        row.update(
                            kind="draw",
                            count=len(m["draw"]) if named else m["draw"],
                            drawn=m["draw"] if named else None,
                        )
                    batch["moves"].append(row)
                    moves += 1
                hand_id += 1
            for seat, member in enumerate(order):
                batch["seats"].append(
                    {"match_id": match_id, "seat": seat, "member_id": member, "linked": at}
                )
            match_id += 1
            if len(batch["matches"]) >= 500:
                flush()
        flush()
        db.session.remove()
    return {
        "members": members,
        "matches": matches,
        "moves": moves,
        "simulated_s": round(simulated, 2),
        "seconds": round(time.perf_counter() - started, 2),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("database", help="a SQLite file (made if new) or a SQLAlchemy URL")
    p.add_argument("--members", type=int, default=200)
    p.add_argument("--matches", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    done = generate(app_for(args.database), args.members, args.matches, args.seed)
    print(
        f"{done['members']} members, {done['matches']} decided matches ({done['moves']} moves) "
        f"written in {done['seconds']} s (simulating the pool: {done['simulated_s']} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
