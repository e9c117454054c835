"""The pure bracket: who meets whom, who goes on, the places (referee.events.bracket)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from referee.events import bracket as b


def play(lines, pick, **kw) -> b.Bracket:
    """Play every tie to the end, the winner chosen by `pick(tie)`."""
    won: dict[str, int] = {}
    br = b.build(lines, won, **kw)
    while br.playable():
        for t in br.playable():
            won[t.key] = pick(t)
        br = b.build(lines, won, **kw)
    return br


def test_seed_order_keeps_the_top_seeds_apart():
    assert b.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert b.seed_order(2) == [1, 2]
    assert sorted(b.seed_order(32)) == list(range(1, 33))


def test_thirteen_entrants_the_top_three_seeds_have_the_byes():
    lines = b.draw_lines(list(range(1, 14)))
    br = b.build(lines)
    byes = [t for t in br.ties if t.bye]
    assert sorted(t.winner for t in byes) == [1, 2, 3]
    first = [t.entrants for t in br.ties if t.round == 1 and not t.bye]
    assert first == [[8, 9], [4, 13], [5, 12], [7, 10], [6, 11]]
    assert [t.table for t in br.ties if t.round == 1 and not t.bye] == [1, 2, 3, 4, 5]
    # the top seed meets the winner of 8-9 at round 2's first table
    assert br.tie("W2-1").a == 1 and br.tie("W2-1").b is None


def test_the_seeds_order_is_kept_when_the_better_seed_wins():
    seeded = list(range(1, 14))
    br = play(b.draw_lines(seeded), lambda t: min(t.entrants))
    assert br.champion == 1
    assert br.tie("W4-1").entrants == [1, 2]
    assert sorted(br.tie(k).entrants for k in ("W3-1", "W3-2")) == [[1, 4], [2, 3]]
    places = {e: (p, q) for e, p, q in b.placings(br)}
    assert places[1] == (1, 1) and places[2] == (2, 2)
    assert places[3] == places[4] == (3, 4)
    assert all(places[e] == (5, 8) for e in (5, 6, 7, 8))
    assert all(places[e] == (9, 13) for e in range(9, 14))


def test_a_third_place_tie_between_the_semi_finals_losers():
    br = play(b.draw_lines(list(range(1, 9))), lambda t: min(t.entrants), third=True)
    third = br.tie("3P")
    assert sorted(third.entrants) == [3, 4] and third.round == br.tie("W3-1").round
    assert third.table == 2
    places = {e: p for e, p, _ in b.placings(br)}
    assert places[3] == 3 and places[4] == 4


def test_double_knockout_reset_when_the_losers_side_wins_the_grand_final():
    lines = b.draw_lines(list(range(1, 9)))

    def pick(t):
        if t.key == "GF":
            return t.b  # the losers' side wins the first grand final
        return min(t.entrants)

    br = play(lines, pick, double=True)
    gf, gf2 = br.tie("GF"), br.tie("GF2")
    assert gf.entrants == [1, 2] and gf.winner == 2
    assert gf2.needed and gf2.entrants == [1, 2]
    assert br.champion == 1  # min wins the reset
    places = [(e, p) for e, p, _ in b.placings(br)]
    assert places[:3] == [(1, 1), (2, 2), (3, 3)]


def test_no_reset_when_the_winners_side_wins_the_grand_final():
    br = play(b.draw_lines(list(range(1, 9))), lambda t: min(t.entrants), double=True)
    assert br.tie("GF").winner == 1 and not br.tie("GF2").needed
    assert br.champion == 1 and br.over


@settings(max_examples=60, deadline=None)
@given(hs.integers(2, 40), hs.integers(0, 2**32), hs.booleans())
def test_single_knockout_everyone_but_the_champion_loses_once(n, seed, third):
    rng = random.Random(seed)
    br = play(b.draw_lines(list(range(n))), lambda t: rng.choice(t.entrants), third=third)
    played = [t for t in br.ties if t.loser is not None and t.stage != b.THIRD]
    losers = [t.loser for t in played]
    assert len(played) == n - 1  # n - 1 ties
    assert sorted(losers) == sorted(set(losers))  # nobody loses twice
    assert set(losers) | {br.champion} == set(range(n))
    assert sum(t.bye for t in br.ties if t.stage != b.THIRD) == b.size_for(n) - n
    assert [p for _, p, _ in b.placings(br)][:2] == [1, 2]


@settings(max_examples=60, deadline=None)
@given(hs.integers(3, 40), hs.integers(0, 2**32))
def test_double_knockout_everyone_but_the_champion_loses_twice(n, seed):
    rng = random.Random(seed)
    br = play(b.draw_lines(list(range(n))), lambda t: rng.choice(t.entrants), double=True)
    losses = dict.fromkeys(range(n), 0)
    for t in br.ties:
        if t.loser is not None and t.needed:
            losses[t.loser] += 1
    champion = br.champion
    assert champion is not None and br.over
    gf2 = br.tie("GF2")
    # the champion never lost, or lost once: the first grand final, or (from the losers'
    # side) once before it; everyone else lost exactly twice
    assert losses[champion] <= 1
    if gf2.needed:
        assert losses[champion] == 1
    assert all(count == 2 for e, count in losses.items() if e != champion)
    # every tie played had two entrants and each entrant sat at most one tie per round
    for r in range(1, br.rounds() + 1):
        seated = [e for t in br.ties if t.round == r and t.loser is not None for e in t.entrants]
        assert len(seated) == len(set(seated))
    assert len({p for _, p, _ in b.placings(br)}) >= 3


def test_a_winner_who_is_not_at_the_tie_is_ignored():
    lines = b.draw_lines([1, 2, 3, 4])
    br = b.build(lines, {"W1-1": 3})
    assert br.tie("W1-1").winner is None
