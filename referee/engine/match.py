"""A match: hands in sequence, the sides' totals, who opens next, the end of the match."""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import add

from .errors import IllegalMove, RefereeError, SetupError
from .hand import Hand
from .messages import N_, NP_, Message, either
from .names import check_names, show
from .tiles import Tile
from .variants import Variant, get_variant
from .variants.base import unique_best


def check_count(variant: Variant[Hand], n: int) -> None:
    """SetupError (field "count", the variant's players rule) unless `n` players play
    `variant`: asked before any name is there (the start form's count) as by a match."""
    counts = variant.player_counts
    if n in counts:
        return
    if len(counts) > 2:
        text = N_("{variant} is played by {low} to {high} players, not {n}")
    else:
        text = N_("{variant} is played by {allowed} players, not {n}")
    raise SetupError(
        Message(
            text,
            variant=variant.title,
            low=counts[0],
            high=counts[-1],
            allowed=either(counts),
            n=n,
        ),
        rule=variant.players_rule,
        field="count",
    )


class Match:
    """Hands played in order by the same players under the same options."""

    def __init__(
        self, variant: str | Variant[Hand], players: Sequence[str], options: dict | None = None
    ):
        if not isinstance(variant, Variant):
            try:
                variant = get_variant(variant)
            except (KeyError, TypeError):
                raise SetupError(
                    Message(N_("unknown variant {variant}"), variant=show(variant)), field="variant"
                ) from None
        self.variant = variant
        players = check_names(players)
        check_count(variant, len(players))
        self.players = players
        if options is not None and not isinstance(options, dict):
            raise SetupError(Message(N_("options must be an object")), field="options")
        self.options = variant.options(options)
        self.hands: list[Hand] = []
        self.sides = variant.sides(len(players))
        self.side_names = ["+".join(self.players[s] for s in side) for side in self.sides]
        self._earlier: tuple[list[Hand], list[int]] = ([], [0] * len(self.sides))  # totals()

    @property
    def current(self) -> Hand | None:
        return self.hands[-1] if self.hands else None

    @property
    def match_rule(self) -> str:
        return self.variant.match_rule_for(self.options)

    def seat(self, name: str) -> int:
        """The seat of the player called `name`; ValueError if nobody is."""
        return self.players.index(name)

    def opening(self):
        """Who opens the next hand and with what."""
        return self.variant.opening(list(self.players), self.current, self.options)

    def new_hand(self, dealt: dict[int, list[Tile]] | None = None, lot: int | None = None) -> Hand:
        """Start the next hand; refused while the last one is unfinished or the match is over.
        `lot`: the seat the lot named to lead, where the hand opens by lot (FU-LEAD)."""
        last = self.current
        if last is not None and (not last.ended or last.settlement is None):
            raise RefereeError(Message(N_("hand {hand} is not settled yet"), hand=len(self.hands)))
        over, winner = self.result()
        if over:
            raise IllegalMove(
                self.match_rule,
                Message(
                    N_("The match is over: {side} won it, and no hand may follow."),
                    side=self.side_names[winner],
                )
                if winner is not None
                else Message(N_("The match is over, and no hand may follow.")),
            )
        opening = self.opening()
        if lot is not None and not opening.lot:
            raise RefereeError(Message(N_("This hand is not opened by lot.")))
        before = tuple(self.totals())  # what each side has before it (an exact finish)
        kind = self.variant.hand_type() or Hand
        args = (self.variant, self.players, self.options, opening, dealt, lot, before, last)
        hand: Hand = kind(*args)
        self.hands.append(hand)
        return hand

    def totals(self) -> list[int]:
        """Each side's total over the hands, in the order of `sides`. The hands before the
        current one are settled and do not change, so their sum is kept: only the hands
        added since are added to it."""
        hands = self.hands
        if not hands:
            return [0] * len(self.sides)
        return list(map(add, self._before_last(), hands[-1].points))  # as many sides each

    def _before_last(self) -> list[int]:
        """Each side's total over the hands before the current one (all settled), kept."""
        earlier = self.hands[:-1]
        kept, sums = self._earlier  # hands summed before, and their sum
        if earlier[: len(kept)] != kept:  # hands taken back or replaced: count again
            kept, sums = [], [0] * len(self.sides)
        for hand in earlier[len(kept) :]:
            sums = list(map(add, sums, hand.points))
        self._earlier = (earlier, sums)
        return sums

    def result(self) -> tuple[bool, int | None]:
        """(over, winning side): decided only at the end of a settled hand."""
        hands = self.hands
        if not hands or hands[-1].settlement is None:
            return False, None
        return self.variant.result_after(len(hands), self.totals(), self.options)

    def result_on_time(self, hands: int) -> tuple[bool, int | None]:
        """(decided, winning side or None for a tie) when time was called with `hands`
        hands begun: the match ends once they are settled, on the totals they give."""
        over, win = self.result()
        if over:
            return over, win
        counted = self.hands[:hands]
        if any(h.settlement is None for h in counted):
            return False, None
        totals = [0] * len(self.sides)
        for hand in counted:
            totals = [a + b for a, b in zip(totals, hand.points, strict=True)]
        return True, unique_best(totals, self.variant.best(self.options))

    def tied(self) -> bool:
        """Whether the settled hands have brought a side to the target with the sides level
        for the win, so that the match goes on (C-TIE)."""
        hands = self.hands
        if not hands or (len(hands) == 1 and hands[0].settlement is None):
            return False  # no hand settled yet
        settled = hands[-1].settlement is not None
        totals = self.totals() if settled else self._before_last()
        if "target" not in self.options:  # a match of so many hands (no target)
            return False
        reached = max(totals) >= self.options["target"]
        return reached and not self.variant.result(totals, self.options)[0]

    def outcome_message(self) -> Message | None:
        """Who won the match and why, once it is decided (the variant's match rule)."""
        over, win = self.result()
        if not over:
            return None
        if win is None or "target" not in self.options:
            return self.variant.outcome(self.side_names, self.totals(), win)
        if self.variant.best(self.options) is min:
            text = NP_(
                "{side} won the match with {n} penalty point, the fewest, once a side reached "
                "the target of {target}.",
                "{side} won the match with {n} penalty points, the fewest, once a side reached "
                "the target of {target}.",
            )
        else:
            text = NP_(
                "{side} won the match with {n} point, the most, once a side reached the target "
                "of {target}.",
                "{side} won the match with {n} points, the most, once a side reached the target "
                "of {target}.",
            )
        return Message(
            text,
            side=self.side_names[win],
            n=self.totals()[win],
            target=self.options["target"],
        )

    def tie_message(self) -> Message | None:
        """Why the match goes on though a side has reached the target (C-TIE)."""
        if not self.tied():
            return None
        return Message(
            N_("The target is reached but the sides are level for the win: another hand is played.")
        )

    def undo(self):
        """Take back the last move, settlement or empty hand of the match."""
        last = self.current
        if last is None:
            raise RefereeError(Message(N_("There is nothing to take back.")))
        if not last.moves and last.settlement is None:
            self.hands.pop()
            return self.undo() if self.hands else None
        return last.undo()


def draw_lot(players, rng: random.Random) -> int:
    """Draw lots for the lead (FU-LEAD): a seat chosen at random."""
    return rng.randrange(len(players))
