"""An event's bracket as its pages show it: the picture (`drawing.bracket`) and the same
ties as rows of a table that reads in order, each tie with its table's live page and,
once played, its replay. Made from the event's state (`service.EventState`) and the
bracket its format works out; nothing of its own is kept."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup

from referee.events import bracket as br

from ..drawing.bracket import Box, bracket_svg
from . import knockout


@dataclass(frozen=True)
class TieRow:
    """A tie as the table of the bracket reads it."""

    stage: str  # the round's name: "Semi-finals", "Losers' round 2"
    names: tuple[str, str]
    score: str
    winner: str | None
    note: str  # "bye", "to be played", "playing", "not needed"
    live: str | None
    replay: str | None
    table: str  # "Round 2, table 3"


@dataclass(frozen=True)
class BracketView:
    svg: Markup
    rows: list[TieRow]
    champion: str | None


def stage_name(t: br.Tie, levels: int, double: bool = False) -> str:
    """The name of a tie's round, in the reader's language."""
    if t.stage == br.THIRD:
        return _("Third place")
    if t.stage == br.FINAL:
        return _("Grand final") if t.level == 1 else _("Grand final, reset")
    if t.stage == br.LOSERS:
        if t.level == 2 * levels - 2:
            return _("Losers' final")
        return _("Losers' round %(n)s", n=t.level)
    if double:
        if t.level == levels:
            return _("Winners' final")
        return _("Winners' round %(n)s", n=t.level)
    from_end = levels - t.level
    if from_end == 0:
        return _("Final")
    if from_end == 1:
        return _("Semi-finals")
    if from_end == 2:
        return _("Quarter-finals")
    return _("Knockout round %(n)s", n=t.level)


def _levels(b: br.Bracket) -> int:
    return max(t.level for t in b.ties if t.stage == br.WINNERS)


def _tables(s) -> dict[tuple[int, int], object]:
    return {(r.row.number, t.row.number): t for r in s.rounds for t in r.tables}


def _score(s, t, a: int | None, b: int | None) -> tuple[str, str]:
    """Each side's games won (a series) or points, as the table's state gives them."""
    if t is None or not t.games and not t.row.forfeit:
        return "", ""
    figures = t.wins if s.event.series > 1 else t.totals
    out = []
    for who in (a, b):
        index = next((i for i, side in enumerate(t.sides) if who in side), None)
        out.append("" if index is None else str(figures[index]))
    return out[0], out[1]


def bracket_of(s, director: str | None = None, tv: bool = False) -> BracketView | None:
    """The bracket of the event at state `s` (None: no bracket, or not drawn yet). On the
    director's page (`director`: his token) a tie links to its table's page there. On a
    TV (`tv`) the picture of a single knockout starts at the earliest round still in play
    (the rounds before it are history, and a hall reads the rest larger)."""
    fmt = knockout.drawn(s.event)
    if fmt is None:
        return None
    b = fmt.bracket(knockout.past(s.event, s.rounds, fmt))
    if b is None:
        return None
    levels = _levels(b)
    tables = _tables(s)
    size = len(b.lines)
    first_losers = max(1, size // 4)
    boxes, rows = [], []
    heads: dict[tuple[int, int], str] = {}
    start = 1
    if tv and not b.double:
        open_levels = [t.level for t in b.ties if t.stage == br.WINNERS and not t.decided]
        start = min(open_levels, default=levels)
    for tie in b.ties:
        if tie.empty or (tie.key == "GF2" and not tie.needed):
            continue
        state = tables.get((tie.round, tie.table)) if tie.table else None
        names = tuple(s.name(x) if x is not None else "" for x in (tie.a, tie.b))
        if tie.bye:
            names = (names[0] or _("bye"), names[1] or _("bye"))
        scores = _score(s, state, tie.a, tie.b)
        winner = None if tie.winner is None else (0 if tie.winner == tie.a else 1)
        live = replay = None
        if state is not None and state.games:
            game = state.games[-1]
            if director:
                live = url_for("events.table_page", token=director, table=state.row.id)
            else:
                live = url_for("spectator.table", token=game.read_token)
            if state.decided:
                replay = url_for(
                    "audit.spectator_replay", token=state.games[0].read_token, number=1, k=0
                )
        playing = state is not None and not state.decided
        if tie.bye:
            note = _("bye")
        elif tie.winner is not None:
            note = _("played")
        elif playing:
            note = _("playing")
        else:
            note = _("to be played")
        label = (
            _("Round %(round)s, table %(table)s", round=tie.round, table=tie.table)
            if tie.table
            else ""
        )
        name = stage_name(tie, levels, b.double)
        if tie.stage == br.LOSERS:
            part, column = 1, tie.level - 1
            count = sum(1 for x in b.ties if x.stage == br.LOSERS and x.level == tie.level)
            index = int(tie.key.rsplit("-", 1)[1]) - 1
            row = (index + 0.5) * first_losers / count
        elif tie.stage == br.FINAL:
            part, column, row = 2, tie.level - 1, 0.5
        else:
            level = levels if tie.stage == br.THIRD else tie.level
            part, column = 0, level - start
            index = int(tie.key.rsplit("-", 1)[1]) - 1 if tie.stage == br.WINNERS else 0
            row = (index + 0.5) * (1 << max(0, tie.level - start))
            if tie.stage == br.THIRD:
                row = (1 << max(0, levels - start - 1)) + 1.5
        feeders = tuple(
            str(src.of)
            for src in tie.sources
            if src.kind == "winner" and str(src.of)[0] == tie.key[0] and tie.stage != br.THIRD
        )
        if column >= 0:
            heads.setdefault((part, column), name)
            boxes.append(
                Box(
                    tie.key,
                    column,
                    row,
                    part,
                    names,
                    scores,
                    winner,
                    feeders,
                    live,
                    replay,
                    f"{name}: {label}" if label else name,
                    muted=tie.bye,
                    playing=playing,
                )
            )
        rows.append(
            TieRow(
                name,
                names,
                "–".join(x for x in scores if x) if all(scores) else "",
                s.name(tie.winner) if tie.winner is not None and not tie.bye else None,
                note,
                live,
                replay,
                label,
            )
        )
    champion = s.name(b.champion) if b.champion is not None else None
    svg = bracket_svg(boxes, _("The bracket"), [(p, c, n) for (p, c), n in heads.items()])
    return BracketView(Markup(svg), rows, champion)
