"""Pairing properties over random fields and histories (referee.events.pairing)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from itertools import combinations, product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.events.pairing import (
    PODS,
    ROTATING,
    ROUND_ROBIN,
    SWISS,
    Entrant,
    PairingError,
    RoundResult,
    berger_rounds,
    formats_for,
    pair_round,
    pod_sizes,
    swap,
)

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# (format, variant, table_size) for every format each variant offers.
CASES = [
    (SWISS, "five-up", None),
    (ROUND_ROBIN, "five-up", None),
    (ROTATING, "five-up", None),
    (PODS, "five-up", None),
    (PODS, "french-connection", None),
    (PODS, "ctyrka", None),
    (PODS, "ctyrka", 6),
    (SWISS, "ctyrka", None),
]


def pair(a, b):
    return (a, b) if a < b else (b, a)


def random_history(ids, rounds, rng, fmt):
    """Rounds of random tables (4 for rotating partners, 2 to 5 otherwise) and byes."""
    history = []
    for _ in range(rounds):
        order = list(ids)
        rng.shuffle(order)
        tables = []
        while len(order) >= 4 or (fmt != ROTATING and len(order) >= 2):
            size = 4 if fmt == ROTATING else min(len(order), rng.choice((2, 2, 3, 4, 5)))
            tables.append(order[:size])
            order = order[size:]
        history.append(RoundResult(tables, order))
    return history


def met_and_partnered(history, fmt):
    met, partnered = Counter(), Counter()
    for rnd in history:
        for t in rnd.tables:
            if fmt == ROTATING:
                met.update(pair(a, b) for a in t[0::2] for b in t[1::2])
                partnered.update([pair(t[0], t[2]), pair(t[1], t[3])])
            else:
                met.update(pair(a, b) for a, b in combinations(t, 2))
    return met, partnered


@st.composite
def fields(draw, sizes=(2, 80), distinct=False):
    """Entrants (some withdrawn) with random standings, a random history and a seed."""
    n = draw(st.integers(*sizes))
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    points = rng.sample(range(1000), n) if distinct else [rng.randrange(5) for _ in range(n)]
    withdrawn = {i for i in range(n) if draw(st.booleans()) and rng.random() < 0.1}
    entrants = [Entrant(i, (points[i],), withdrawn=i in withdrawn) for i in range(n)]
    return entrants, draw(st.integers(0, 6)), rng


def seated_once(entrants, result):
    everyone = [x for t in result.tables for x in t] + list(result.byes)
    counts = Counter(everyone)
    active = {e.id for e in entrants if not e.withdrawn}
    assert all(c == 1 for c in counts.values()), counts
    assert set(counts) == active


# --- every format: seated once, table sizes, fair byes ------------------------------


@pytest.mark.parametrize("fmt,variant,size", CASES)
@FAST
@given(data=fields())
def test_every_active_entrant_is_seated_or_has_a_bye_exactly_once(fmt, variant, size, data):
    entrants, rounds, rng = data
    ids = [e.id for e in entrants]
    history = random_history(ids, rounds, rng, fmt)
    round_no = rounds + 1
    if fmt == ROUND_ROBIN:
        round_no = rng.randint(1, len(berger_rounds(ids)))
    result = pair_round(fmt, entrants, history, round_no, variant=variant, rng=rng, table_size=size)
    seated_once(entrants, result)
    players = len([e for e in entrants if not e.withdrawn])
    if fmt in (SWISS, ROUND_ROBIN):
        assert all(len(t) == 2 for t in result.tables)
    elif fmt == ROTATING:
        assert all(len(t) == 4 for t in result.tables)
        assert len(result.byes) == players % 4
    else:
        sizes, byes = pod_sizes(players, variant, size)
        assert sorted(map(len, result.tables)) == sorted(sizes)
        assert len(result.byes) == byes
        lo, hi = {"five-up": (2, 3), "french-connection": (4, 4), "ctyrka": (2, 13)}[variant]
        assert all(lo <= len(t) <= hi for t in result.tables)
    if fmt != ROUND_ROBIN and result.byes:
        had = Counter(b for rnd in history for b in rnd.byes)
        seated = [x for t in result.tables for x in t]
        # Nobody gets a bye while someone seated has had fewer.
        assert max(had[b] for b in result.byes) <= min((had[s] for s in seated), default=99)


@pytest.mark.parametrize("fmt,variant,size", CASES)
@FAST
@given(data=fields(sizes=(2, 40)))
def test_the_reported_repeats_are_exactly_the_pairs_who_met_before(fmt, variant, size, data):
    entrants, rounds, rng = data
    history = random_history([e.id for e in entrants], max(rounds, 1), rng, fmt)
    round_no = 1 if fmt == ROUND_ROBIN else rounds + 1
    result = pair_round(fmt, entrants, history, round_no, variant=variant, rng=rng, table_size=size)
    met, partnered = met_and_partnered(history, fmt)
    expected = set()
    for t in result.tables:
        if fmt == ROTATING:
            expected |= {pair(a, b) for a in t[0::2] for b in t[1::2] if met[pair(a, b)]}
            expected |= {p for p in (pair(t[0], t[2]), pair(t[1], t[3])) if partnered[p]}
        else:
            expected |= {pair(a, b) for a, b in combinations(t, 2) if met[pair(a, b)]}
    assert set(result.repeats) == expected


def test_the_pairing_module_is_pure():
    code = (
        "import sys, referee.events.pairing; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('flask', 'sqlalchemy', 'flask_sqlalchemy', 'wtforms') or m.startswith('referee.web')))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "[]"


def test_first_seats_are_shared_out():
    """Over a round robin of four, everybody sits in seat 1 at least once."""
    entrants = [Entrant(i, ()) for i in range(4)]
    history, first = [], Counter()
    for k in range(1, 4):
        result = pair_round(ROUND_ROBIN, entrants, history, k, variant="five-up", rng=None)
        history.append(RoundResult(result.tables, result.byes))
        first.update(t[0] for t in result.tables)
    assert max(first.values()) - min(first[i] for i in range(4)) <= 1


def test_the_same_seed_gives_the_same_pairing():
    entrants = [Entrant(i, (i % 3,)) for i in range(30)]
    for fmt, variant, size in CASES:
        a = pair_round(fmt, entrants, [], 1, variant=variant, rng=random.Random(7), table_size=size)
        b = pair_round(fmt, entrants, [], 1, variant=variant, rng=random.Random(7), table_size=size)
        assert a == b


# --- round robin ------------------------------------------------------------------


@SMALL
@given(n=st.integers(2, 80))
def test_round_robin_everyone_meets_everyone_exactly_once(n):
    entrants = [Entrant(i + 1, ()) for i in range(n)]
    rounds = n - 1 if n % 2 == 0 else n
    met, byes = Counter(), Counter()
    for k in range(1, rounds + 1):
        result = pair_round(ROUND_ROBIN, entrants, [], k, variant="five-up", rng=random.Random())
        seated_once(entrants, result)
        met.update(pair(*t) for t in result.tables)
        byes.update(result.byes)
        assert len(result.byes) == n % 2
    assert set(met) == {pair(a.id, b.id) for a, b in combinations(entrants, 2)}
    assert set(met.values()) == {1}
    assert byes == (Counter(e.id for e in entrants) if n % 2 else Counter())
    with pytest.raises(ValueError):
        pair_round(ROUND_ROBIN, entrants, [], rounds + 1, variant="five-up", rng=random.Random())


def test_round_robin_a_withdrawn_entrants_games_become_byes():
    entrants = [Entrant(i, (), withdrawn=i == 3) for i in range(6)]
    for k in range(1, 6):
        result = pair_round(ROUND_ROBIN, entrants, [], k, variant="five-up", rng=random.Random())
        games = berger_rounds(range(6))[k - 1]
        opponent = next(a if b == 3 else b for a, b in games if 3 in (a, b))
        assert result.byes == [opponent]
        assert all(3 not in t for t in result.tables)


# --- Swiss: no avoidable repeat, fair byes, by brute force --------------------------


def matchings(people):
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for k, other in enumerate(rest):
        for tail in matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


@SMALL
@given(data=fields(sizes=(2, 9), distinct=True))
def test_swiss_has_the_fewest_repeats_and_the_fairest_bye_possible(data):
    entrants, rounds, rng = data
    history = random_history([e.id for e in entrants], rounds, rng, SWISS)
    result = pair_round(SWISS, entrants, history, rounds + 1, variant="five-up", rng=rng)
    met, _ = met_and_partnered(history, SWISS)
    active = sorted((e for e in entrants if not e.withdrawn), key=lambda e: e.standing_key)
    had = Counter(b for rnd in history for b in rnd.byes)
    fewest = min((had[e.id] for e in active), default=0)
    best = None
    for bye in [e for e in active if had[e.id] == fewest] if len(active) % 2 else [None]:
        people = [e.id for e in active if e is not bye]
        for m in matchings(people):
            repeats = sum(1 for a, b in m if met[pair(a, b)])
            times = sum(met[pair(a, b)] for a, b in m)
            # fewest repeats, then fewest earlier meetings, then the bye to the lowest standing
            score = (repeats, times, bye.standing_key if bye else ())
            best = score if best is None or score < best else best
    key = {e.id: e.standing_key for e in entrants}
    times = sum(met[pair(*t)] for t in result.tables)
    got = (len(result.repeats), times, key[result.byes[0]] if result.byes else ())
    if best is None:
        assert not result.tables
    else:
        assert got == best


def test_swiss_pairs_by_standing_in_the_first_round_without_history():
    entrants = [Entrant(i, (100 - i,)) for i in range(8)]
    result = pair_round(SWISS, entrants, [], 1, variant="five-up", rng=random.Random(1))
    assert sorted(sorted(t) for t in result.tables) == [[0, 1], [2, 3], [4, 5], [6, 7]]


def test_swiss_byes_stay_fair_over_a_whole_event():
    rng = random.Random(3)
    entrants = [Entrant(i, (0,)) for i in range(11)]
    history, points = [], Counter()
    for k in range(1, 12):
        result = pair_round(SWISS, entrants, history, k, variant="five-up", rng=rng)
        had = Counter(b for rnd in history for b in rnd.byes)
        assert had[result.byes[0]] == 0
        history.append(RoundResult(result.tables, result.byes))
        for t in result.tables:
            points[rng.choice(t)] += 2
        entrants = [Entrant(e.id, (points[e.id],)) for e in entrants]
    assert Counter(b for rnd in history for b in rnd.byes) == Counter(range(11))


# --- rotating partners -------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 40, 41])
def test_rotating_partners_everyone_partners_everyone_once(n):
    entrants = [Entrant(i, (0,)) for i in range(n)]
    rng = random.Random(n)
    history, partnered, byes = [], Counter(), Counter()
    for k in range(1, n if n % 4 == 0 else n + 1):
        result = pair_round(ROTATING, entrants, history, k, variant="five-up", rng=rng)
        seated_once(entrants, result)
        assert result.partner_repeats == []
        history.append(RoundResult(result.tables, result.byes))
        partnered.update(pair(t[0], t[2]) for t in result.tables)
        partnered.update(pair(t[1], t[3]) for t in result.tables)
        byes.update(result.byes)
    assert set(partnered) == {pair(a, b) for a, b in combinations(range(n), 2)}
    assert set(partnered.values()) == {1}
    assert byes == (Counter(range(n)) if n % 4 else Counter())


@SMALL
@given(data=fields(sizes=(4, 10)))
def test_rotating_partners_repeat_no_partnership_that_could_be_avoided(data):
    entrants, rounds, rng = data
    history = random_history([e.id for e in entrants], rounds, rng, ROTATING)
    result = pair_round(ROTATING, entrants, history, rounds + 1, variant="five-up", rng=rng)
    _, partnered = met_and_partnered(history, ROTATING)
    seated = sorted(x for t in result.tables for x in t)
    fewest = min(
        (sum(1 for a, b in m if partnered[pair(a, b)]) for m in matchings(seated)), default=0
    )
    assert len(result.partner_repeats) == fewest


def rotating_rounds(n: int) -> int:
    """Rounds that rotating partners can play with n players and no partner twice: the
    whole circle schedule for 4k (n - 1 rounds) and 4k + 1 (n rounds); otherwise half the
    players seated (Dirac: while each seated player has more fresh partners among the m
    seated than m/2, a perfect matching of fresh partners exists)."""
    if n % 4 == 0:
        return n - 1
    if n % 4 == 1:
        return n
    return (n - n % 4) // 2


@SMALL
@given(n=st.integers(4, 26), rounds=st.integers(1, 26), seed=st.integers(0, 2**32))
def test_rotating_partners_seat_everyone_never_repeat_a_partner_and_spread_the_byes(
    n, rounds, seed
):
    """Individuals over several rounds, standings moving at random: every player seated
    at a table of four or given a bye every round, never the same partner twice, the byes
    (n mod 4 a round) spread evenly: nobody has two byes more than anybody else."""
    rng = random.Random(seed)
    rounds = min(rounds, rotating_rounds(n))
    entrants = [Entrant(i, (0,)) for i in range(n)]
    history, partnered, byes = [], Counter(), Counter({i: 0 for i in range(n)})
    for k in range(1, rounds + 1):
        result = pair_round(ROTATING, entrants, history, k, variant="five-up", rng=rng)
        seated_once(entrants, result)
        assert all(len(t) == 4 for t in result.tables) and len(result.byes) == n % 4
        for t in result.tables:
            for a, b in ((t[0], t[2]), (t[1], t[3])):
                assert partnered[pair(a, b)] == 0, (k, a, b)
                partnered[pair(a, b)] += 1
        assert result.partner_repeats == []
        byes.update(result.byes)
        assert max(byes.values()) - min(byes.values()) <= 1, (k, byes)
        history.append(RoundResult(result.tables, result.byes))
        entrants = [Entrant(e.id, (rng.randrange(4),)) for e in entrants]


@pytest.mark.parametrize("n", [8, 9, 12, 13])
def test_rotating_partners_for_the_club_night_sizes(n):
    """8, 9, 12 and 13 players over five rounds: no partner twice, opponents repeated no
    more than the partnerships force, every bye to a different player."""
    rng = random.Random(n)
    entrants = [Entrant(i, (0,)) for i in range(n)]
    history, byes = [], Counter()
    for k in range(1, 6):
        result = pair_round(ROTATING, entrants, history, k, variant="five-up", rng=rng)
        seated_once(entrants, result)
        assert result.partner_repeats == [] and len(result.tables) == n // 4
        byes.update(result.byes)
        history.append(RoundResult(result.tables, result.byes))
    assert set(byes.values()) <= {1}  # 9 and 13: five different players sat out once
    assert sum(byes.values()) == 5 * (n % 4)
    met, partnered = met_and_partnered(history, ROTATING)
    assert set(partnered.values()) == {1}
    # each player meets 2 opponents a round: over 5 rounds at most 10 meetings
    assert max(met.values()) <= 2


def test_rotating_partners_after_a_withdrawal_still_avoid_repeated_partners():
    rng = random.Random(5)
    entrants = [Entrant(i, (0,)) for i in range(12)]
    history = []
    for k in range(1, 9):
        if k == 4:
            entrants[7] = Entrant(7, (0,), withdrawn=True)
        result = pair_round(ROTATING, entrants, history, k, variant="five-up", rng=rng)
        seated_once(entrants, result)
        assert result.partner_repeats == []
        history.append(RoundResult(result.tables, result.byes))


# --- pods ------------------------------------------------------------------------


def groupings_by_brute_force(people, sizes):
    """Every assignment of people to table numbers with the right counts."""
    want = Counter({t: s for t, s in enumerate(sizes)})
    for assignment in product(range(len(sizes)), repeat=len(people)):
        if Counter(assignment) == want:
            tables = [[] for _ in sizes]
            for who, t in zip(people, assignment, strict=True):
                tables[t].append(who)
            yield tables


@pytest.mark.parametrize("variant", ["five-up", "french-connection", "ctyrka"])
@SMALL
@given(data=fields(sizes=(2, 8)))
def test_pods_repeat_no_opponents_that_could_be_avoided(variant, data):
    entrants, rounds, rng = data
    history = random_history([e.id for e in entrants], rounds, rng, PODS)
    result = pair_round(PODS, entrants, history, rounds + 1, variant=variant, rng=rng)
    met, _ = met_and_partnered(history, PODS)
    seated = [x for t in result.tables for x in t]
    sizes = [len(t) for t in result.tables]
    fewest = min(
        (
            sum(1 for t in g for a, b in combinations(t, 2) if met[pair(a, b)])
            for g in groupings_by_brute_force(seated, sizes)
        ),
        default=0,
    )
    assert len(result.repeats) == fewest


def test_pods_of_a_big_field_find_a_third_round_without_repeats():
    """16 players met by rows then by columns of a 4x4 grid: a third round is possible."""
    entrants = [Entrant(i, (0,)) for i in range(16)]
    rows = RoundResult([[4 * r + c for c in range(4)] for r in range(4)], [])
    cols = RoundResult([[4 * r + c for r in range(4)] for c in range(4)], [])
    for seed in range(5):
        result = pair_round(
            PODS, entrants, [rows, cols], 3, variant="french-connection", rng=random.Random(seed)
        )
        assert result.repeats == []


def test_pods_group_players_by_standing():
    entrants = [Entrant(i, (40 - i,)) for i in range(40)]
    result = pair_round(PODS, entrants, [], 1, variant="ctyrka", rng=random.Random(1))
    assert [sorted(t) for t in result.tables] == [list(range(k, k + 4)) for k in range(0, 40, 4)]


def test_french_connection_byes_go_to_the_lowest_ranked_with_fewest_byes():
    entrants = [Entrant(i, (20 - i,)) for i in range(10)]
    first = pair_round(PODS, entrants, [], 1, variant="french-connection", rng=random.Random())
    assert first.byes == [8, 9]
    history = [RoundResult(first.tables, first.byes)]
    second = pair_round(
        PODS, entrants, history, 2, variant="french-connection", rng=random.Random()
    )
    assert second.byes == [6, 7]


@pytest.mark.parametrize(
    "players,variant,size,expected",
    [
        (40, "ctyrka", None, ([4] * 10, 0)),
        (40, "ctyrka", 6, ([6, 6, 6, 6, 6, 5, 5], 0)),
        (13, "ctyrka", None, ([5, 4, 4], 0)),
        (27, "ctyrka", 13, ([9, 9, 9], 0)),
        (30, "french-connection", None, ([4] * 7, 2)),
        (3, "french-connection", None, ([], 3)),
        (7, "five-up", None, ([3, 2, 2], 0)),
        (1, "ctyrka", None, ([], 1)),
    ],
)
def test_pod_sizes_are_as_even_as_the_variant_allows(players, variant, size, expected):
    assert pod_sizes(players, variant, size) == expected


def test_pod_sizes_refuse_a_table_size_the_variant_cannot_seat():
    with pytest.raises(ValueError):
        pod_sizes(12, "french-connection", 3)


# --- formats and swaps -------------------------------------------------------------


def test_formats_fit_the_variant():
    assert formats_for("french-connection", {}) == [PODS]
    # fixed pairs keep their partner: rotating partners is for individuals, four a table
    assert formats_for("five-up", {"pairs": True}) == [
        SWISS,
        ROUND_ROBIN,
        "knockout",
        "double-knockout",
        "pools-knockout",
    ]
    assert formats_for("five-up", {"players": 4}) == [ROTATING]
    assert ROTATING in formats_for("five-up", {})
    assert formats_for("five-up", {"players": 3}) == [PODS]
    assert PODS in formats_for("ctyrka", {})
    with pytest.raises(ValueError):
        formats_for("chess", {})


def test_a_swap_that_makes_a_repeat_says_so():
    entrants = [Entrant(i, (10 - i,)) for i in range(4)]
    history = [RoundResult([[0, 2], [1, 3]], [])]
    result = pair_round(SWISS, entrants, history, 2, variant="five-up", rng=random.Random())
    assert result.repeats == []
    table_of_0 = next(t for t in result.tables if 0 in t)
    partner = table_of_0[1 - table_of_0.index(0)]
    swapped = swap(result, partner, 2, history)
    assert (0, 2) in swapped.repeats
    assert sorted(x for t in swapped.tables for x in t) == [0, 1, 2, 3]


def test_a_swap_of_two_seats_at_one_table_changes_the_seat_order():
    result = pair_round(
        PODS,
        [Entrant(i, ()) for i in range(4)],
        [],
        1,
        variant="french-connection",
        rng=random.Random(),
    )
    a, b = result.tables[0][0], result.tables[0][2]
    swapped = swap(result, a, b, [])
    assert swapped.tables[0][0] == b and swapped.tables[0][2] == a


def test_a_swap_with_a_bye_seats_the_player_who_had_it():
    entrants = [Entrant(i, (10 - i,)) for i in range(5)]
    result = pair_round(SWISS, entrants, [], 1, variant="five-up", rng=random.Random())
    assert result.byes == [4]
    swapped = swap(result, 4, 0, [])
    assert swapped.byes == [0] and any(4 in t for t in swapped.tables)
    with pytest.raises(ValueError):
        swap(result, 4, 99, [])


# --- refusals as values ------------------------------------------------------------


@pytest.mark.parametrize(
    "call,code",
    [
        (lambda: pod_sizes(12, "ctyrka", 20), "table-size"),
        (lambda: formats_for("chess", {}), "variant"),
        (lambda: pair_round("ladder-climb", [], [], 1, variant="ctyrka", rng=None), "format"),
        (
            lambda: pair_round(SWISS, [Entrant(1), Entrant(1)], [], 1, variant="ctyrka", rng=None),
            "entrants",
        ),
        (
            lambda: pair_round(
                ROUND_ROBIN, [Entrant(i) for i in range(4)], [], 4, variant="ctyrka", rng=None
            ),
            "round-robin-over",
        ),
        (
            lambda: swap(
                pair_round(
                    SWISS,
                    [Entrant(i) for i in range(4)],
                    [],
                    1,
                    variant="ctyrka",
                    rng=random.Random(1),
                ),
                0,
                99,
                [],
            ),
            "not-in-round",
        ),
    ],
)
def test_a_refusal_is_a_code_and_a_message_any_language_can_say(call, code):
    """The pairing never words a refusal for one language: an error code and a Message
    (template and facts) that the web side says in the reader's language."""
    from referee.engine.messages import Message
    from referee.language import catalogue, compile_catalogues

    compile_catalogues()
    with pytest.raises(PairingError) as caught:
        call()
    e = caught.value
    assert e.code == code and isinstance(e.message, Message)
    english, polish = e.message.render(), e.message.render(catalogue("pl"))
    assert str(e) == english and polish != english
