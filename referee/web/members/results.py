"""The club's decided results, as the engine gives them, fed in order to the ratings.

A match's result is what the engine's replay of it gives (`table.presenters.outcome`, the match's
totals and the variant's rule for who wins): each side's place, level totals a tie. It is
kept in `ResultCache` keyed by the match's version (a cache, replayed again whenever the
version moved on), so that a club's 20,000 matches are not replayed at every start.

The ratings (`referee.ratings`, pure) are what replaying the rated results in order gives;
a match is rated when it is decided, not abandoned, and every seat is linked to a member.
The order is the order the matches were started (their ids). Each process keeps one
`Club` per app: the matches it has read and a `Ladder` per variant, labelled with a
version of the results (`results_version`: the last write to any match, the seat links
and the members, read in one query from indexes). When it moves on, or while the last
write is recent (a write that committed after a later one's was seen), only the matches
updated since are read again; a match whose version changed is asked for its result
again, and the ladders of its variant replay from their first changed result (a new
result at the end extends it; a corrected or unlocked older one replays from there).
Matches replayed for the first time are read and replayed in batches (`_replay_batch`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import timedelta

from flask import current_app
from sqlalchemy import func, select
from sqlalchemy.dialects import postgresql, sqlite

from referee import ratings
from referee.engine import RefereeError, get_variant, record
from referee.engine.variants import VARIANTS

from ..models import Hand, Match, now
from ..models import Move as MoveRow
from ..server.cache import Locks
from ..store import db
from ..table import service as table_service
from ..table import state
from ..table.presenters import outcome
from .models import Member, ResultCache, SeatMember
from .service import merged_map


def engine_result(table: state.Table) -> dict:
    """What the engine's replay of a match says of its result: `decided`, and once it is,
    each side's seats, place (0 the best; level totals share a place) and total; and the
    live moves of each hand (the links to its positions)."""
    hands = [len(h.moves) for h in table.hand_rows]
    out = {"decided": False, "hands": hands}
    if table.row.abandoned is not None or outcome(table) is None:
        return out
    m = table.match
    totals = list(m.totals())
    fewest = m.variant.best(m.options) is min
    out.update(
        decided=True,
        sides=[list(s) for s in m.sides],
        totals=totals,
        ranks=list(ratings.ranks_of(totals, fewest)),
    )
    return out


def _upsert(rows: list[dict]) -> None:
    if not rows:
        return
    dialect = db.session.get_bind().dialect.name
    table = ResultCache.__table__
    module = postgresql if dialect == "postgresql" else sqlite
    stmt = module.insert(table)
    stmt = stmt.on_conflict_do_update(
        index_elements=[table.c.match_id],
        set_={"version": stmt.excluded.version, "result": stmt.excluded.result},
    )
    db.session.execute(stmt, rows)
    db.session.commit()


def results(matches: list[tuple[int, int, str]]) -> dict[int, dict]:
    """The engine's result of each match ((id, version, players' token)), from the cache
    where it holds that version, else replayed (and kept)."""
    out: dict[int, dict] = {}
    if not matches:
        return out
    want = {mid: version for mid, version, _t in matches}
    ids = list(want)
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        for mid, version, result in db.session.execute(
            select(ResultCache.match_id, ResultCache.version, ResultCache.result).where(
                ResultCache.match_id.in_(chunk)
            )
        ):
            if want[mid] == version and result is not None:
                out[mid] = result
    fresh = []
    missing = [m for m in matches if m[0] not in out]
    if len(missing) > BATCH:  # the first time (a new database, a dropped cache): in batches
        for start in range(0, len(missing), BATCH):
            done = _replay_batch([m[0] for m in missing[start : start + BATCH]])
            for mid, (_version, result) in done.items():
                out[mid] = result
            _upsert([{"match_id": m, "version": v, "result": r} for m, (v, r) in done.items()])
        return out
    for mid, version, token in missing:
        try:
            table = table_service.table(token, write=True)
        except RefereeError:  # a record the engine cannot replay: no result (its page says)
            out[mid] = {"decided": False, "hands": []}
            fresh.append({"match_id": mid, "version": version, "result": out[mid]})
            continue
        if table is None:
            continue
        out[mid] = engine_result(table)
        fresh.append({"match_id": mid, "version": table.version, "result": out[mid]})
    _upsert(fresh)
    return out


BATCH = 200  # matches read and replayed together when many have no cached result


def _replay_batch(ids: list[int]) -> dict[int, tuple[int, dict]]:
    """(version, result) of each match, its rows read in three statements for all of them
    and replayed by the engine as the table replays them (`state`), without going through
    the process's cache of tables (a first replay of a club's history would empty it)."""
    rows = {
        r[0]: state.MatchRow(*r)
        for r in db.session.execute(select(*state.MATCH_COLUMNS).where(Match.id.in_(ids)))
    }
    hands: dict[int, list] = {}
    by_id = {}
    for r in db.session.execute(
        select(Hand.match_id, *state.HAND_COLUMNS)
        .where(Hand.match_id.in_(ids))
        .order_by(Hand.match_id, Hand.number)
    ):
        h = state.HandRow(r[1], r[2], r[3], r[4], r[5], [])
        hands.setdefault(r[0], []).append(h)
        by_id[h.id] = h
    for r in db.session.execute(
        select(MoveRow.hand_id, *state.MOVE_COLUMNS)
        .join(Hand, Hand.id == MoveRow.hand_id)
        .where(Hand.match_id.in_(ids), MoveRow.taken_back.is_(None))
        .order_by(MoveRow.hand_id, MoveRow.seq)
    ):
        by_id[r[0]].moves.append(state.MoveRec(*r[1:]))
    out = {}
    for mid, row in rows.items():
        kept = state.counted(row, hands.get(mid, []))
        try:
            match, fault = record.replay_at_table(state.to_record(row, kept))
        except RefereeError:
            out[mid] = (row.version, {"decided": False, "hands": []})
            continue
        out[mid] = (row.version, engine_result(state.Table(row, kept, match, fault)))
    return out


def replayed(match_id: int) -> dict | None:
    """One match's result (cached by its version)."""
    row = db.session.execute(
        select(Match.id, Match.version, Match.write_token).where(Match.id == match_id)
    ).one_or_none()
    if row is None:
        return None
    return results([tuple(row)]).get(match_id)


# -- the version of the results -------------------------------------------------------------
def results_version() -> tuple:
    """What the ratings depend on, in one query of indexes and counts: the last write to
    any match (every write moves its `updated` on: a move, a settlement, a correction, a
    confirmation, a link of its seats, a merge of its members), the seat links (how many),
    the members (their last change, how many), and the matches (how many, the last id: a
    match deleted)."""
    q = select(
        select(func.max(Match.updated)).scalar_subquery(),
        select(func.count()).select_from(SeatMember).scalar_subquery(),
        select(func.max(Member.updated)).scalar_subquery(),
        select(func.count()).select_from(Member).scalar_subquery(),
        select(func.count()).select_from(Match).scalar_subquery(),
        select(func.max(Match.id)).scalar_subquery(),
    )
    return tuple(db.session.execute(q).one())


def _deleted_since(c: Club, version: tuple) -> bool:
    """Whether a match the last refresh knew of is gone: the matches counted now are not
    those counted then plus the ones made since (ids above the last one seen)."""
    before, last = c.version[4], c.version[5] or 0
    made = db.session.execute(
        select(func.count()).select_from(Match).where(Match.id > last)
    ).scalar_one()
    return version[4] != before + made


# -- the club, per process -------------------------------------------------------------------
@dataclass
class Game:
    """A match with members: its variant, the members by seat, and its result."""

    id: int
    version: int
    variant: str
    read_token: str
    players: list[str]
    created: object
    seats: dict[int, int]  # seat -> member id (the one kept, for a merged member)
    result: dict

    @property
    def decided(self) -> bool:
        return bool(self.result.get("decided"))

    @property
    def rated(self) -> bool:
        return self.decided and len(self.seats) == len(self.players)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(self.seats[s] for s in side) for side in self.result["sides"])

    @functools.cached_property
    def rating_result(self) -> ratings.Result:
        """The match as the ratings take it (made once: a game changed is a new Game)."""
        return ratings.Result(self.id, self.teams(), tuple(self.result["ranks"]))

    def side_of(self, member_id: int) -> int | None:
        for i, side in enumerate(
            self.result.get("sides") or get_variant(self.variant).sides(len(self.players))
        ):
            if any(self.seats.get(s) == member_id for s in side):
                return i
        return None


@dataclass
class Club:
    version: tuple | None = None
    games: dict[int, Game] = field(default_factory=dict)
    ladders: dict[str, ratings.Ladder] = field(default_factory=dict)
    lock: Locks = field(default_factory=Locks)  # one refresh at a time
    replayed_from: dict[str, int] = field(default_factory=dict)  # the last replay's start
    since: object = None  # the last write to any match, as the last refresh saw it

    def ladder(self, variant: str) -> ratings.Ladder:
        return self.ladders.get(variant) or ratings.Ladder()

    def games_of(self, member_id: int) -> list[Game]:
        return sorted(
            (g for g in self.games.values() if member_id in g.seats.values()),
            key=lambda g: -g.id,
        )


def _club() -> Club:
    found = current_app.extensions.get("referee_club")
    if found is None:
        found = current_app.extensions.setdefault("referee_club", Club())
    return found


MATCH_COLUMNS = (
    Match.id,
    Match.version,
    Match.variant,
    Match.write_token,
    Match.read_token,
    Match.players,
    Match.created,
)


def club() -> Club:
    """The club's games and ladders as the database holds them now (this process's copy,
    brought up to date when the version of the results moved on, or while the last write
    is recent: see `RECENT`)."""
    c = _club()
    version = results_version()
    if c.version == version and not _recent(version):
        return c
    with c.lock("refresh"):
        if c.version != version or _recent(version):
            _refresh(c, version)
    return c


# A write's `updated` is set when it takes the match's lock and seen once it commits: one
# that commits after a later one was seen has an older `updated`. While the last write is
# this recent, the matches updated since the last refresh (less MARGIN) are read again.
RECENT = timedelta(seconds=60)
MARGIN = timedelta(seconds=60)


def _recent(version: tuple) -> bool:
    last = version[0]
    return last is not None and now() - last < RECENT


def _read(since) -> tuple[dict, dict[int, dict[int, int]]]:
    """The linked matches' rows (those updated since `since`, or all) and their seats,
    each seat's member the one kept for a merged one."""
    merged = merged_map()
    linked = select(SeatMember.seat).where(SeatMember.match_id == Match.id).exists()
    q = select(*MATCH_COLUMNS).where(linked)
    if since is not None:  # the index on `updated` first, then each match's seats
        q = q.where(Match.updated >= since)
    rows = {r.id: r for r in db.session.execute(q)}
    seats: dict[int, dict[int, int]] = {}
    sq = select(SeatMember.match_id, SeatMember.seat, SeatMember.member_id)
    if since is None:
        found = db.session.execute(sq)
    else:
        ids = list(rows)
        found = (
            r
            for start in range(0, len(ids), 1000)
            for r in db.session.execute(
                sq.where(SeatMember.match_id.in_(ids[start : start + 1000]))
            )
        )
    for mid, seat, member_id in found:
        seats.setdefault(mid, {})[seat] = merged.get(member_id, member_id)
    return rows, seats


def _games(c: Club, rows: dict, seats: dict) -> dict[int, Game]:
    """Games for these rows: the cached result where the match's version is the same, the
    engine's (cached by version in the database) where it moved on."""
    stale = [
        (r.id, r.version, r.write_token)
        for r in rows.values()
        if r.id not in c.games or c.games[r.id].version != r.version
    ]
    fresh = results(stale)
    games = {}
    for mid, r in rows.items():
        old = c.games.get(mid)
        result = fresh.get(mid) if mid in fresh else (old.result if old else None)
        if result is None or mid not in seats:
            continue
        games[mid] = Game(
            mid, r.version, r.variant, r.read_token, list(r.players), r.created, seats[mid], result
        )
    return games


def _refresh(c: Club, version: tuple) -> None:
    """Bring `c` to `version`: only the matches updated since the last refresh are read
    again (every write to a match, a link of its seats, a merge of its members moves its
    `updated` on), unless a seat link went (a match deleted: then all are read); the
    ladders of the variants whose games changed replay from their first changed result."""
    changed: set[str] | None = None
    games = None
    if (
        c.version is not None
        and c.since is not None
        and version[0] is not None
        and version[0] >= c.since  # not an older database (a backup restored)
        and not _deleted_since(c, version)
    ):
        games = dict(c.games)
        changed = set()
        for mid, g in _games(c, *_read(c.since - MARGIN)).items():
            old = games.get(mid)
            if old is None or old.version != g.version or old.seats != g.seats:
                changed.add(g.variant)
                if old is not None:
                    changed.add(old.variant)
            games[mid] = g
        if sum(len(g.seats) for g in games.values()) != version[1]:
            games, changed = None, None
    if games is None:
        games = _games(c, *_read(None))
    c.games = games
    todo = [
        name for name in VARIANTS if changed is None or name in changed or name not in c.ladders
    ]  # the ladders of the other variants have nothing new: `replayed_from` stays
    if todo:
        ordered: dict[str, list] = {name: [] for name in todo}
        for mid in sorted(games):
            g = games[mid]
            if g.variant in ordered and g.rated:
                ordered[g.variant].append(g.rating_result)
        for name in todo:
            ladder = c.ladders.get(name)
            if ladder is None:
                ladder = c.ladders[name] = ratings.Ladder()
            c.replayed_from[name] = ladder.update(ordered[name])
    c.version, c.since = version, version[0]


def forget() -> None:
    """Drop this process's copy (tests; a restore)."""
    current_app.extensions.pop("referee_club", None)
