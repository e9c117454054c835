"""Measure the members' pages on a club made by scripts/gen_club.py.

    .venv/bin/python scripts/bench_members.py [DATABASE] [--members 200] [--matches 20000]

Without DATABASE a club is generated into a temporary SQLite file first. It prints:

1. the first ladder page of a process on a database whose result cache is empty (every
   match replayed by the engine, the results cached by version, the ratings replayed);
2. a full recomputation: the ratings replayed from every decided result in order (the
   pure module alone, and the whole refresh of a new process with the result cache warm);
3. the ladder page and a member's page, warm (median of 20 requests);
4. rating one new decided match (the ladder page after it: the replay extends at the end);
5. a correction of a result halfway through the history (the ladder replays from there).

Not a timed test: figures for docs/performance.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    out = fn()
    return (time.perf_counter() - start) * 1000, out


def median_ms(fn, n: int = 20) -> float:
    return statistics.median(timed(fn)[0] for _ in range(n))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("database", nargs="?")
    p.add_argument("--members", type=int, default=200)
    p.add_argument("--matches", type=int, default=20000)
    args = p.parse_args(argv)

    import gen_club
    import sqlalchemy as sa

    from referee import ratings
    from referee.web.members import results, service
    from referee.web.members.models import Member, ResultCache, SeatMember
    from referee.web.models import Hand, Match, Move, now
    from referee.web.store import db

    database = args.database
    if database is None:
        database = str(Path(tempfile.mkdtemp()) / "club.sqlite")
        made = gen_club.generate(gen_club.app_for(database), args.members, args.matches, 1)
        print(f"generated: {made['matches']} matches, {made['moves']} moves in {made['seconds']} s")
    app = gen_club.app_for(database)
    client = app.test_client()
    with app.app_context():
        n = db.session.execute(sa.select(sa.func.count(Match.id))).scalar()
        cached = db.session.execute(sa.select(sa.func.count()).select_from(ResultCache)).scalar()
        member = db.session.execute(sa.select(Member).limit(1)).scalar_one()
        token, _pin = service.issue_card(member)
        db.session.remove()
    print(f"{n} matches, {cached} results cached before")

    cold, r = timed(lambda: client.get("/ladder/five-up"))
    assert r.status_code == 200
    print(f"1. first ladder page ({'cold: every match replayed' if not cached else 'cache warm'}):"
          f" {cold:.0f} ms")  # fmt: skip

    with app.app_context():
        c = results.club()
        lists = {v: ladder.results for v, ladder in c.ladders.items()}
        total = sum(len(x) for x in lists.values())
        pure, _ = timed(lambda: [ratings.Ladder(x) for x in lists.values()])
        results.forget()
        refresh, _ = timed(results.club)
        db.session.remove()
    print(f"2. full recomputation of {total} rated results: the ratings module {pure:.0f} ms; "
          f"a new process's refresh (result cache warm) {refresh:.0f} ms")  # fmt: skip

    ladder = median_ms(lambda: client.get("/ladder/french-connection"))
    page = median_ms(lambda: client.get(f"/m/{token}"))
    print(f"3. ladder page {ladder:.1f} ms, member's page {page:.1f} ms (median of 20, warm)")

    with app.app_context():  # one more decided match: a copy of the last, the same members
        last = db.session.execute(sa.select(Match).order_by(Match.id.desc()).limit(1)).scalar_one()
        seats = db.session.execute(
            sa.select(SeatMember.seat, SeatMember.member_id).where(SeatMember.match_id == last.id)
        ).all()
        copy = Match(variant=last.variant, players=list(last.players), options=dict(last.options))
        for h in last.hands:
            nh = Hand(number=h.number, dealt=h.dealt, remaining=h.remaining)
            for m in h.moves:
                nh.moves.append(
                    Move(
                        seq=m.seq,
                        seat=m.seat,
                        kind=m.kind,
                        tile=m.tile,
                        on=m.on,
                        count=m.count,
                        drawn=m.drawn,
                    )  # fmt: skip
                )
            copy.hands.append(nh)
        db.session.add(copy)
        db.session.flush()
        for seat, member_id in seats:
            db.session.add(SeatMember(match_id=copy.id, seat=seat, member_id=member_id))
        db.session.commit()
        variant = copy.variant
        db.session.remove()
    new, _ = timed(lambda: client.get(f"/ladder/{variant}"))
    with app.app_context():
        start = results.club().replayed_from[variant]
        db.session.remove()
    print(f"4. the ladder page after one new decided match: {new:.1f} ms "
          f"(replayed from result {start}, the new one)")  # fmt: skip

    with app.app_context():  # a correction halfway: two members of an old match swap seats
        ids = sorted(g.id for g in results.club().games.values() if g.variant == variant)
        old = ids[len(ids) // 2]
        rows = (
            db.session.execute(
                sa.select(SeatMember).where(SeatMember.match_id == old).order_by(SeatMember.seat)
            )
            .scalars()
            .all()
        )
        a, b = rows[0].member_id, rows[-1].member_id
        rows[0].member_id, rows[-1].member_id = b, a
        db.session.execute(
            sa.update(Match).where(Match.id == old).values(version=Match.version + 1, updated=now())
        )
        db.session.commit()
        db.session.remove()
    fixed, _ = timed(lambda: client.get(f"/ladder/{variant}"))
    with app.app_context():
        start = results.club().replayed_from[variant]
        count = len(results.club().ladder(variant).steps)
        db.session.remove()
    print(f"5. the ladder page after a correction of result {start} of {count}: {fixed:.1f} ms "
          f"(replayed from there)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
