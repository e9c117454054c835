"""Events: creating them, their entrants, pairing and starting rounds, the director's
acts, and the live state (tables, results, standings) that the pages show.

A table's matches are made by `matches.create.new_match`, as a match started by
hand. A table's result is what replaying its matches gives (cached per match by its last
write, since the public page replays every table of the event); the standings are
computed from those results by the pure `referee.events.standings`.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field

from flask import current_app, g, has_request_context
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from sqlalchemy import select, update
from sqlalchemy.orm import selectinload

from referee.engine import get_variant
from referee.engine.variants import VARIANTS
from referee.events import standings as st
from referee.events.formats import FORMATS, Format

from .. import names as name_rule
from ..audit.log import phone
from ..audit.service import override_lock
from ..errors import Refused
from ..i18n import say
from ..matches.create import new_match
from ..models import Match, is_token, now
from ..server.cache import LRU, Shared
from ..store import db
from ..table import rendered
from ..table import service as tables
from ..table.transaction import writes
from . import entrants as names
from . import guards, knockout, roster
from .models import Entrant, Event, EventAction, EventGame, EventTable, Round

MAX_ENTRANTS = 400
MAX_SERIES = 9
NAME_MAX = 120  # an event's name
REASON_MAX = 300  # a table's abandon, an unlock


def format_name(fmt: str):
    """A format's name on the event pages, in the reader's language (its id if unknown)."""
    found = FORMATS.get(fmt)
    return _(found.label) if found is not None else fmt


ACTIONS = {
    "added": _l("%(name)s added"),
    "withdrawn": _l("%(name)s withdrawn"),
    "reinstated": _l("%(name)s reinstated"),
    "substituted": _l("%(old)s replaced by %(new)s"),
    "paired": _l("Round %(round)s paired"),
    "swapped": _l("Round %(round)s: %(a)s and %(b)s swapped"),
    "started": _l("Round %(round)s started"),
    "time": _l("Round %(round)s: time called"),
    "forfeit": _l("Round %(round)s, table %(table)s: forfeit, scored %(score)s"),
    "abandoned": _l("Round %(round)s, table %(table)s abandoned: %(reason)s"),
    "unlocked": _l("Round %(round)s, table %(table)s: signed result unlocked: %(reason)s"),
    "finished": _l("Event finished"),
    "reopened": _l("Event reopened"),
}

FAIR_NAMES = {
    st.ROUND_AVERAGE: _l("A bye scores the round's average; ties are broken by points per match"),
    st.PER_MATCH: _l(
        "Everything per match played (placement points and points per match); a bye is left out"
    ),
}


def pairing():
    """The pairing module (imported when needed)."""
    from referee.events import pairing as module

    return module


# -- reading ------------------------------------------------------------------------------
def by_director(token: str) -> Event | None:
    if not is_token(token):  # checked before any query, as the table links are
        return None
    return db.session.execute(
        select(Event).where(Event.director_token == token)
    ).scalar_one_or_none()


def table_by_token(token: str) -> EventTable | None:
    if not is_token(token):
        return None
    return db.session.execute(
        select(EventTable).where(EventTable.token == token)
    ).scalar_one_or_none()


def event_of(t: EventTable) -> tuple[Event, Round]:
    r = db.session.get(Round, t.round_id)
    return db.session.get(Event, r.event_id), r


def _reason(error: ValueError) -> str:
    """A refusal's reason in the request's language (an engine Message is translated)."""
    message = getattr(error, "message", error.args[0] if error.args else str(error))
    return say(message)


def formats_for(variant: str, pairs: bool, table_size: int | None) -> list[str]:
    """The formats an event of `variant` may have, with fixed pairs or tables of
    `table_size` (where the variant offers kinds of table: `Variant.events.tables`)."""
    options: dict = {"pairs": pairs}
    if not pairs and table_size:
        options["players"] = table_size
    return pairing().formats_for(variant, options)


def config(event: Event) -> st.Config:
    """How the event's standings are ordered."""
    s = event.settings
    fewest = get_variant(event.variant).best(event.options) is min
    return st.Config(
        event.variant,
        fewest=fewest,
        match_points=tuple(s.get("match_points", st.WIN_LOSS)),
        placement=tuple(s.get("placement", st.PLACEMENT)),
        bye=s.get("bye"),
        fair=s.get("fair"),  # None: an event made before the choice, ranked on totals
    )


# -- a match's result, cached by its last write ---------------------------------------------
@dataclass(frozen=True)
class Game:
    """One match of a table as its replay gives it."""

    match_id: int
    write_token: str
    read_token: str
    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]  # seats
    side_names: tuple[str, ...]
    totals: tuple[int, ...]
    hands: int
    over: bool
    winner: int | None  # side


class Results:
    """The results of events' games, by (match id, write token) at (version, hands
    counted on time): in this process's memory, and (time not called) in the host's
    files, so that a result one process replayed or wrote is read by the others."""

    def __init__(self, folder):
        self.games = LRU(GAMES)
        self.texts = Shared(GAMES, folder)

    def get(self, key: tuple, at: tuple) -> Game | None:
        found = self.games.get(key, at)
        if found is None and at[1] == -1:
            text = self.texts.get(("result", *key), at)
            if text is not None:
                found = _from_text(text)
                self.games.put(key, at, found)
        return found

    def put(self, key: tuple, at: tuple, game: Game) -> None:
        self.games.put(key, at, game)
        if at[1] == -1:
            text = json.dumps(dataclasses.astuple(game))
            self.texts.put(("result", *key), at, text, rendered.later())


def _from_text(text: str) -> Game:
    m, w, r, players, sides, names, totals, hands, over, winner = json.loads(text)
    return Game(
        m,
        w,
        r,
        tuple(players),
        tuple(tuple(s) for s in sides),
        tuple(names),
        tuple(totals),
        hands,
        over,
        winner,
    )


def results() -> Results:
    """This app's results of events' games (`Results`)."""
    found = current_app.extensions.get("referee_event_games")
    if found is None:
        found = current_app.extensions.setdefault(
            "referee_event_games", Results(current_app.config["RENDERED_DIR"])
        )
    return found


GAMES = 5000  # matches' results kept per process


def replay_game(row, time_hands: int | None = None) -> Game:
    """The result of a match (`row`: its id, tokens and version; the engine's replay),
    kept until its next write."""
    key = (row.id, row.write_token)
    at = (row.version, -1 if time_hands is None else time_hands)
    game = results().get(key, at)
    if game is None:
        table = tables.table(row.write_token, write=True)
        game = _game(row.id, row.write_token, row.read_token, table.match, time_hands)
        # the version it was replayed at (a write may have come since the row was read)
        results().put(key, (table.version, at[1]), game)
    return game


def _game(match_id: int, write: str, read: str, m, time_hands: int | None) -> Game:
    """A match's result from the engine's match `m` (on time, when time was called)."""
    if time_hands is not None:
        over, winner = m.result_on_time(time_hands)
    else:
        over, winner = m.result()
    return Game(
        match_id,
        write,
        read,
        m.players,
        tuple(m.sides),
        tuple(m.side_names),
        tuple(m.totals()),
        len(m.hands),
        over,
        winner,
    )


# -- the state of an event ----------------------------------------------------------------
@dataclass
class TableState:
    """A table of a round with its live state."""

    row: EventTable
    entrants: list[Entrant]
    sides: list[tuple[int, ...]]  # entrant ids per side
    side_names: list[str]
    games: list[Game]
    totals: list[int]  # per side, over the games
    wins: list[int]
    decided: bool
    result: st.TableResult | None  # when decided (None: abandoned)
    winner: str | None = None

    @property
    def current(self) -> Game | None:
        return self.games[-1] if self.games else None


@dataclass
class RoundState:
    row: Round
    tables: list[TableState]
    byes: list[Entrant]
    repeats: list[tuple[str, str]] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return self.row.started is not None

    @property
    def complete(self) -> bool:
        return self.started and all(t.decided for t in self.tables)


@dataclass
class EventState:
    """The event as it stands. Kept and shared by the requests of a process (the live
    pages: `live.py`): read it, never change it; its words are said when read (`rule`,
    `bye_lines`), in the reader's language."""

    event: Event
    entrants: dict[int, Entrant]
    rounds: list[RoundState]
    standings: list[st.Row]
    config: st.Config
    results: tuple[st.TableResult, ...] = ()  # what the standings count
    byes: tuple[st.Bye, ...] = ()

    @property
    def rule(self) -> str:
        return rule_text(self.config)

    @property
    def key(self) -> tuple:
        """What the standings are made from (the director's last act, the results)."""
        return (self.event.id, self.event.updated, self.results, self.byes)

    @property
    def current(self) -> RoundState | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def complete(self) -> bool:
        """Every round of the event is played (its standings are final)."""
        r = self.current
        return (
            self.event.rounds is not None
            and r is not None
            and r.complete
            and r.row.number >= self.event.rounds
        )

    @property
    def series(self) -> bool:
        return self.event.series > 1

    @property
    def in_play(self) -> list[int]:
        """The numbers of the current round's tables still in play (started, not decided):
        what finishing the event stops."""
        r = self.current
        if r is None or not r.started:
            return []
        return [t.row.number for t in r.tables if not t.decided]

    def bye_lines(self) -> list[str]:
        """What each bye scored, in words, in the order of the rounds."""
        out = []
        for row in self.standings:
            for b in row.bye_scores:
                out.append((b.round, self.name(row.entrant), bye_text(self.config, b)))
        return [
            _("Round %(round)s, %(name)s: %(what)s", round=r, name=n, what=w)
            for r, n, w in sorted(out)
        ]

    def name(self, entrant_id: int) -> str:
        e = self.entrants.get(entrant_id)
        return e.name if e else "?"


def seating(event: Event, table: list[int], entrants: dict[int, Entrant]):
    """The players of a table's match in seat order, and the entrant of each seat.
    Fixed pairs sit as partners (seats 1 and 3 against 2 and 4)."""
    if event.pairs and len(table) == 2:
        a, b = (entrants[i] for i in table)
        return [a.members[0], b.members[0], a.members[1], b.members[1]], [a.id, b.id, a.id, b.id]
    return [entrants[i].members[0] for i in table], list(table)


def _sides(event: Event, table: list[int], entrants) -> list[tuple[int, ...]]:
    """The entrants of each side of a table (in the engine's order of sides)."""
    players, owner = seating(event, table, entrants)
    v = get_variant(event.variant)
    out = []
    for side in v.sides(len(players)):
        ids = tuple(dict.fromkeys(owner[s] for s in side))
        out.append(ids)
    return out


def rotated(players: list[str], game: int) -> list[str]:
    """The seating of game `game` (from 1) of a series: rotated one seat per game."""
    k = (game - 1) % len(players)
    return players[k:] + players[:k]


def _table_state(
    event: Event,
    row: EventTable,
    entrants: dict[int, Entrant],
    round_no: int = 0,
    games: list[Game] | None = None,
) -> TableState:
    """A table's live state from its games (`games`: their results, else replayed)."""
    sides = _sides(event, row.entrants, entrants)
    names = [" + ".join(entrants[i].name for i in side) for side in sides]
    if games is None:
        games = []
        for i, g in enumerate(row.games):
            last = i == len(row.games) - 1
            games.append(replay_game(g.match, row.time_hands if last else None))
    totals, wins, decided, result = _tally(event, row, entrants, sides, games, round_no)
    winner = None
    if result is not None:
        best = max(wins)
        top = [i for i, w in enumerate(wins) if w == best]
        if len(top) == 1 and best > 0:
            winner = names[top[0]]
    return TableState(
        row,
        [entrants[i] for i in row.entrants],
        sides,
        names,
        games,
        totals,
        wins,
        decided,
        result,
        winner,
    )


def _tally(event: Event, row: EventTable, entrants, sides, games: list[Game], round_no: int):
    """(totals, wins, decided, result) of a table from its games: each game's totals and
    win to the side of the table its players sit on (the seats of a series rotate), the
    series decided by a majority of wins, its length, or time; a forfeit as the director
    scored it; an abandoned table decided for nobody (result None). A tie of a knockout
    (`knockout.drawn`) left level is not decided: it needs a winner (`next_game`)."""
    totals = [0] * len(sides)
    wins = [0] * len(sides)
    _, owner = seating(event, row.entrants, entrants)
    for number, game in enumerate(games, 1):
        # the seats of a series are rotated: seat s of game k is seat s + k - 1 of game 1
        for gside, seats in enumerate(game.sides):
            who = owner[(seats[0] + number - 1) % len(owner)]
            index = next(k for k, s in enumerate(sides) if who in s)
            totals[index] += game.totals[gside]
            if game.over and game.winner == gside:
                wins[index] += 1
    series = event.series
    done = [g for g in games if g.over]
    decided = False
    result = None
    if row.abandoned:
        decided = True
    elif row.forfeit:
        decided = True
        totals = list(row.forfeit["totals"])
        wins = list(row.forfeit["wins"])
    elif games and (
        max(wins) * 2 > series
        or len(done) >= series
        or (row.time_hands is not None and games[-1].over)
    ):
        decided = True
    if decided and not (row.abandoned or row.forfeit) and knockout.level(event, wins):
        decided = False
    if decided and not row.abandoned:
        result = st.TableResult(tuple(sides), tuple(totals), tuple(wins), round_no)
    return totals, wins, decided, result


def result_if(
    event: Event, t: TableState, match_id: int, match, round_no: int
) -> st.TableResult | None:
    """The result of table `t` (of round `round_no` of `event`) if its game `match_id` were
    the engine's `match` (a correction's replay, `audit/effect.py`), its other games as
    they are: what the standings would count (None: not decided, or abandoned). A
    director's forfeit stands as it is."""
    last = len(t.games) - 1
    games = [
        _game(
            g.match_id, g.write_token, g.read_token, match, t.row.time_hands if i == last else None
        )
        if g.match_id == match_id
        else g
        for i, g in enumerate(t.games)
    ]
    entrants = {e.id: e for e in event.entrants}
    return _tally(event, t.row, entrants, t.sides, games, round_no)[3]


def load(event: Event) -> EventState:
    """The event as it stands: rounds with every table's live state, and the standings
    (what the director's acts decide on; the pages read `live.state`, kept per change)."""
    entrants = {e.id: e for e in event.entrants}
    rounds_rows = list(
        db.session.execute(
            select(Round)
            .where(Round.event_id == event.id)
            .order_by(Round.number)
            .options(
                selectinload(Round.tables)
                .selectinload(EventTable.games)
                .selectinload(EventGame.match)
            )
            .execution_options(populate_existing=True)
        ).scalars()
    )
    return assemble(event, entrants, rounds_rows)


def assemble(
    event, entrants: dict, rounds_rows: list, games_of=None, rank=st.standings
) -> EventState:
    """The event's state from its rows (ORM rows, or `live.py`'s plain ones with the same
    fields): each table's state from its games' results (`games_of(table row)`, else each
    match replayed), the standings from the tables decided (`rank`: `st.standings`, or
    one that keeps them)."""
    rounds = []
    results: list[st.TableResult] = []
    byes: list[st.Bye] = []
    for r in rounds_rows:
        tables = [
            _table_state(event, t, entrants, r.number, games_of(t) if games_of else None)
            for t in r.tables
        ]
        state = RoundState(r, tables, [entrants[i] for i in r.byes if i in entrants])
        if not state.started:
            state.repeats = [
                (entrants[a].name, entrants[b].name) for a, b in repeats(event, rounds_rows, r)
            ]
        else:
            results += [t.result for t in tables if t.result is not None]
            byes += [st.Bye(e, r.number) for e in r.byes]
        rounds.append(state)
    cfg = config(event)
    rows = knockout.placed(event, rounds, rank(cfg, list(entrants), results, byes))
    return EventState(event, entrants, rounds, rows, cfg, tuple(results), tuple(byes))


def rule_text(cfg: st.Config) -> str:
    """The rule that orders the standings, in the reader's language."""
    if not cfg.placed:
        win, draw, loss = cfg.match_points
        return _(
            "Match points (win %(win)s, draw %(draw)s, loss %(loss)s), then points for "
            "minus points against, then head-to-head, then Buchholz (the opponents' match "
            "points).",
            win=win,
            draw=draw,
            loss=loss,
        )
    scheme = "/".join(st._num(x) for x in cfg.placement)
    if cfg.per_match:
        if cfg.fewest:
            return _(
                "Placement points per match played (%(scheme)s for four seats, scaled "
                "for other sizes, tied places share), then penalty points per match "
                "played (fewer is better). A bye is left out: it counts as no match.",
                scheme=scheme,
            )
        return _(
            "Placement points per match played (%(scheme)s for four seats, scaled for "
            "other sizes, tied places share), then points per match played. A bye is "
            "left out: it counts as no match.",
            scheme=scheme,
        )
    if cfg.round_average:
        if cfg.fewest:
            return _(
                "Placement points per table (%(scheme)s for four seats, scaled for "
                "other sizes, tied places share), then penalty points per match (fewer "
                "is better). A bye scores the round's average placement points and "
                "counts as a match with the round's average penalty points.",
                scheme=scheme,
            )
        return _(
            "Placement points per table (%(scheme)s for four seats, scaled for other "
            "sizes, tied places share), then points per match. A bye scores the "
            "round's average placement points and counts as a match with the round's "
            "average points.",
            scheme=scheme,
        )
    if cfg.fewest:
        return _(
            "Placement points per table (%(scheme)s for four seats, scaled for other sizes, "
            "tied places share), then total penalty points (fewer is better).",
            scheme=scheme,
        )
    return _(
        "Placement points per table (%(scheme)s for four seats, scaled for other sizes, "
        "tied places share), then total points.",
        scheme=scheme,
    )


def bye_text(cfg: st.Config, b: st.ByeScore) -> str:
    """What one bye scored, in words."""
    if cfg.per_match:
        return _("a bye, left out (no match, no points)")
    if not cfg.placed:
        return _("a bye, %(score)s match points", score=st.points(b.score))
    if b.points is None:
        return _("a bye, %(score)s placement points", score=st.points(b.score))
    if cfg.fewest:
        return _(
            "a bye, %(score)s placement points and a match of %(points)s penalty points",
            score=st.points(b.score),
            points=st.points(b.points),
        )
    return _(
        "a bye, %(score)s placement points and a match of %(points)s points",
        score=st.points(b.score),
        points=st.points(b.points),
    )


def opponents(fmt: str, table: list[int]) -> list[tuple[int, int]]:
    """The pairs of entrants who are opponents at a table, as its format reads it
    (rotating partners: seats 1 and 3 are partners against 2 and 4)."""
    pairs, _partners = FORMATS.get(fmt, _ANY_FORMAT).opponents(table)
    return [(min(a, b), max(a, b)) for a, b in pairs]


_ANY_FORMAT = Format()  # an unknown format: everybody at a table an opponent of everybody


def repeats(event: Event, rounds_rows: list[Round], proposed: Round) -> list[tuple[int, int]]:
    """The pairs of entrants who meet again at the tables of a proposed round."""
    met = {
        pair
        for r in rounds_rows
        if r.started is not None and r.id != proposed.id
        for t in r.tables
        for pair in opponents(event.format, t.entrants)
    }
    return [p for t in proposed.tables for p in opponents(event.format, t.entrants) if p in met]


# -- creating an event --------------------------------------------------------------------
def read_entrants(text: str, pairs: bool) -> list[list[str]]:
    """Entrants from a text, one a line (`entrants.read`)."""
    return names.read(text, pairs)


def log(event: Event, what: str, **params) -> None:
    db.session.add(EventAction(event_id=event.id, what=what, params=params))
    event.updated = now()


def action_text(action: EventAction) -> str:
    if action.what == "created":  # a number of entrants: its plural
        return ngettext(
            "Event created with %(num)d entrant",
            "Event created with %(num)d entrants",
            action.params["count"],
        )
    return str(ACTIONS[action.what]) % action.params


@writes
def create_event(
    name: str,
    variant: str,
    options: dict,
    *,
    pairs: bool = False,
    table_size: int | None = None,
    fmt: str,
    rounds: int | None,
    series: int = 1,
    entrants: list[list[str]],
    settings: dict | None = None,
    commit: bool = True,
) -> Event:
    """Store a new event after checking its settings and entrants (`commit`: False, in
    the caller's transaction, which commits it with its own writes)."""
    name = name_rule.name(name, most=NAME_MAX, empty=_("Give the event a name."))
    if variant not in VARIANTS:
        raise Refused(404, _("There is no variant called %(name)s.", name=variant))
    v = get_variant(variant)
    pairs = bool(pairs) and v.events.pairs
    try:
        options = v.options(options)
    except ValueError as e:
        raise Refused(400, _reason(e), field="target") from None
    try:
        allowed = formats_for(variant, pairs, table_size)
    except ValueError as e:
        raise Refused(400, _reason(e), field="format") from None
    if fmt not in allowed:
        raise Refused(400, _("This format does not fit the variant."), field="format")
    if table_size is not None and v.events.tables and table_size not in v.player_counts:
        raise Refused(400, _(v.events.seats_refusal), field="table_size")
    if rounds is not None and not 1 <= rounds <= 99:
        raise Refused(400, _("The number of rounds is 1 to 99."), field="rounds")
    if not 1 <= series <= MAX_SERIES:
        raise Refused(400, _("A series is best of 1 to %(n)s.", n=MAX_SERIES), field="series")
    if len(entrants) < 2:
        raise Refused(400, _("An event needs at least two entrants."), field="entrants")
    if len(entrants) > MAX_ENTRANTS:
        raise Refused(
            400,
            ngettext("At most %(num)d entrant.", "At most %(num)d entrants.", MAX_ENTRANTS),
            field="entrants",
        )
    if len(entrants) < FORMATS[fmt].min_entrants:
        raise Refused(400, _(FORMATS[fmt].too_few), field="entrants")
    if FORMATS[fmt].draws:
        rounds = None  # the draw says how many
    names.check(entrants)
    settings = dict(settings or {})
    if v.standings.placed:
        settings.setdefault("fair", st.ROUND_AVERAGE)
        if settings["fair"] not in st.FAIR:
            raise Refused(
                400,
                _("Choose how entrants who played different numbers of matches are ranked."),
                field="fair",
            )
    event = Event(
        name=name[:120],
        variant=variant,
        options=options,
        pairs=pairs,
        table_size=table_size,
        format=fmt,
        rounds=rounds,
        series=series,
        settings=settings,
    )
    for i, members in enumerate(entrants, 1):
        event.entrants.append(Entrant(number=i, members=list(members)))
    db.session.add(event)
    db.session.flush()
    for e in event.entrants:
        roster.link(event, e)
    log(event, "created", count=len(entrants))
    if commit:
        db.session.commit()
    return event


# -- the director's acts ------------------------------------------------------------------
def _touch(event: Event) -> None:
    """Put the director's writes to one event in a line (a row lock on PostgreSQL, taken
    before any of its matches', as a table's write takes them: `transaction.lock`), and
    add one to the event's version."""
    db.session.execute(
        update(Event).where(Event.id == event.id).values(updated=now(), version=Event.version + 1),
        execution_options={"synchronize_session": False},
    )
    db.session.refresh(event)
    if has_request_context():  # its results may open tables (`opening.advance`)
        g.event_written = event.id


def _entrant(event: Event, entrant_id) -> Entrant:
    for e in event.entrants:
        if str(e.id) == str(entrant_id):
            return e
    raise Refused(404, _("There is no such entrant in this event."))


@writes
def add_entrant(event: Event, text: str) -> Entrant:
    """An entrant added late: paired from the next round on."""
    _touch(event)
    guards.open_event(event)
    found = names.read(text, event.pairs, field="entrant")
    if len(found) != 1:
        raise Refused(400, _("Enter one entrant."), field="entrant")
    members = found[0]
    names.check([members], [e.members for e in event.entrants], field="entrant")
    e = Entrant(event_id=event.id, number=len(event.entrants) + 1, members=members)
    event.entrants.append(e)
    roster.link(event, e)
    log(event, "added", name=" & ".join(members))
    db.session.commit()
    return e


@writes
def withdraw(event: Event, entrant_id) -> None:
    """Not paired again; the results played stay (undone by `reinstate`)."""
    _touch(event)
    guards.open_event(event)
    e = _entrant(event, entrant_id)
    if e.withdrawn:
        raise Refused(409, _("%(name)s is already withdrawn.", name=e.name))
    e.withdrawn = True
    log(event, "withdrawn", name=e.name)
    db.session.commit()


@writes
def reinstate(event: Event, entrant_id) -> None:
    """A withdrawal undone: the entrant is paired again from the next round (logged)."""
    _touch(event)
    guards.open_event(event)
    e = _entrant(event, entrant_id)
    if not e.withdrawn:
        raise Refused(409, _("%(name)s is not withdrawn.", name=e.name))
    e.withdrawn = False
    log(event, "reinstated", name=e.name)
    db.session.commit()


@writes
def substitute(event: Event, entrant_id, text: str) -> None:
    """Another player (or pair) takes an entrant's place and results from now on."""
    _touch(event)
    guards.open_event(event)
    e = _entrant(event, entrant_id)
    field = f"entrant-{e.id}"
    found = names.read(text, event.pairs, field=field)
    if len(found) != 1:
        raise Refused(400, _("Enter one entrant."), field=field)
    names.check([found[0]], [x.members for x in event.entrants if x.id != e.id], field=field)
    old = e.name
    e.members = found[0]
    roster.link(event, e)
    log(event, "substituted", old=old, new=e.name)
    db.session.commit()


def _rounds(event: Event) -> list[Round]:
    return list(
        db.session.execute(
            select(Round).where(Round.event_id == event.id).order_by(Round.number)
        ).scalars()
    )


def _history(rounds_rows: list[Round]):
    mod = pairing()
    return [
        mod.RoundResult([list(t.entrants) for t in r.tables], list(r.byes))
        for r in rounds_rows
        if r.started is not None
    ]


@writes
def propose_round(
    event: Event, rng: random.Random, intent: int | None = None, again: bool = False
) -> Round:
    """Pair the next round (or, `again`, pair the proposed one again). `intent`: the
    round the director's page meant to pair: a page out of date is told what happened."""
    _touch(event)
    guards.open_event(event)
    state = load(event)
    current = state.current
    if intent is not None:
        _stale_pairing(event, intent, again)
    if current is not None and current.started and not current.complete:
        raise Refused(409, _("Round %(n)s is not complete yet.", n=current.row.number))
    if current is not None and not current.started:
        db.session.delete(current.row)
        db.session.flush()
        number = current.row.number
        knockout.undrawn(event, number)
    else:
        number = (current.row.number if current else 0) + 1
    guards.round_limit(event, number)
    if knockout.opens(event, number, state.rounds):
        raise Refused(
            409,
            _(
                "The tables of round %(n)s open by themselves once their entrants are known.",
                n=number,
            ),
        )
    mod = pairing()
    ranks = {row.entrant: row.rank for row in state.standings}
    seeds = roster.seeds(event) if number == 1 and event.settings.get("seed") else {}
    entrants = [
        mod.Entrant(e.id, (-ranks.get(e.id, 0), seeds.get(e.id, 0)), e.withdrawn, tuple(e.members))
        for e in event.entrants
    ]
    try:
        found = mod.pair_round(
            event.format,
            entrants,
            knockout.history(event, state.rounds),
            number,
            variant=event.variant,
            rng=rng,
            table_size=_pod_size(event),
            draw=event.settings.get("draw"),
            options=event.settings,
        )
    except ValueError as e:
        raise Refused(409, _reason(e)) from None
    if not found.tables:
        raise Refused(409, _("There are not enough entrants to pair a table."))
    knockout.kept_draw(event, found.draw, number)
    r = Round(event_id=event.id, number=number, byes=list(found.byes))
    for i, table in enumerate(found.tables, 1):
        r.tables.append(EventTable(number=i, entrants=list(table)))
    db.session.add(r)
    log(event, "paired", round=number)
    db.session.commit()
    return r


def _stale_pairing(event: Event, intent: int, again: bool) -> None:
    """Refuse what a page out of date asked for, saying what happened meanwhile: "Pair
    round 2" when round 2 is already paired or has started, "Pair it again" when it has
    started."""
    r = next((x for x in _rounds(event) if x.number == intent), None)
    if r is None:
        return
    if r.started is not None:
        raise guards.started(r)
    if not again:
        raise guards.paired(event, r)


def _pod_size(event: Event) -> int | None:
    """The pods' table size the director chose; None (the variant's preferred) where the
    event's `table_size` picked a kind of table instead (`Variant.events.tables`)."""
    return None if get_variant(event.variant).events.tables else event.table_size


def _proposed(event: Event, intent: int | None = None) -> Round:
    """The proposed round; a page out of date is told that its round has started."""
    rows = _rounds(event)
    if rows and rows[-1].started is not None:
        started = next((r for r in rows if r.number == intent), rows[-1])
        raise guards.started(started)
    if not rows:
        raise Refused(409, _("There is no proposed round: ask for the pairing first."))
    if intent is not None and rows[-1].number != intent:
        raise Refused(409, _("The proposed round is round %(n)s.", n=rows[-1].number))
    return rows[-1]


@writes
def swap(event: Event, a, b) -> list[tuple[int, int]]:
    """Swap two entrants of the proposed round (two seats, two tables, or a bye); returns
    the pairs who meet again."""
    _touch(event)
    guards.open_event(event)
    r = _proposed(event)
    ea, eb = _entrant(event, a), _entrant(event, b)
    if ea.id == eb.id:
        raise Refused(400, _("Choose two different entrants."))
    mod = pairing()
    history = _history(_rounds(event))
    current = mod.Pairing([list(t.entrants) for t in r.tables], list(r.byes), [], event.format)
    try:
        found = mod.swap(current, ea.id, eb.id, history)
    except mod.PairingError as e:
        if e.code == "not-in-round":  # the entrant by name, not by the pairing's id
            who = ea if e.message.fields["entrant"] == ea.id else eb
            raise Refused(400, _("%(name)s is not in this round.", name=who.name)) from None
        raise Refused(400, _reason(e)) from None
    for t, table in zip(r.tables, found.tables, strict=True):
        t.entrants = list(table)
    r.byes = list(found.byes)
    knockout.swapped(event, ea.id, eb.id)
    log(event, "swapped", round=r.number, a=ea.name, b=eb.name)
    db.session.commit()
    return list(found.repeats)


@writes
def start_round(event: Event, time_cap: int | None = None, intent: int | None = None) -> Round:
    """Start the proposed round: one match per table, seats in order (`intent`: the round
    the director's page meant to start), in one transaction under the event's lock
    (`_touch`): a second "start" waits for it, then finds the round started (409)."""
    _touch(event)
    guards.open_event(event)
    r = _proposed(event, intent)
    if time_cap is not None and not 1 <= time_cap <= 600:
        raise Refused(400, _("A time cap is 1 to 600 minutes."), field="time_cap")
    entrants = {e.id: e for e in event.entrants}
    for t in r.tables:
        _new_game(event, t, entrants, 1)
    r.started = now()
    r.time_cap = time_cap
    log(event, "started", round=r.number)
    db.session.commit()
    return r


def _new_game(event: Event, t: EventTable, entrants, number: int) -> EventGame:
    """The table's match `number`, made as a match by hand is (`new_match`), in the
    director's write: a round starts all its tables or none."""
    players, _owner = seating(event, t.entrants, entrants)
    row = new_match(event.variant, rotated(players, number), dict(event.options))
    row.event_id = event.id  # its writes add to the event's version (transaction.lock)
    roster.seat(event, row.id, rotated(players, number))
    game = EventGame(table_id=t.id, number=number, match_id=row.id)
    t.games.append(game)
    return game


def next_game(event: Event, t: EventTable) -> None:
    """Start the next match of a series once the last one is decided and the series not;
    and a knockout's deciding game when its tie is level after its games (not after time
    was called: then the director names the winner, `forfeit`)."""
    if t.time_hands is not None:
        return  # time was called: no more games
    decider = knockout.drawn(event) is not None
    if event.series <= 1 and not decider:
        return
    state = _table_state(event, t, {e.id: e for e in event.entrants})
    if state.decided or not state.games or not state.games[-1].over:
        return
    if len(state.games) >= event.series and not decider:
        return
    _touch(event)
    db.session.refresh(t)
    if len(t.games) != len(state.games):
        db.session.rollback()
        return  # another phone started it first
    try:
        _new_game(event, t, {e.id: e for e in event.entrants}, len(state.games) + 1)
        db.session.commit()
    except Exception:  # another phone started it first (unique table, number)
        db.session.rollback()


@writes
def call_time(event: Event) -> None:
    """Each table finishes the hand in play; its match is then decided on the totals."""
    _touch(event)
    guards.open_event(event)
    rows = _rounds(event)
    if not rows or rows[-1].started is None:
        raise Refused(409, _("No round is being played."))
    r = rows[-1]
    if r.time_called is not None:
        raise Refused(
            409,
            _(
                "Time was already called in round %(n)s, at %(at)s UTC.",
                n=r.number,
                at=guards.at(r.time_called),
            ),
        )
    r.time_called = now()
    for t in r.tables:
        if t.games and t.forfeit is None and not t.abandoned:
            game = replay_game(t.games[-1].match)
            if not game.over:
                table = tables.table(t.games[-1].match.write_token, write=True)
                hand = table.match.current
                begun = len(table.match.hands)
                if hand is not None and not hand.moves and hand.settlement is None:
                    begun -= 1  # the next hand is not begun: it does not count
                begun = max(begun, 1)  # a match decides on one hand at least
                t.time_hands = begun
                db.session.execute(  # the table's phones show it at their next poll
                    update(Match)
                    .where(Match.id == t.games[-1].match_id)
                    .values(time_hands=begun, version=Match.version + 1, updated=now()),
                    execution_options={"synchronize_session": False},
                )
    log(event, "time", round=r.number)
    db.session.commit()


def _table(event: Event, table_id) -> tuple[Round, EventTable]:
    rows = _rounds(event)
    for r in rows:
        for t in r.tables:
            if str(t.id) == str(table_id):
                if r.started is None:
                    raise Refused(409, _("This round has not started."))
                return r, t
    raise Refused(404, _("There is no such table in this event."))


def forfeit_rule(event: Event) -> dict:
    """What a forfeit's scores follow: the match's target, and whether the fewest points
    win. The side that is there scores the target (0 where the fewest points win), the
    other 0 (the target): a win to the target, as a whitewash at the table; no total may
    be above the target, so a forfeit never counts more than a game won on the board."""
    v = get_variant(event.variant)
    return {"target": event.options["target"], "fewest": v.best(event.options) is min}


@writes
def forfeit(event: Event, table_id, scores: list[str]) -> None:
    """A forfeit or a no-show, scored as the director says (one total per side, none above
    the target: `forfeit_rule`); only at a table whose result is not settled
    (`guards.table_open`)."""
    _touch(event)
    guards.open_event(event)
    r, t = _table(event, table_id)
    entrants = {e.id: e for e in event.entrants}
    guards.table_open(_table_state(event, t, entrants, r.number), t.number)
    sides = _sides(event, t.entrants, entrants)
    try:
        totals = [int(s) for s in scores]
    except (TypeError, ValueError):
        raise Refused(400, _("A score is a whole number."), field="score") from None
    if len(totals) != len(sides) or any(x < 0 for x in totals):
        raise Refused(400, _("Give each side its score."), field="score")
    target = forfeit_rule(event)["target"]
    if any(x > target for x in totals):
        raise Refused(
            400,
            _(
                "A forfeit scores at most the target, %(target)s: it counts no more than a "
                "game won on the board.",
                target=target,
            ),
            field="score",
        )
    fewest = get_variant(event.variant).best(event.options) is min
    best = min(totals) if fewest else max(totals)
    top = [i for i, x in enumerate(totals) if x == best]
    wins = [1 if (i in top and len(top) == 1) else 0 for i in range(len(totals))]
    if knockout.level(event, wins):
        raise Refused(400, _("A knockout tie needs a winner: give one side more."), field="score")
    t.forfeit = {"totals": totals, "wins": wins}
    log(event, "forfeit", round=r.number, table=t.number, score=" – ".join(str(x) for x in totals))
    db.session.commit()


@writes
def unlock(event: Event, table_id, reason: str) -> None:
    """Unlock a table's signed match so that its record can be corrected, with the
    director's reason: logged in the event and in the match's audit log, and every side
    confirms again afterwards."""
    _touch(event)
    guards.open_event(event)
    r, row = _table(event, table_id)
    entrants = {e.id: e for e in event.entrants}
    match = guards.locked_match(_table_state(event, row, entrants))
    if match is None:
        raise Refused(409, _("The result of this table is not locked: nothing to unlock."))
    reason = name_rule.reason(
        reason, most=REASON_MAX, empty=_("Give a reason for unlocking the match.")
    )
    log(event, "unlocked", round=r.number, table=row.number, reason=reason)
    override_lock(match, reason, phone() or _("the event director"))  # commits both


@writes
def abandon(event: Event, table_id, reason: str) -> None:
    """A table abandoned, with the reason: it counts for nobody; only a table whose result
    is not settled (`guards.table_open`)."""
    _touch(event)
    guards.open_event(event)
    r, t = _table(event, table_id)
    guards.table_open(_table_state(event, t, {e.id: e for e in event.entrants}, r.number), t.number)
    t.abandoned = name_rule.reason(
        reason, most=REASON_MAX, empty=_("Say why the table is abandoned.")
    )
    log(event, "abandoned", round=r.number, table=t.number, reason=t.abandoned)
    db.session.commit()


@writes
def finish(event: Event) -> None:
    """No more rounds, entrants or director's acts (until it is reopened)."""
    _touch(event)
    guards.open_event(event)
    event.finished = True
    _tables_told(event)
    log(event, "finished")
    db.session.commit()


@writes
def reopen(event: Event) -> None:
    """A finished event opened again (logged): the director's acts are taken again."""
    _touch(event)
    if not event.finished:
        raise Refused(409, _("The event is not finished."))
    event.finished = False
    _tables_told(event)
    log(event, "reopened")
    db.session.commit()


def _tables_told(event: Event) -> None:
    """One more on the version of each of the event's games, so that their phones and
    spectators fetch the table again at their next poll and see that it is (or is no
    longer) finished; nothing of the games' records changes."""
    db.session.execute(
        update(Match).where(Match.event_id == event.id).values(version=Match.version + 1),
        execution_options={"synchronize_session": False},
    )
