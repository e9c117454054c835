"""A league's match format, as data: the games of a fixture (`Game`: players a side, best
of how many legs), the league points (`Points`), what a no-show concedes and what a short
side concedes, how many games a player plays a fixture, and which figure the table counts
(games or legs), and the options its games are played with. `PRESETS`: the leagues of
issues 21 and 38 (the variant whose game each is says so: `variants.league_game`). A
format is stored as JSON (`to_data` / `from_data`); `parse_games` reads the secretary's
"6x1 + 3x2" or "3x2/3"."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace

from ..engine.messages import N_
from . import LeagueError


@dataclass(frozen=True)
class Game:
    """One game of a fixture: `size` players a side (1 singles, 2 doubles or a pair),
    best of `legs` tables (1: a single table)."""

    size: int
    legs: int = 1

    @property
    def to_win(self) -> int:
        return self.legs // 2 + 1

    @property
    def kind(self) -> str:
        return "singles" if self.size == 1 else "doubles"


@dataclass(frozen=True)
class Points:
    """League points for a fixture: `win`, `draw`, `loss`; `close_loss` (if not None) for a
    loss by at most `close_margin` games (3 / 1 for a 5-4 loss); plus `per_game` for each
    game won and `per_leg` for each leg won (2 a match + 1 a game: 6-3 gives 8)."""

    win: int
    draw: int = 1
    loss: int = 0
    close_loss: int | None = None
    close_margin: int = 1
    per_game: int = 0
    per_leg: int = 0


@dataclass(frozen=True)
class MatchFormat:
    """Everything a league's rules say about a fixture (see the module's docstring).

    `no_show`: the games score (present, absent) a side that does not turn up concedes,
    None: every game (all its legs); the absent side gets no league points at all.
    `short_concedes`: a game a side cannot field is won by the other (else void).
    `plays`: ((size, at most games of that size a player plays a fixture), ...).
    `counts`: "games" or "legs", the figure of the table's for and against.
    `squad_max`, `weekday` (0 Monday), `target` (None: the variant's): the league's
    defaults. `options`: the variant's options for each game size (keys "1", "2": the
    league's game as its rules play it, from the variant's league presets). `refereed`:
    each game is refereed move by move, a table a leg (its result the engine's), else its
    score is entered and confirmed. `notes`: msgids the forms show beside the preset."""

    id: str
    label: str
    games: tuple[Game, ...]
    points: Points
    no_show: tuple[int, int] | None = None
    short_concedes: bool = True
    plays: tuple[tuple[int, int], ...] = ((1, 1), (2, 1))
    counts: str = "games"
    squad_max: int | None = None
    weekday: int = 3
    target: int | None = None
    refereed: bool = False
    notes: tuple[str, ...] = field(default=())
    options: dict[str, dict] = field(default_factory=dict)

    def options_for(self, size: int) -> dict:
        """The variant's options for a game of `size` players a side, with the league's
        target where it names one."""
        out = dict(self.options.get(str(size), {}))
        if self.target:
            out["target"] = self.target
        return out

    def limit(self, size: int) -> int:
        return dict(self.plays).get(size, 1)

    @property
    def sizes(self) -> set[int]:
        return {g.size for g in self.games}

    def to_data(self) -> dict:
        return asdict(self)


def from_data(data: dict) -> MatchFormat:
    """The format stored as JSON (`MatchFormat.to_data`)."""
    d = dict(data)
    d["games"] = tuple(Game(**g) for g in d["games"])
    d["points"] = Points(**d["points"])
    d["no_show"] = tuple(d["no_show"]) if d.get("no_show") is not None else None
    d["plays"] = tuple(tuple(p) for p in d.get("plays", ((1, 1), (2, 1))))
    d["notes"] = tuple(d.get("notes", ()))
    d["options"] = {str(k): dict(v) for k, v in d.get("options", {}).items()}
    return MatchFormat(**d)


_GAMES = re.compile(r"(\d+)\s*[x×]\s*([12])(?:\s*/\s*(\d+))?")
GAMES_MAX = 30
LEGS_MAX = 9


def parse_games(text: str) -> tuple[Game, ...]:
    """ "6x1 + 3x2" (6 singles, 3 doubles), "3x2/3" (3 pairs, best of 3 legs) -> games.
    Refused (LG-FORMAT): nothing read, a part not understood, an even best-of, too many."""
    parts = [p for p in re.split(r"[+,;]", text or "") if p.strip()]
    games: list[Game] = []
    for part in parts:
        m = _GAMES.fullmatch(part.strip())
        if m is None:
            raise LeagueError(
                "LG-FORMAT", N_("Write the games as 6x1 + 3x2, or 3x2/3 for best of 3.")
            )
        count, size, legs = int(m.group(1)), int(m.group(2)), int(m.group(3) or 1)
        if legs % 2 == 0 or not 1 <= legs <= LEGS_MAX:
            raise LeagueError("LG-FORMAT", N_("A game is best of an odd number of legs (1 to 9)."))
        games += [Game(size, legs)] * count
    if not games or len(games) > GAMES_MAX:
        raise LeagueError("LG-FORMAT", N_("A fixture has 1 to 30 games."))
    return tuple(games)


def runs(games: tuple[Game, ...]) -> list[tuple[Game, int]]:
    """The games as runs of the same game: (the game, how many in a row)."""
    out: list[list] = []
    for g in games:
        if out and out[-1][0] == g:
            out[-1][1] += 1
        else:
            out.append([g, 1])
    return [(g, n) for g, n in out]


def games_text(games: tuple[Game, ...]) -> str:
    """The games as `parse_games` reads them ("6x1 + 3x2")."""
    return " + ".join(
        f"{n}x{g.size}" + (f"/{g.legs}" if g.legs > 1 else "") for g, n in runs(games)
    )


PRESETS: dict[str, MatchFormat] = {
    f.id: f
    for f in (
        MatchFormat(
            "solihull",
            N_("Solihull & Warwickshire: 6 singles + 3 doubles, 3 points a win, 1 for a 5-4 loss"),
            (Game(1),) * 6 + (Game(2),) * 3,
            Points(win=3, draw=2, close_loss=1),
        ),
        MatchFormat(
            "leek",
            N_("Leek: 6 singles + 3 doubles, 2 points a win + 1 a game; a no-show concedes 5-4"),
            (Game(1),) * 6 + (Game(2),) * 3,
            Points(win=2, draw=1, per_game=1),
            no_show=(5, 4),
        ),
        MatchFormat(
            "guisborough",
            N_("Guisborough: 3 pairs drawn by the captains, squads of up to 12, Thursdays"),
            (Game(2),) * 3,
            Points(win=2, draw=1),
            plays=((2, 1),),
            squad_max=12,
            weekday=3,
            notes=(
                N_(
                    "Teams of 6: the captains draw 3 pairs from the players both sides "
                    "picked; the rules name no league points, so 2 a win and 1 a draw."
                ),
            ),
        ),
        MatchFormat(
            "teesdale",
            N_("Teesdale (Barnard Castle): 6 singles + 3 doubles, Mondays"),
            (Game(1),) * 6 + (Game(2),) * 3,
            Points(win=2, draw=1),
            weekday=0,
            notes=(
                N_(
                    "Teesdale's published rules give the game (9 tiles each in singles, 6 in "
                    "doubles, no going out on the lead), not a fixture's games or points: "
                    "change them under Other games if yours differ."
                ),
            ),
        ),
        MatchFormat(
            "hartlepool",
            N_("Hartlepool: 3 pairs, each best of 3 legs, 2 points to the match winner"),
            (Game(2, 3),) * 3,
            Points(win=2, draw=1),
            plays=((2, 1),),
            counts="legs",
            notes=(
                N_(
                    "Its game is unconfirmed: the rules found (not certainly Hartlepool's) "
                    'say "5up", and a blocked hand goes to the lowest count, a block game '
                    "that is neither Fives & Threes nor Five-Up. Choose the variant you play."
                ),
            ),
        ),
    )
}


def custom(base: MatchFormat, games: tuple[Game, ...] | None = None, **points) -> MatchFormat:
    """A preset changed: other games, other points (the Points' fields)."""
    out = base
    if games is not None:
        out = replace(out, games=games)
    if points:
        out = replace(out, points=replace(out.points, **points))
    return out


def playable(fmt: MatchFormat, variant) -> bool:
    """Whether `variant` (the registry's object) plays every game of the format as two
    sides of the game's size (a doubles game: two pairs)."""
    for size in fmt.sizes:
        players = 2 * size
        if players not in variant.player_counts:
            return False
        sides = variant.sides(players)
        if len(sides) != 2 or any(len(s) != size for s in sides):
            return False
    return True
