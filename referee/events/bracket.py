"""Brackets: who meets whom in a knockout, and who goes on. Pure standard library.

A bracket is made from its draw, the ``lines`` (entrant ids, ``None`` for a bye, a power
of two of them, seeds placed so that the top two can meet only in the final), and the
winners of the ties played so far. Everything else is what that gives:

- single elimination (`single`): round 1 pairs lines 1-2, 3-4...; a winner meets the
  winner of the neighbouring tie; a tie with a bye sends its entrant on unplayed; an
  optional third-place tie between the semi-finals' losers;
- double elimination (`double`): the winners' side as above; the losers' side takes the
  losers of the winners' rounds (each loses a second time there and is out); the grand
  final sets the winners' side's champion against the losers' side's, and is played again
  (the reset) when the losers' side's entrant wins the first, so that everyone but the
  champion loses twice.

Every tie has a key (``W2-1``: winners' round 2, tie 1; ``L3-2``; ``GF``, ``GF2``; ``3P``)
and a place in an event's schedule: its event round and its table there (`Tie.round`,
`Tie.table`), fixed by the draw alone (which ties are byes is known from the draw), so a
table of an event always means the same tie.

`placings` ranks everyone by how far they went: 1, 2, 3-4, 5-8, ... (the losers of a
round share a place).
"""

from __future__ import annotations

from dataclasses import dataclass, field

WINNERS, LOSERS, FINAL, THIRD = "winners", "losers", "final", "third"


def size_for(entrants: int) -> int:
    """The bracket's lines: the least power of two that holds every entrant (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """The seed (1-based) on each line of a bracket of ``size`` lines: 1 and 2 meet only
    in the final, 1 to 4 only in the semi-finals, and so on; round 1 sets seed s against
    ``size + 1 - s``."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def draw_lines(seeded: list[int]) -> list[int | None]:
    """The lines of a bracket for entrants in seed order (best first): the top seeds get
    the byes when the field is not a power of two (13 entrants: seeds 1 to 3)."""
    size = size_for(len(seeded))
    return [seeded[s - 1] if s <= len(seeded) else None for s in seed_order(size)]


@dataclass(frozen=True)
class Source:
    """Where one side of a tie comes from: a line of the draw, or the winner or the loser
    of an earlier tie."""

    kind: str  # "line", "winner", "loser"
    of: str | int  # the line's index, or the tie's key


@dataclass
class Tie:
    """A tie of the bracket: its key, side of the bracket and round there, its event round
    and table, its two sides (entrant ids once known; None while unknown, or for nobody),
    and, once played, its winner."""

    key: str
    stage: str  # WINNERS, LOSERS, FINAL, THIRD
    level: int  # its round within its stage, from 1
    sources: tuple[Source, Source]
    a: int | None = None
    b: int | None = None
    a_known: bool = False  # side a is settled (an entrant, or nobody)
    b_known: bool = False
    winner: int | None = None
    loser: int | None = None
    bye: bool = False  # one side is nobody (known from the draw): no table
    empty: bool = False  # both sides are nobody
    needed: bool = True  # GF2: only when the losers' side won the first grand final
    round: int = 0  # the event's round
    table: int = 0  # its table in that round (0 for a bye)

    @property
    def entrants(self) -> list[int]:
        return [x for x in (self.a, self.b) if x is not None]

    @property
    def ready(self) -> bool:
        """Both entrants known, to be played (a table), not yet decided."""
        return (
            self.needed
            and not self.bye
            and self.a is not None
            and self.b is not None
            and self.winner is None
        )

    @property
    def decided(self) -> bool:
        """Its winner is known (played, or a bye that sends its entrant on)."""
        return self.winner is not None or self.empty or (self.bye and self.settled)

    @property
    def settled(self) -> bool:
        return self.a_known and self.b_known


@dataclass
class Bracket:
    """A knockout as it stands: its ties in schedule order (by event round, then table)."""

    lines: list[int | None]
    ties: list[Tie]
    double: bool = False
    third: bool = False
    by_key: dict[str, Tie] = field(default_factory=dict)

    def tie(self, key: str) -> Tie:
        return self.by_key[key]

    def at(self, round_no: int, table: int) -> Tie | None:
        """The tie played at this table of this event round."""
        for t in self.ties:
            if t.round == round_no and t.table == table:
                return t
        return None

    def rounds(self) -> int:
        """The event rounds the bracket needs at most."""
        return max((t.round for t in self.ties), default=0)

    def playable(self) -> list[Tie]:
        """The ties whose entrants are known and that are still to be played."""
        return [t for t in self.ties if t.ready]

    @property
    def champion(self) -> int | None:
        final = self.by_key.get("GF2") if self.double else None
        if final is not None and final.needed:
            return final.winner
        last = self.by_key["GF" if self.double else self.final_key]
        return last.winner

    @property
    def final_key(self) -> str:
        return f"W{_levels(len(self.lines))}-1"

    @property
    def over(self) -> bool:
        """The champion is known and every tie to play is played."""
        return self.champion is not None and not self.playable()

    def stages(self) -> list[tuple[str, int, list[Tie]]]:
        """The ties by stage and round within it, as the picture draws them."""
        out: dict[tuple[str, int], list[Tie]] = {}
        for t in self.ties:
            out.setdefault((t.stage, t.level), []).append(t)
        order = {WINNERS: 0, LOSERS: 1, FINAL: 2, THIRD: 3}
        keys = sorted(out, key=lambda k: (order[k[0]], k[1]))
        return [(s, lv, out[s, lv]) for s, lv in keys]


def _levels(size: int) -> int:
    levels = 0
    while (1 << levels) < size:
        levels += 1
    return levels


def _structure(size: int, double: bool, third: bool) -> list[Tie]:
    """The ties of a bracket of ``size`` lines, in schedule order (event round numbers
    set; tables later, once byes are known)."""
    k = _levels(size)
    winners: dict[int, list[Tie]] = {}
    for r in range(1, k + 1):
        ties = []
        for i in range(size >> r):
            if r == 1:
                src = (Source("line", 2 * i), Source("line", 2 * i + 1))
            else:
                src = (
                    Source("winner", f"W{r - 1}-{2 * i + 1}"),
                    Source("winner", f"W{r - 1}-{2 * i + 2}"),
                )
            ties.append(Tie(f"W{r}-{i + 1}", WINNERS, r, src))
        winners[r] = ties
    if not double:
        schedule = [winners[r] for r in range(1, k + 1)]
        if third and k >= 2:
            semis = winners[k - 1]
            tie = Tie(
                "3P",
                THIRD,
                1,
                (Source("loser", semis[0].key), Source("loser", semis[1].key)),
            )
            schedule[-1] = [*schedule[-1], tie]  # played beside the final
        return _numbered(schedule)
    losers: dict[int, list[Tie]] = {}
    for lv in range(1, 2 * k - 1):
        ties = []
        if lv == 1:
            count = size // 4
            for i in range(count):
                src = (Source("loser", f"W1-{2 * i + 1}"), Source("loser", f"W1-{2 * i + 2}"))
                ties.append(Tie(f"L1-{i + 1}", LOSERS, 1, src))
        elif lv % 2 == 0:  # the losers of winners' round lv/2 + 1 drop in (in reverse)
            dropping = winners[lv // 2 + 1]
            count = len(losers[lv - 1])
            for i in range(count):
                src = (
                    Source("winner", f"L{lv - 1}-{i + 1}"),
                    Source("loser", dropping[count - 1 - i if (lv // 2) % 2 else i].key),
                )
                ties.append(Tie(f"L{lv}-{i + 1}", LOSERS, lv, src))
        else:
            count = len(losers[lv - 1]) // 2
            for i in range(count):
                src = (
                    Source("winner", f"L{lv - 1}-{2 * i + 1}"),
                    Source("winner", f"L{lv - 1}-{2 * i + 2}"),
                )
                ties.append(Tie(f"L{lv}-{i + 1}", LOSERS, lv, src))
        losers[lv] = ties
    top = f"W{k}-1"
    last = f"L{2 * k - 2}-1" if k >= 2 else None
    gf = Tie("GF", FINAL, 1, (Source("winner", top), Source("winner", last or top)))
    gf2 = Tie("GF2", FINAL, 2, (Source("winner", top), Source("winner", last or top)))
    schedule = [winners[1]]
    for r in range(2, k + 1):
        schedule += [winners[r], losers[2 * r - 3], losers[2 * r - 2]]
    schedule += [[gf], [gf2]]
    return _numbered(schedule)


def _numbered(schedule: list[list[Tie]]) -> list[Tie]:
    out = []
    for number, ties in enumerate(schedule, 1):
        for t in ties:
            t.round = number
        out += ties
    return out


def build(
    lines: list[int | None],
    winners: dict[str, int] | None = None,
    *,
    double: bool = False,
    third: bool = False,
) -> Bracket:
    """The bracket of this draw with these ties won (tie key -> winner's entrant id; a
    winner who is not at the tie is ignored)."""
    winners = winners or {}
    size = len(lines)
    if size < 2 or size & (size - 1):
        raise ValueError("a bracket's lines are a power of two")
    ties = _structure(size, double, third and not double)
    by_key = {t.key: t for t in ties}

    def side(src: Source) -> tuple[bool, int | None]:
        if src.kind == "line":
            return True, lines[int(src.of)]
        t = by_key[str(src.of)]
        if not t.decided:
            return False, None
        return True, t.winner if src.kind == "winner" else t.loser

    for t in ties:  # schedule order: every source comes before its tie
        t.a_known, t.a = side(t.sources[0])
        t.b_known, t.b = side(t.sources[1])
        if t.key == "GF2":
            gf = by_key["GF"]
            t.needed = gf.winner is not None and gf.winner == gf.b and gf.b is not None
            if not t.needed:
                continue
        if _nobody(t, by_key, lines):  # both sides nobody
            t.empty = True
            continue
        t.bye = _bye(t, by_key, lines)
        if t.bye:
            if t.settled:
                t.winner = t.a if t.a is not None else t.b
            continue
        won = winners.get(t.key)
        if won is not None and t.a is not None and t.b is not None and won in (t.a, t.b):
            t.winner = won
            t.loser = t.b if won == t.a else t.a
    _tables(ties)
    return Bracket(list(lines), ties, double, third and not double, by_key)


def _static_nobody(src: Source, by_key: dict[str, Tie], lines) -> bool:
    """Whether this side is nobody whatever is played (a bye line, or the loser of a bye,
    or the winner of an empty tie): known from the draw alone."""
    if src.kind == "line":
        return lines[int(src.of)] is None
    t = by_key[str(src.of)]
    if src.kind == "loser":
        return t.bye or t.empty
    return t.empty


def _nobody(t: Tie, by_key, lines) -> bool:
    return all(_static_nobody(s, by_key, lines) for s in t.sources)


def _bye(t: Tie, by_key, lines) -> bool:
    return any(_static_nobody(s, by_key, lines) for s in t.sources)


def _tables(ties: list[Tie]) -> None:
    """Number the tables of each event round: its ties that are played, in order."""
    count: dict[int, int] = {}
    for t in ties:
        if t.bye or t.empty:
            t.table = 0
            continue
        count[t.round] = count.get(t.round, 0) + 1
        t.table = count[t.round]


def placings(bracket: Bracket) -> list[tuple[int, int, int]]:
    """(entrant, place, last place of his group) for every entrant of the draw, best first:
    the champion 1, the final's loser 2, then the losers of each earlier round sharing
    the places below (3-4, 5-8...; where a third-place tie is played, 3 and 4; in a
    double knockout, by the round of the second loss). Entrants still in share the best
    place they can still reach."""
    entrants = [x for x in bracket.lines if x is not None]
    losses = dict.fromkeys(entrants, 0)
    out_at: dict[int, int] = {}  # entrant -> the event round he went out in
    for t in bracket.ties:
        if t.loser is None or t.stage == THIRD:
            continue
        losses[t.loser] += 1
        if not bracket.double or losses[t.loser] >= 2:
            out_at[t.loser] = t.round
    champion = bracket.champion
    reach: dict[int, tuple[int, ...]] = {}
    for e in entrants:  # a larger key went further
        if e == champion:
            reach[e] = (3, 0, 0)
        elif e in out_at:
            reach[e] = (1, out_at[e], 0)
        else:
            reach[e] = (2, 0, 0)  # still in
    third = bracket.by_key.get("3P")
    if third is not None and third.winner is not None and third.loser is not None:
        reach[third.winner] = (*reach[third.winner][:2], 1)
    order = sorted(entrants, key=lambda e: reach[e], reverse=True)
    out = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and reach[order[j + 1]] == reach[order[i]]:
            j += 1
        out += [(e, i + 1, j + 1) for e in order[i : j + 1]]
        i = j + 1
    return out
