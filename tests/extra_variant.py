"""A variant that is not the app's: the Block Game, registered from outside the code, to
prove that a variant is one module (tests/web/test_extra_variant.py plays it through the
start form, the table screen, `check` and an event's pairing).

2 to 4 players, each for himself, double-six, 7 tiles each; the tiles not dealt sleep (no
drawing). The first hand is led by the first player, each later hand by the last winner;
a player who cannot play passes; the winner (Domino!, or the fewest pips at a block)
scores the pips left in the others' hands; the first to the target (100) wins.

Its rules are BG-*, its texts in tests/extra_variant_texts/ (English only: the other
languages say them in English). Importing this module registers it; so does naming it in
REFEREE_VARIANTS (with tests/ on PYTHONPATH), for `python -m referee check`.
"""

from __future__ import annotations

from pathlib import Path

from referee.engine.messages import N_, NP_, Message
from referee.engine.tiles import pip_count
from referee.engine.variants import PLACEMENT, Events, Line, Opening, Settlement, Variant, register
from referee.engine.variants.base import lowest

NOBODY = N_("blocked with the fewest pips level: nobody scores")
WINS = NP_(
    "{player} wins the hand: the others hold {n} pip",
    "{player} wins the hand: the others hold {n} pips",
)


class BlockGame(Variant):
    name = "block"
    title = "Block Game"
    player_counts = (2, 3, 4)
    players_rule = "BG-PLAYERS"
    hand_size = 7
    draw_rule = None  # the tiles not dealt sleep
    nodraw_rule = "BG-PASS"
    match_rule = "BG-MATCH"
    lead_rule = "BG-LEAD"
    spinner_rule = "BG-LEAD"
    events = Events(formats=("pods", "swiss", "round-robin"), pods=(2, 4, 4), pod_choice=True)
    standings = PLACEMENT
    texts_dir = Path(__file__).resolve().parent / "extra_variant_texts"

    def opening(self, players, previous, options):
        who = 0
        if previous is not None and previous.winner is not None:
            who = previous.winner
        text = Message(N_("{player} leads any tile."), player=players[who])
        return Opening(who, None, False, False, False, "BG-LEAD", text)

    def check_pass(self, hand):
        """Passing is always allowed (a false one is flagged by C-RENEGE): nothing to draw."""

    def settle(self, hand, left):
        pips = [pip_count(tiles) for tiles in left]
        winner = hand.winner if hand.ended == "domino" else lowest(pips)
        if winner is None:
            return Settlement(None, [Line(None, 0, "BG-SCORE", NOBODY, {})])
        others = sum(pips) - pips[winner]
        facts = {"player": hand.players[winner], "n": others}
        return Settlement(winner, [Line(winner, others, "BG-SCORE", WINS, facts)])

    def best(self, options):
        return max


VARIANT = register(BlockGame())
