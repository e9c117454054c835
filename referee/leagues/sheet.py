"""A fixture's sheet, the replay of its log: each captain's line-up, each game's legs
(entered by one side and confirmed by the other, or by the league secretary), the two
captains' signatures, a postponement, a no-show, the secretary's corrections. Nothing is
rewritten: a correction is one more entry, and what the sheet says is what replaying the
entries in order gives. `Sheet.apply` judges an entry (LeagueError with a rule id) and
`Sheet.result` scores the fixture by the league's format (`score`).

Rules: LG-LINEUP (players from the side's squad; a game's places filled with different
players; a player's games per fixture: `MatchFormat.plays`), LG-ORDER (line-ups before
scores, every game decided before signing), LG-CONFIRM (a side confirms the other side's
score, not its own), LG-CAPTAIN (a side's captain signs for it), LG-SIGNED (a sheet both
captains signed changes only through the league secretary), LG-NOSHOW (a no-show is the
whole fixture: nothing else is entered on it), LG-ONCE (an entry the sheet holds already
is not entered again: `Already`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.messages import N_
from . import Already, LeagueError
from .formats import MatchFormat

HOME, AWAY = 0, 1


@dataclass(frozen=True)
class Leg:
    """One table of a game: the two sides' totals, its winner (0 home, 1 away, None: a
    level table), the hands it took (0: not given)."""

    home: int
    away: int
    winner: int | None
    hands: int = 0


@dataclass(frozen=True)
class Score:
    """A fixture scored: games and legs won a side, league points a side, the winner
    (None: a draw), and whether a side did not turn up."""

    games: tuple[int, int]
    legs: tuple[int, int]
    points: tuple[int, int]
    winner: int | None
    no_show: int | None = None

    def figure(self, counts: str) -> tuple[int, int]:
        return self.legs if counts == "legs" else self.games


def game_winner(legs: list[Leg], to_win: int) -> tuple[int | None, tuple[int, int]]:
    """(the game's winner or None, legs won a side)."""
    won = (sum(1 for x in legs if x.winner == HOME), sum(1 for x in legs if x.winner == AWAY))
    if won[0] >= to_win or won[0] > won[1]:
        return (HOME if won[0] > won[1] else None), won
    if won[1] > won[0]:
        return AWAY, won
    return None, won


def points_for(fmt: MatchFormat, games: tuple[int, int], legs: tuple[int, int]) -> tuple:
    """The league points of both sides for a fixture that was played."""
    p = fmt.points
    out = []
    for side in (HOME, AWAY):
        mine, theirs = games[side], games[1 - side]
        if mine > theirs:
            base = p.win
        elif mine == theirs:
            base = p.draw
        elif p.close_loss is not None and theirs - mine <= p.close_margin:
            base = p.close_loss
        else:
            base = p.loss
        out.append(base + p.per_game * mine + p.per_leg * legs[side])
    return tuple(out)


def score(fmt: MatchFormat, games: list[tuple[int | None, tuple[int, int]]]) -> Score:
    """A played fixture scored from its games ((winner, legs won a side) each)."""
    won = [0, 0]
    legs = [0, 0]
    for winner, (h, a) in games:
        if winner is not None:
            won[winner] += 1
        legs[HOME] += h
        legs[AWAY] += a
    g = (won[0], won[1])
    l2 = (legs[0], legs[1])
    winner = HOME if g[0] > g[1] else AWAY if g[1] > g[0] else None
    return Score(g, l2, points_for(fmt, g, l2), winner)


def no_show(fmt: MatchFormat, absent: int) -> Score:
    """What a side that did not turn up concedes: the format's games score (every game,
    all its legs, when it names none); it gets no league points."""
    present = 1 - absent
    if fmt.no_show is None:
        won, lost = len(fmt.games), 0
        legs_won, legs_lost = sum(g.to_win for g in fmt.games), 0
    else:
        won, lost = fmt.no_show
        legs_won = sum(g.to_win for g in fmt.games[:won])
        legs_lost = sum(g.to_win for g in fmt.games[won : won + lost])
    games = [0, 0]
    legs = [0, 0]
    games[present], games[absent] = won, lost
    legs[present], legs[absent] = legs_won, legs_lost
    g, l2 = (games[0], games[1]), (legs[0], legs[1])
    pts = list(points_for(fmt, g, l2))
    pts[absent] = 0
    return Score(g, l2, (pts[0], pts[1]), present, no_show=absent)


@dataclass
class GameSheet:
    legs: list[Leg] | None = None
    matches: list[int] = field(default_factory=list)  # its refereed tables, a leg each
    entered_by: int | None = None  # the side that entered the score; None: the secretary
    confirmed: bool = False

    @property
    def match(self) -> int | None:
        """The game's first refereed table (None: its score is entered)."""
        return self.matches[0] if self.matches else None


@dataclass
class Sheet:
    """The replayed sheet of one fixture. `squads`: the member ids of each side's squad;
    `captains`: each side's captain's member id."""

    fmt: MatchFormat
    squads: tuple[frozenset, frozenset]
    captains: tuple[int | None, int | None]
    tables: dict = field(default_factory=dict)  # a refereed table's id -> its legs, once decided
    lineups: list[list[tuple[int, ...]] | None] = field(default_factory=lambda: [None, None])
    games: list[GameSheet] = field(default_factory=list)
    signed: list[tuple[int, str] | None] = field(default_factory=lambda: [None, None])
    absent: int | None = None
    day: str | None = None  # the date after a postponement (ISO)
    postponed: int = 0
    corrected: int = 0

    def __post_init__(self):
        if not self.games:
            self.games = [GameSheet() for _ in self.fmt.games]

    # -- what the sheet says -------------------------------------------------------------
    @property
    def locked(self) -> bool:
        return self.signed[HOME] is not None and self.signed[AWAY] is not None

    def fielded(self, i: int) -> tuple[bool, bool]:
        home, away = self.lineups
        return bool(home and home[i]), bool(away and away[i])

    def game_state(self, i: int) -> str:
        """ "conceded" (one side fielded nobody), "void" (neither), "open" (to be scored),
        "entered" (waiting for the other side's confirmation), "decided"."""
        if self.lineups[HOME] is None or self.lineups[AWAY] is None:
            return "open"
        h, a = self.fielded(i)
        if not (h and a):
            return "conceded" if (h or a) and self.fmt.short_concedes else "void"
        g = self.games[i]
        if g.legs is None:
            return "open"
        return "decided" if g.confirmed else "entered"

    def game_result(self, i: int) -> tuple[int | None, tuple[int, int]]:
        state = self.game_state(i)
        spec = self.fmt.games[i]
        if state == "conceded":
            side = HOME if self.fielded(i)[HOME] else AWAY
            legs = [0, 0]
            legs[side] = spec.to_win
            return side, (legs[0], legs[1])
        if state == "decided":
            return game_winner(self.games[i].legs or [], spec.to_win)
        return None, (0, 0)

    @property
    def complete(self) -> bool:
        if self.absent is not None:
            return True
        return all(
            self.game_state(i) in ("decided", "conceded", "void") for i in range(len(self.games))
        )

    def result(self) -> Score | None:
        """The fixture's score once every game is decided (or a side did not turn up)."""
        if self.absent is not None:
            return no_show(self.fmt, self.absent)
        if not self.complete:
            return None
        return score(self.fmt, [self.game_result(i) for i in range(len(self.games))])

    def final(self) -> Score | None:
        """The score the table counts: a no-show, or a sheet both captains signed."""
        if self.absent is not None or self.locked:
            return self.result()
        return None

    # -- entries -------------------------------------------------------------------------
    def _open(self, secretary: bool = False) -> None:
        if self.absent is not None:
            raise LeagueError(
                "LG-NOSHOW", N_("A side did not turn up: nothing else is entered on this fixture.")
            )
        if self.locked and not secretary:
            raise LeagueError(
                "LG-SIGNED",
                N_("Both captains signed the sheet: only the league secretary changes it now."),
            )

    def lineup(self, side: int, slots: list[list[int]]) -> None:
        """A captain's line-up: per game, the members who play it (none: not fielded)."""
        self._open()
        if any(g.legs is not None or g.match is not None for g in self.games):
            raise LeagueError("LG-ORDER", N_("Scores are entered already: the line-ups stand."))
        if len(slots) != len(self.fmt.games):
            raise LeagueError("LG-LINEUP", N_("The line-up names the players of every game."))
        count: Counter = Counter()
        out = []
        for spec, slot in zip(self.fmt.games, slots, strict=True):
            players = tuple(int(p) for p in slot if p not in (None, ""))
            if players and len(players) != spec.size:
                raise LeagueError(
                    "LG-LINEUP",
                    N_("A game is played by %(n)s players a side, or by none (conceded)."),
                    n=spec.size,
                )
            if len(set(players)) != len(players):
                raise LeagueError("LG-LINEUP", N_("One player cannot take two places in a game."))
            for p in players:
                if p not in self.squads[side]:
                    raise LeagueError(
                        "LG-LINEUP", N_("A player of the line-up is not in the team's squad.")
                    )
                count[(p, spec.size)] += 1
                if count[(p, spec.size)] > self.fmt.limit(spec.size):
                    raise LeagueError(
                        "LG-LINEUP",
                        N_("A player plays at most %(n)s games of %(size)s a side a fixture."),
                        n=self.fmt.limit(spec.size),
                        size=spec.size,
                    )
            out.append(players)
        if self.lineups[side] == out:
            raise Already(N_("This line-up is entered already."))
        self.lineups[side] = out

    def enter(self, side: int | None, game: int, legs: list[Leg]) -> None:
        """A game's legs, entered by a side (the other confirms) or by the secretary
        (`side` None: a correction, decided at once, after signing too)."""
        self._open(secretary=side is None)
        if not 0 <= game < len(self.games):
            raise LeagueError("LG-ORDER", N_("There is no such game in this fixture."))
        if (
            self.game_state(game) in ("conceded", "void")
            or self.lineups[HOME] is None
            or self.lineups[AWAY] is None
        ):
            raise LeagueError(
                "LG-ORDER",
                N_("Both line-ups come first, and only a game both sides field has a score."),
            )
        if side is not None and self.games[game].match is not None:
            raise LeagueError(
                "LG-ORDER", N_("This game is refereed at its table: its score is the table's.")
            )
        spec = self.fmt.games[game]
        if not self._legs_ok(legs, spec.legs, spec.to_win):
            raise LeagueError(
                "LG-ORDER", N_("A game is best of %(n)s legs: enter each leg played."), n=spec.legs
            )
        g = self.games[game]
        if side is not None and not g.confirmed and (g.legs, g.entered_by) == (list(legs), side):
            raise Already(N_("This score is entered already."))
        g.legs, g.entered_by, g.confirmed = list(legs), side, side is None
        if side is None:
            self.corrected += 1

    @staticmethod
    def _legs_ok(legs: list[Leg], most: int, to_win: int) -> bool:
        """At least one leg, at most `most`, none after a side has won `to_win`, and the
        game over (a side at `to_win`) unless every leg was played."""
        if not legs or len(legs) > most:
            return False
        for k in range(1, len(legs)):
            if max(game_winner(legs[:k], to_win)[1]) >= to_win:
                return False
        return len(legs) == most or max(game_winner(legs, to_win)[1]) >= to_win

    def table(self, game: int, match: int, leg: int = 0) -> None:
        """A leg of a game refereed at a table: the game's score is what the engine's
        replays of its legs' matches say (`tables`), in leg order, decided when a side has
        won the legs best-of asks (the legs after it are not needed)."""
        self._open()
        if 0 <= game < len(self.games) and leg < len(self.games[game].matches):
            raise Already(N_("This game's table is made already."))
        if not 0 <= game < len(self.games) or self.game_state(game) != "open":
            raise LeagueError(
                "LG-ORDER",
                N_("Both line-ups come first, and only a game both sides field has a score."),
            )
        g, spec = self.games[game], self.fmt.games[game]
        if leg != len(g.matches) or leg >= spec.legs:
            raise LeagueError(
                "LG-ORDER", N_("This game is refereed at its table: its score is the table's.")
            )
        g.matches.append(match)
        legs: list[Leg] = []
        for m in g.matches:
            decided = self.tables.get(m)
            if not decided:
                break
            legs += decided
            if max(game_winner(legs, spec.to_win)[1]) >= spec.to_win:
                g.legs, g.entered_by, g.confirmed = legs, None, True
                break

    def needed(self, game: int) -> int:
        """How many of a refereed game's legs have been or may still be played: those
        up to the leg that decided it, or all of them while it is open."""
        g, spec = self.games[game], self.fmt.games[game]
        return len(g.legs) if g.legs is not None and g.matches else spec.legs

    def confirm(self, side: int, game: int) -> None:
        self._open()
        g = self.games[game] if 0 <= game < len(self.games) else None
        if g is None or g.legs is None:
            raise LeagueError("LG-ORDER", N_("There is no score to confirm for this game."))
        if g.entered_by == side:
            raise LeagueError("LG-CONFIRM", N_("The other side confirms the score a side entered."))
        if g.confirmed:
            raise Already(N_("The score of game %(n)s is confirmed already."), n=game + 1)
        g.confirmed = True

    def sign(self, side: int, member: int, how: str) -> None:
        if self.signed[side] is not None:
            raise Already(N_("This side has signed the sheet already."))
        self._open()
        if not self.complete:
            raise LeagueError("LG-ORDER", N_("Every game is decided before the captains sign."))
        if self.captains[side] != member:
            raise LeagueError("LG-CAPTAIN", N_("The team's captain signs for it."))
        self.signed[side] = (member, how)

    def postpone(self, day: str) -> None:
        self._open()
        if any(g.legs is not None for g in self.games) or any(self.lineups):
            raise LeagueError("LG-ORDER", N_("A fixture under way is not postponed."))
        if self.day == day:
            raise Already(N_("The fixture is postponed to this date already."))
        self.day = day
        self.postponed += 1

    def did_not_turn_up(self, side: int) -> None:
        self._open()
        self.absent = side

    def apply(self, entry: dict) -> None:
        """One entry of the fixture's log (as stored: a dict with `what`)."""
        what = entry["what"]
        if what == "lineup":
            self.lineup(entry["side"], entry["slots"])
        elif what in ("score", "correct"):
            legs = [Leg(*x) for x in entry["legs"]]
            self.enter(entry["side"] if what == "score" else None, entry["game"], legs)
        elif what == "table":
            self.table(entry["game"], entry["match"], entry.get("leg", 0))
        elif what == "confirm":
            self.confirm(entry["side"], entry["game"])
        elif what == "sign":
            self.sign(entry["side"], entry["member"], entry["how"])
        elif what == "postpone":
            self.postpone(entry["day"])
        elif what == "no_show":
            self.did_not_turn_up(entry["side"])
        else:
            raise LeagueError("LG-ORDER", N_("An entry this sheet does not know."))


def replay(fmt: MatchFormat, squads, captains, entries: list[dict], tables=None) -> Sheet:
    """The sheet the entries give, in order (each was judged when it was made); `tables`:
    the legs of each refereed table decided so far, by its id. An entry logged twice
    before LG-ONCE held (a confirmation sent twice) changes nothing the second time."""
    sheet = Sheet(
        fmt, (frozenset(squads[0]), frozenset(squads[1])), tuple(captains), dict(tables or {})
    )
    for e in entries:
        try:
            sheet.apply(e)
        except Already:
            continue
    return sheet
