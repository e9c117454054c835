"""The rulebook: every rule the referee applies, with the id it cites to players.

The ids and rulings are those of ``docs/rule-ids.md`` (the project's rulings decide where
the seeds, the original rule texts, are silent, unclear or contradict themselves).
A few project ids (source ``"project"``) name checks that rulings.md implies but does not
name. Every ``IllegalMove(rule=...)`` and every settlement line cites an id of `RULES`;
``docs/rules.md`` is exactly `markdown()`.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

VARIANTS = ("common", "five-up", "french-connection", "ctyrka")

VARIANT_TITLES = {
    "five-up": "Five-Up",
    "french-connection": "French Connection",
    "ctyrka": "Čtyřka",
}

SECTION_TITLES = {"common": "Common to all variants", **VARIANT_TITLES}


@dataclass(frozen=True)
class Rule:
    """One rule: its id (e.g. "FC-LOCK"), the variant it belongs to ("common" or a variant
    name), a short title, the text for players (Markdown: paragraphs and "- " lists) and
    where it comes from ("seed", "ruling", "seed/ruling", "seed + pagat", "project"...)."""

    id: str
    variant: str
    title: str
    text: str
    source: str

    @property
    def heading(self) -> str:
        """The heading line, e.g. "FC-LOCK — Locked arms"."""
        return f"{self.id} — {self.title}"

    @property
    def anchor(self) -> str:
        """The anchor a Markdown renderer (GitHub style) gives the rule's heading:
        "fc-lock--locked-arms", so that ``rules.md#<anchor>`` links to the rule."""
        return re.sub(r"[^\w\- ]", "", self.heading.lower()).replace(" ", "-")


def _clean(text: str) -> str:
    """Dedent; keep blank-line-separated paragraphs and "- " list items, join wrapped lines."""
    blocks = []
    for block in textwrap.dedent(text).strip().split("\n\n"):
        lines: list[str] = []
        for line in block.splitlines():
            line = line.strip()
            if lines and not line.startswith("- "):
                lines[-1] += " " + line
            else:
                lines.append(line)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _rules(*rules: tuple[str, str, str, str, str]) -> dict[str, Rule]:
    table: dict[str, Rule] = {}
    for rule_id, variant, title, source, text in rules:
        if rule_id in table or variant not in VARIANTS:
            raise ValueError(f"rule {rule_id}: duplicate id or unknown variant {variant!r}")
        table[rule_id] = Rule(rule_id, variant, title, _clean(text), source)
    return table


C, FU, FC, CT = VARIANTS

# In the order of docs/rule-ids.md; the project ids follow the common rulings.
# fmt: off
RULES: dict[str, Rule] = _rules(
    # ---- Common to all variants ------------------------------------------------------
    ("C-SEAT", C, "Turn order", "ruling", """
        Players are entered in the order they play: each player is followed by the next
        in the list, and after the last comes the first again.

        Why: the variants turn in different directions (Čtyřka plays "to the right",
        French Connection the Caribbean way); entering the players in the order they
        play covers them all.
     """),
    ("C-ONE", C, "One tile per turn, matching halves", "seed", """
        On his turn a player lays one tile. The halves that touch must show the same
        number, for example [5|1][1|3][3|2].
     """),
    ("C-SET", C, "The set of tiles", "seed/ruling", """
        Five-Up and French Connection use a double-six set (28 tiles). Čtyřka uses
        double-six for 2–3 players, double-nine (55 tiles) for 4–7 players and
        double-twelve (91 tiles) for 8–13 players. A tile outside the set in use (such
        as [9|9] in a double-six game) cannot be played.

        Why 13 at most: the seed gives double-twelve to "eight players and more", and
        13 players × 7 tiles = 91, the whole double-twelve set.
     """),
    ("C-DOUBLE", C, "Doubles lie across", "seed", """
        A double is laid across the line. A double that is not a spinner has one free
        side, the one opposite the tile it was laid on.
     """),
    ("C-SPINNER-ORDER", C, "The four places of a spinner", "ruling", """
        A spinner's four places are its two sides (its long edges) and its two ends (its
        short edges). A tile laid "on" a spinner takes the first free place in this
        order: side, side, end, end. A spinner that was laid on another tile already has
        one side taken.

        Why: the places of a spinner are alike, so naming the spinner is enough to say
        where a tile goes. In Five-Up the order is also a rule of play (FU-SPINNER).
     """),
    ("C-DOMINO", C, "Domino!", "seed", """
        A hand ends the moment a player lays his last tile ("Domino!"), even if the
        boneyard still holds tiles. No move follows it.
     """),
    ("C-BLOCK", C, "Blocked hand", "ruling", """
        A hand is blocked when, with the boneyard empty (or none in the variant), every
        player has passed in succession since the last tile was laid.

        Why: the seeds say "none of the players can lay a tile any more"; a full round of
        passes is how the table sees it.
     """),
    ("C-TIE", C, "Tie at the end of a match", "ruling", """
        When a match reaches its end with two sides level for the win, another hand is
        played.

        Why: the Five-Up seed says so; we apply it to all three variants.
     """),
    ("C-RENEGE", C, "No false pass", "ruling", """
        Passing while able to play is illegal in all three variants.

        At a physical table the app cannot see the hands, so it flags a pass as illegal
        as soon as the record proves it: the passer later lays, or still holds when the
        hand ends, a tile that fitted at the moment he passed. Nothing can enter his
        hand after a pass (French Connection has no boneyard; in Five-Up and Čtyřka one
        passes only when the boneyard is empty), so he held that tile when he passed.
     """),
    ("C-UNIQUE", C, "Each tile exists once", "project", """
        Each tile exists once in the set. A tile that is already on the table cannot be
        played again or held by anyone, and no tile can be listed twice.
     """),
    ("C-PLACE", C, "Where a tile may be laid", "project", """
        A tile is laid against a tile that is on the table and still has a free place:
        the end of a line, a side or end of a spinner, or the free side of a double
        (C-DOUBLE). The variant may restrict these places further (FU-SPINNER,
        FC-CROSS, FC-LOCK).
     """),
    ("C-HOLD", C, "Only tiles he holds", "project", """
        A player lays only tiles he holds. The app checks this when it knows every hand:
        a full record, where every player's deal and every drawn tile is written down.
     """),
    ("C-REMAINING", C, "Tiles left at the end", "project", """
        The tiles left in the hands at the end of a hand must add up: each player lists
        exactly as many tiles as he holds, none of them on the table or in another
        player's list. With no boneyard (French Connection) the lists together are
        exactly the tiles not on the table.
     """),
    ("C-NAMES", C, "Names of the players", "project", """
        Every player has a name of 1 to 40 characters, different from every other
        player's; names that differ only in capital letters ("Ana", "ana") or in
        characters nobody sees (a zero-width space) count as the same. A name holds no
        control characters (such as a line break) and no "+", which joins partners'
        names into their side's name ("Ana+Cleo").
     """),
    # ---- Five-Up ---------------------------------------------------------------------
    ("FU-PLAYERS", FU, "Players and sides", "seed", """
        2 or 3 players, each playing alone, or 4 players as two pairs: seats 1 and 3
        against seats 2 and 4.
     """),
    ("FU-DEAL", FU, "The deal", "seed", """
        5 tiles each; the rest is the boneyard.
     """),
    ("FU-LEAD", FU, "Who leads", "seed", """
        The first hand is led by a player chosen by lot (the app can draw the lot).
        After a Domino! the player who went out leads the next hand; after a blocked
        hand, lot again. The lead may be any tile.
     """),
    ("FU-SPINNER", FU, "Every double is a spinner", "seed + pagat", """
        Every double is a spinner. Its ends take tiles only after both its sides are
        covered.
     """),
    ("FU-DRAW", FU, "Drawing", "seed", """
        A player who cannot play draws from the boneyard, one tile after another, until
        he draws one he can play, and then plays it. If the boneyard runs out he passes.
        He may pass only when the boneyard is empty, and draws only when he cannot play.
     """),
    ("FU-COUNT", FU, "The count", "seed + pagat", """
        After every play, the lead included, the count is the sum of the open ends:

        - a tile that is not a double, at an open end, counts its outer half;
        - a lead that is not a double counts both halves (lead [4|1] counts 5);
        - a double counts both halves (twice its number: [6|6] counts 12, [1|1] counts 2)
          while at least one of its sides is free, whether it leads or was laid on an
          arm; once both its sides are covered it counts nothing, its ends included;
        - an end of a spinner counts only through the tile laid on it.
     """),
    ("FU-SCORE", FU, "Scoring during play", "seed", """
        When the count after a play is a positive multiple of 5, the player's side
        scores count ÷ 5 points: a count of 10 scores 2 points, 25 scores 5 points.
     """),
    ("FU-DOMINO", FU, "Scoring a Domino!", "seed", """
        The side that goes out scores the opponents' remaining pips ÷ 5, rounded to the
        nearest whole number (remainders 1–2 round down, 3–4 round up): 21 and 22 pips
        give 4 points; 23 and 24 give 5. Partners' pips do not count against them.

        With 3 players, the other player with fewer pips also scores (the highest
        player's pips − his pips) ÷ 5, rounded; if the two are level he scores nothing.
        Example: A goes out, B holds 5 pips, C holds 19: A scores 5 points (24 pips),
        B scores 3 points (19 − 5 = 14 pips), C scores nothing.
     """),
    ("FU-BLOCK", FU, "Scoring a blocked hand", "ruling", """
        At a block the side with the fewest remaining pips (a pair's pips added
        together) wins and alone scores (opponents' pips − its own pips) ÷ 5, rounded;
        "opponents' pips" is the total of all players not on the winning side. A tie
        for the fewest: nobody scores.

        Example: A holds 10 pips, B 5, C 19. B wins and scores (10 + 19 − 5) = 24 pips,
        which gives 5 points.

        Why: the seed's rule says "the difference between his (or their) pips and the
        opponents' pips", but its example ("B gets 3 points (19+5−10 = 14 pips)")
        computes that difference for A instead of B. We follow the rule's text.
        Sebastopol's published block rule is the same.
     """),
    ("FU-MATCH", FU, "Winning the match", "seed", """
        The match target is 61 points unless the table agrees another. When a hand ends
        with any side at or above the target, the side with the most points wins; on a
        tie another hand is played (C-TIE). A hand is always played to its end.
     """),
    # ---- French Connection -----------------------------------------------------------
    ("FC-PLAYERS", FC, "Players and deal", "seed", """
        Exactly 4 players, each playing alone. 7 tiles each: all 28 tiles are dealt.
     """),
    ("FC-NODRAW", FC, "No boneyard, no drawing", "seed", """
        There is no boneyard and no drawing. A player who has no tile he can play
        passes.
     """),
    ("FC-POSE", FC, "The pose", "seed + onlinedominogames", """
        The first hand is posed by the holder of [0|0], who must pose [0|0]. Each later
        hand is posed by the winner of the previous hand, with any double; if he holds
        none he passes the pose and it goes to the next player, and so on. After a tied
        block (no winner) the next hand is posed with [0|0] by its holder.

        Passes of the pose are not turn passes: they never count toward FC-THREEPASS.
     """),
    ("FC-SPINNER", FC, "Only the posed double is a spinner", "seed", """
        Only the posed double is a spinner. Every other double is ordinary (C-DOUBLE).
     """),
    ("FC-CROSS", FC, "The cross", "seed", """
        Until four tiles lie on the posed double, a tile may be laid only on the posed
        double. (With all 28 tiles dealt and passing only when unable, the cross can
        always be completed.)
     """),
    ("FC-LOCK", FC, "Locked arms", "seed", """
        Once the cross is complete, each of its four arms is locked: its end takes only
        a double. A double laid on an arm unlocks that arm for good; from then on it
        takes any matching tile. The arms need not all be unlocked.

        (The four arm ends of a complete cross always show four different numbers, so
        each arm has exactly one unlocking double.)
     """),
    ("FC-BLOCK", FC, "Blocked hand", "seed", """
        After four passes in succession the hand is blocked. The player with the fewest
        pips wins it; a tie for the fewest: nobody wins (see FC-POSE).
     """),
    ("FC-ALLPASS", FC, "Everybody passed: 10 points each", "seed", """
        When a player lays a tile, all three others pass, and he then lays another
        tile, each of the three others is charged 10 points at once.
     """),
    ("FC-THREEPASS", FC, "Three passes in a row: 10 points", "seed/ruling", """
        A player who passes three turns in succession is charged 10 points at the third
        pass, and again at every third pass after it (the 6th, the 9th…) while he keeps
        passing. Laying a tile resets his count, and so does a new hand: passes at the
        end of one hand never add to passes in the next. Passes that end the hand in a
        block count too.

        Why: the seed says only "3 times in a row"; this says when the charge falls and
        what happens while the passes go on.
     """),
    ("FC-SETTLE", FC, "Settling a hand", "seed/ruling", """
        When the hand ends, every player except the one who went out is charged the
        pips left in his hand (at a block every player, the winner included). The
        charge is multiplied by 2 if his tiles include a double, and by a further 2 if
        the hand ended with a Domino! laid with a double (so 4× for a player holding a
        double then).

        Example: A goes out by laying a double; B holds [6|6][2|1] (15 pips, with a
        double) and is charged 15 × 4 = 60; C holds [5|3] (8 pips, no double) and is
        charged 8 × 2 = 16.
     """),
    ("FC-SOAP", FC, "Left with the double blank", "seed/ruling", """
        A player left holding only [0|0] ("soap") is charged a flat 20 points instead,
        with no multiplier.

        [0|0] still counts 0 pips, so at a block he holds the fewest pips: he can win the
        block (FC-BLOCK) and pose the next hand (FC-POSE) while being charged 20.

        Why: the seed names a fixed 20 points for this case, so it is not doubled.
     """),
    ("FC-MATCH", FC, "Winning the match", "seed", """
        Hands are played until, at the end of a hand, some player has 100 points or
        more; the player with the fewest points wins (C-TIE on a tie). The 10-point
        charges (FC-ALLPASS, FC-THREEPASS) are never multiplied.
     """),
    # ---- Čtyřka ----------------------------------------------------------------------
    ("CT-PLAYERS", CT, "Players and deal", "seed", """
        2 to 13 players, each playing alone; the set follows C-SET. 7 tiles each; the rest
        is the boneyard.
     """),
    ("CT-LEAD", CT, "Who leads", "seed/ruling", """
        Every hand is led by the holder of the highest double, who leads it. If nobody
        holds a double the tiles are reshuffled and dealt again (nothing is recorded for
        that deal; a full record whose deal holds no double is illegal at its first
        move).

        At a physical table the app cannot see the deal, so, as with C-RENEGE, it flags
        the lead as wrong as soon as the record proves it: a player who has drawn no tile
        that the record leaves unnamed later lays, or still holds when the hand ends, a
        double higher than the lead (and not among the tiles the record says he drew).
        He held it at the deal, so the lead broke CT-LEAD: the table shows the flag, and
        a check of the record judges it illegal at the lead (move 1).

        Why: the seed does not say what happens when nobody holds a double.
     """),
    ("CT-SPINNER", CT, "The lead double is a spinner", "seed", """
        The lead double is a spinner whose four places (C-SPINNER-ORDER) take tiles in
        any order, from the first tile after the lead on; there is no obligation to fill
        them first. Other doubles are ordinary.

        Example: [6|6] leads and [6|5] is laid on it. The next player may lay [5|3] on
        [6|5], or [6|4] on the double.
     """),
    ("CT-DRAW", CT, "Drawing", "seed", """
        A player who cannot play draws exactly one tile and his turn ends; he may lay
        that tile no earlier than his next turn. With the boneyard empty he passes. He
        may pass only when the boneyard is empty.
     """),
    ("CT-END", CT, "End of a hand", "seed/ruling", """
        A Domino! ends the hand even with tiles in the boneyard. A block (C-BLOCK) ends
        it too, and the player with the fewest pips wins it (a tie: no winner).

        Why: the seed names only the Domino!; a hand in which nobody can play must end
        as well.
     """),
    ("CT-PENALTY", CT, "Penalty scoring (the default)", "seed", """
        When a player goes out, each other player is charged his remaining pips. At a
        block every player but the winner is charged (everybody, if tied). The match
        ends when, at the end of a hand, someone has 100 points or more; the fewest
        points wins.
     """),
    ("CT-VICTORY", CT, "Victory scoring (an option)", "seed/ruling", """
        The player who goes out scores the sum of the others' remaining pips. At a block
        the winner scores that sum minus his own pips (a tie: nobody scores). The match
        ends when, at the end of a hand, someone has 300 points or more; the most points
        wins.

        Why: the seed says how to score a Domino! only, not a block.
     """),
)
# fmt: on


LANGUAGES = ("en", "pl", "cs")


def _translated() -> dict[str, dict[str, Rule]]:
    """The rules in every language: the Polish and Czech titles and texts by id."""
    from . import rulebook_cs, rulebook_pl

    out = {"en": RULES}
    for lang, mod in (("pl", rulebook_pl), ("cs", rulebook_cs)):
        out[lang] = {
            i: Rule(i, r.variant, mod.RULES[i][0], _clean(mod.RULES[i][1]), r.source)
            for i, r in RULES.items()
        }
    return out


TRANSLATED = _translated()


def _lang(lang: str | None) -> str:
    return lang if lang in LANGUAGES else "en"


def rule(rule_id: str, lang: str | None = "en") -> Rule:
    """The rule with this id, in `lang` ("en", "pl" or "cs"; others give English);
    KeyError for an unknown id."""
    try:
        return TRANSLATED[_lang(lang)][rule_id]
    except KeyError:
        raise KeyError(f"no rule {rule_id!r} in the rulebook") from None


def rules_for(variant: str, lang: str | None = "en") -> list[Rule]:
    """The common rules, then those of `variant` ("five-up", "french-connection",
    "ctyrka"; "common" gives the common rules alone), in `lang`. KeyError for an
    unknown variant."""
    if variant not in VARIANTS:
        raise KeyError(f"no variant {variant!r} (known: {', '.join(VARIANTS[1:])})")
    table = TRANSLATED[_lang(lang)]
    return [r for r in table.values() if r.variant == C] + (
        [r for r in table.values() if r.variant == variant] if variant != C else []
    )


def section_title(variant: str, lang: str | None = "en") -> str:
    """The heading of a variant's (or the common rules') section in `lang`."""
    return _texts(lang)[0][variant]


def source_label(source: str, lang: str | None = "en") -> str:
    """Where a rule comes from ("seed", "ruling"...), in words of `lang`."""
    return _texts(lang)[1].get(source, source)


def _texts(lang: str | None) -> tuple[dict, dict, str]:
    """(section titles, source labels, introduction) in `lang`."""
    from . import rulebook_cs, rulebook_pl

    mod = {"pl": rulebook_pl, "cs": rulebook_cs}.get(_lang(lang))
    if mod is None:
        return SECTION_TITLES, {}, _INTRO
    return mod.SECTION_TITLES, mod.SOURCES, mod.INTRO


_INTRO = """\
# Domino Referee: the rules

These are the rules the referee applies. Each rule has an id, such as `FC-LOCK`: the app
cites it in every refusal ("that tile cannot go there") and in every settlement line, so
that a player can look the rule up here.

The rules come from the seeds, the original rule texts of the three variants (Polish and
Czech), and from the project's rulings (the ids: `docs/rule-ids.md`), which decide
where the seeds are silent, unclear or contradict themselves. The "Source" line
of each rule says which: *seed* restates the seed; *ruling* is our decision, with the
reason; *seed/ruling* is the seed made precise; *pagat* and *onlinedominogames* are
published sources that helped; *project* names a check the rulings imply but do not name.

Words: a **tile** has two halves showing **pips**; the first tile of a hand is the
**lead** (French Connection: the **pose**); the tiles on the table are the **layout**,
with **arms** ending in **open ends**; a **spinner** is a double that takes tiles on its
two **sides** (long edges) and its two **ends** (short edges); the **boneyard** is the
stock; a **side** is a player, or a pair of partners, who score together.
"""


def markdown(lang: str | None = "en") -> str:
    """The whole rulebook as Markdown for players, in `lang` (docs/rules.md is exactly
    the English one; docs/rules.pl.md and docs/rules.cs.md the Polish and Czech)."""
    titles, sources, intro = _texts(lang)
    word = {"en": "Source", "pl": "Źródło", "cs": "Zdroj"}[_lang(lang)]
    parts = [intro]
    for variant in VARIANTS:
        parts.append(f"## {titles[variant]}\n")
        for r in TRANSLATED[_lang(lang)].values():
            if r.variant == variant:
                src = sources.get(r.source, r.source)
                parts.append(f"### {r.heading}\n\n{r.text}\n\n{word}: {src}\n")
    return "\n".join(parts)


if __name__ == "__main__":  # python -m referee.engine.rulebook [pl|cs] > docs/rules.md
    import sys

    sys.stdout.reconfigure(encoding="utf-8", newline="\n")
    sys.stdout.write(markdown(sys.argv[1] if len(sys.argv) > 1 else "en"))
