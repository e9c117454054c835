"""A Swiss event of fixed pairs of Partnership Block through HTTP: every table refereed
from its table screen (moves chosen by the engine), the standings ranked by wins, then
efectividad (points for minus points against), worked out here from the matches."""

from __future__ import annotations

import random
import re

import pytest
from eventhelpers import Director, move_form, play_match_http
from webhelpers import text_of

from referee.engine import Match
from referee.engine.simulate import play_hand

PAIRS = ["Ana & Cleo", "Ben & Dan", "Eva & Gil", "Hal & Ivy"]


@pytest.fixture
def director(app):
    return Director(app.test_client())


def test_a_swiss_event_of_pairs_ranks_by_wins_then_efectividad(director):
    token = director.create("partnership", PAIRS, pairs="1", format="swiss", rounds=2, target=60)
    rng = random.Random(44)
    wins = {p: 0 for p in PAIRS}
    diff = {p: 0 for p in PAIRS}
    for _ in range(2):
        director.act(token, "pair")
        director.act(token, "start")
        for link in director.table_links(token):
            m = play_match_http(director, link, rng)
            over, win = m.result()
            assert over
            totals = m.totals()
            pairs = [n.replace("+", " & ") for n in m.side_names]
            pairs = [p if p in wins else " & ".join(reversed(p.split(" & "))) for p in pairs]
            wins[pairs[win]] += 1
            for i, p in enumerate(pairs):
                diff[p] += totals[i] - totals[1 - i]
    public = director.public_token(token)
    got = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    expected = sorted(PAIRS, key=lambda p: (-wins[p], -diff[p]))
    assert [x["entrant"] for x in got] == expected, (wins, diff)
    assert [x["score"] for x in got] == [2.0 * wins[p] for p in expected]


EIGHT = [
    "Ana & Cleo", "Ben & Dan", "Eva & Gil", "Hal & Ivy",
    "Jon & Kim", "Lea & Max", "Ned & Ola", "Pia & Rui",
]  # fmt: skip


class Table:
    """A table's phone (its players' link) with the engine's own copy of its match: each
    hand made by the engine's simulator, its moves sent as the phone sends them."""

    def __init__(self, director: Director, link: str, rng: random.Random):
        self.phone, self.rng = director, rng
        self.token = director.get(link).location.rsplit("/", 1)[1]
        rec = director.record(self.token)
        self.players = rec["players"]
        self.match = Match(rec["variant"], rec["players"], rec["options"])
        self.hand, self.sent = None, 0

    def send(self, half: bool = False) -> None:
        """Send the hand in play's moves: the first half of them (`half`), or the rest and
        its end; a new hand is made by the engine when none is in play."""
        if self.hand is None:
            self.hand, self.sent = play_hand(self.match, self.rng), 0
        number, moves = len(self.match.hands), self.hand.moves
        for after in range(self.sent, len(moves) // 2 if half else len(moves)):
            m = moves[after]
            r = self.phone.post(f"/t/{self.token}/{m.kind}", move_form(self.hand, number, after, m))
            assert r.status_code == 302, (m, r.get_data(as_text=True)[:2000])
            self.sent = after + 1
        if not half:
            left = {f"left-{s}": " ".join(map(str, ts)) for s, ts in enumerate(self.hand.left)}
            r = self.phone.post(
                f"/t/{self.token}/end", {"hand": number, "after": self.sent, **left}
            )
            assert r.status_code == 302, r.get_data(as_text=True)[:2000]
            self.hand = None

    def over(self) -> bool:
        return self.match.result()[0]

    def sign(self, pins: dict[str, str]) -> str:
        """One member of each pair signs the result the table shows (the first and second
        seats: one of each pair); returns the signed score."""
        page = self.phone.table(self.token)
        score = re.search(r'name="score" value="([^"]+)"', page).group(1)
        for side in (0, 1):  # the member is chosen from the pair's two, then the PIN
            name = self.players[side]
            chooser = re.search(rf'<select name="member" id="member-{side}">(.*?)</select>', page)
            member = re.search(rf'<option value="(\d+)">{name}</option>', chooser.group(1))
            form = {"side": side, "member": member.group(1), "pin": pins[name], "score": score}
            r = self.phone.post(f"/t/{self.token}/sign", form)
            assert r.status_code == 302, r.get_data(as_text=True)[:2000]
        html = self.phone.table(self.token)
        assert text_of(html, "locked")
        for side in (0, 1):
            assert self.players[side] in text_of(html, "signoff")  # who signed for each pair
        return score


def test_eight_pairs_three_rounds_to_100_time_called_signed_and_ranked(director):
    """Fedemundo's night in small: 8 fixed pairs, 3 Swiss rounds of games to 100 played
    from the table screens; time is called in round 2 with a hand in play at every table
    (última mano: that hand is finished and the game ends on the score then); one member
    of each pair signs each table's result with a PIN; the standings are what a scorer
    makes of the signed score sheets: wins (a draw half), then efectividad."""
    token = director.create(
        "partnership", EIGHT, club=director.club_key(), pairs="1", format="swiss",
        rounds=3, target=100,
    )  # fmt: skip
    pins = director.new_cards(token)
    rng = random.Random(4)
    sheets = []  # (the pair of seats 1 and 3, the pair of seats 2 and 4, the signed score)
    for number in (1, 2, 3):
        director.act(token, "pair")
        director.act(token, "start")
        tables = [Table(director, link, rng) for link in director.table_links(token)]
        assert len(tables) == 4
        if number == 2:
            for t in tables:  # a first hand whole, then the next one half played
                t.send()
                if not t.over():
                    t.send(half=True)
            director.act(token, "time")
            for t in tables:
                if t.hand is not None:
                    t.send()  # the last hand, finished
                    assert not t.over()  # not to 100: the time decides it
                    said = text_of(director.table(t.token), "outcome")
                    assert "Time was called" in said and "2 hands played" in said
                assert t.match.result_on_time(2)[0]
        else:
            for t in tables:
                while not t.over():
                    t.send()
        for t in tables:
            score = t.sign(pins)
            assert score == "–".join(map(str, t.match.totals()))
            p = t.players
            sheets.append((pair_of(p[0], p[2]), pair_of(p[1], p[3]), score))
    # the scorer's sheet: from each signed score, the higher total wins (equal: a draw)
    wins = dict.fromkeys(EIGHT, 0.0)
    points_for, points_against = dict.fromkeys(EIGHT, 0), dict.fromkeys(EIGHT, 0)
    for a, b, score in sheets:
        x, y = map(int, score.split("–"))
        wins[a] += 1 if x > y else 0.5 if x == y else 0
        wins[b] += 1 if y > x else 0.5 if x == y else 0
        points_for[a], points_against[a] = points_for[a] + x, points_against[a] + y
        points_for[b], points_against[b] = points_for[b] + y, points_against[b] + x
    assert len(sheets) == 12 and sum(wins.values()) == 12

    def key(p):
        return (-wins[p], -(points_for[p] - points_against[p]))

    expected = sorted(EIGHT, key=key)
    assert len({key(p) for p in EIGHT}) == 8  # the seed's night needs no further tie-break
    public = director.public_token(token)
    got = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    assert [x["entrant"] for x in got] == expected, (wins, points_for, points_against)
    for row in got:
        p = row["entrant"]
        assert row["score"] == 2 * wins[p]  # two match points a win, one a draw
        assert (row["points_for"], row["points_against"]) == (points_for[p], points_against[p])
        assert row["difference"] == points_for[p] - points_against[p]


def pair_of(a: str, b: str) -> str:
    """The entrant (as the director typed it) whose two members are `a` and `b`."""
    return next(p for p in EIGHT if set(p.split(" & ")) == {a, b})
