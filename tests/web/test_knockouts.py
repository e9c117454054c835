"""Knockouts through HTTP (issue 40): a single knockout of 13 played to the end, a double
knockout of 8 with the grand final's reset, 16 in 4 pools then a knockout of 8; each
checked against its bracket written out by hand. The director forfeits each tie for the
entrant the test chooses (the winner goes on at once, the next table opens); the final of
the single knockout is played through the players' phones."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest
from eventhelpers import Director, play_match_http, play_to_end
from webhelpers import text_of

from referee.engine import Match
from referee.engine.simulate import play_hand

SEEDS = [f"Seed {i:02d}" for i in range(1, 17)]


@pytest.fixture
def director(app):
    return Director(app.test_client())


def bracket_rows(html: str) -> list[tuple[str, str, str, str, str]]:
    """The bracket's table, in order: (stage, side a, side b, winner or what it waits for,
    the table's link)."""
    body = html[html.index('id="bracket-table"') :]
    body = body[: body.index("</table>")]
    out = []
    for row in re.findall(r"<tr><td>(.*?)</tr>", body, re.S):
        cells = [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in row.split("<td>")]
        stage, tie, _score, winner = cells[0].removesuffix("</td>"), cells[1], cells[2], cells[3]
        a, b = (x.strip() for x in tie.removesuffix("</td>").split(" – "))
        link = re.search(r'href="([^"]+)"', row)
        out.append((stage, a, b, winner.removesuffix("</td>"), link.group(1) if link else ""))
    return out


def side_names(director, link: str) -> list[str]:
    html = director.get(link).get_data(as_text=True)
    return [unescape(n) for n in re.findall(r'<label>([^<]+) <input name="score"', html)]


def settle(director, token: str, pick, play=None) -> int:
    """Settle every tie being played until none is left: the director forfeits it for
    `pick(stage, a, b)`'s choice, or (`play(stage)` true) the table plays it out on its
    phones. Returns how many ties were settled."""
    rng = random.Random(7)
    settled = 0
    while True:
        rows = bracket_rows(director.page(token))
        playing = [r for r in rows if r[3] == "playing"]
        if not playing:
            return settled
        for stage, a, b, _, link in playing:
            if play is not None and play(stage):
                links = director.table_links(token)
                assert len(links) == 1, links
                play_match_http(director, links[0], rng)
            else:
                won = pick(stage, a, b)
                names = side_names(director, link)
                assert sorted(names) == sorted([a, b])
                score = ["61" if n == won else "0" for n in names]
                table = link.rsplit("/", 1)[1]
                director.act(token, f"tables/{table}/forfeit", {"score": score})
            settled += 1


def better(stage, a, b):
    return min(a, b)


def public_standings(director, token: str) -> list[tuple[int, str]]:
    public = director.public_token(token)
    rows = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    return [(x["rank"], x["entrant"]) for x in rows]


def test_a_knockout_of_13_played_to_the_end(director):
    names = SEEDS[:13]
    token = director.create("five-up", names, format="knockout", target="61")
    director.act(token, "pair", {"round": 1})
    director.act(token, "start", {"round": 1})
    settled = settle(director, token, better, play=lambda stage: stage == "Final")
    assert settled == 12  # 13 entrants: 12 ties, one champion
    html = director.page(token)
    rows = [r[:4] for r in bracket_rows(html)]
    final = rows[-1]
    champion = final[3]
    assert champion in ("Seed 01", "Seed 02")
    assert rows == [  # the bracket, by hand: byes to seeds 1 to 3, the better seed wins
        ("Knockout round 1", "Seed 01", "bye", "bye"),
        ("Knockout round 1", "Seed 08", "Seed 09", "Seed 08"),
        ("Knockout round 1", "Seed 04", "Seed 13", "Seed 04"),
        ("Knockout round 1", "Seed 05", "Seed 12", "Seed 05"),
        ("Knockout round 1", "Seed 02", "bye", "bye"),
        ("Knockout round 1", "Seed 07", "Seed 10", "Seed 07"),
        ("Knockout round 1", "Seed 03", "bye", "bye"),
        ("Knockout round 1", "Seed 06", "Seed 11", "Seed 06"),
        ("Quarter-finals", "Seed 01", "Seed 08", "Seed 01"),
        ("Quarter-finals", "Seed 04", "Seed 05", "Seed 04"),
        ("Quarter-finals", "Seed 02", "Seed 07", "Seed 02"),
        ("Quarter-finals", "Seed 03", "Seed 06", "Seed 03"),
        ("Semi-finals", "Seed 01", "Seed 04", "Seed 01"),
        ("Semi-finals", "Seed 02", "Seed 03", "Seed 02"),
        ("Final", "Seed 01", "Seed 02", champion),
    ]
    assert f"Champion: {champion}" in unescape(html)
    runner_up = "Seed 02" if champion == "Seed 01" else "Seed 01"
    standings = public_standings(director, token)
    assert standings[:2] == [(1, champion), (2, runner_up)]
    assert sorted(standings[2:4]) == [(3, "Seed 03"), (3, "Seed 04")]
    assert sorted(standings[4:8]) == [(5, f"Seed {i:02d}") for i in range(5, 9)]
    assert sorted(standings[8:]) == [(9, f"Seed {i:02d}") for i in range(9, 14)]
    # the public page: the picture and the table; each played tie links its replay
    public = director.get(f"/p/{director.public_token(token)}").get_data(as_text=True)
    assert 'class="bracket-picture"' in public and 'id="bracket-table"' in public
    replays = re.findall(r'href="(/s/[^"]+/hand/1/move/0)"', public)
    assert len(set(replays)) == 12
    assert director.get(replays[-1]).status_code == 200
    # the director cannot pair a round the results open by themselves
    r = director.act(token, "pair", {"round": 5}, status=409)
    assert "open by themselves" in r.get_data(as_text=True)


def test_a_double_knockout_of_8_with_the_grand_final_reset(director):
    names = SEEDS[:8]
    token = director.create("five-up", names, format="double-knockout")
    director.act(token, "pair", {"round": 1})
    director.act(token, "start", {"round": 1})

    def pick(stage, a, b):
        return b if stage == "Grand final" else min(a, b)  # the losers' side wins the first

    settled = settle(director, token, pick)
    rows = [r[:4] for r in bracket_rows(director.page(token))]
    assert settled == 15, "\n".join(map(str, rows))  # 2 x 8 - 2 ties, and the reset
    assert rows == [
        ("Winners' round 1", "Seed 01", "Seed 08", "Seed 01"),
        ("Winners' round 1", "Seed 04", "Seed 05", "Seed 04"),
        ("Winners' round 1", "Seed 02", "Seed 07", "Seed 02"),
        ("Winners' round 1", "Seed 03", "Seed 06", "Seed 03"),
        ("Winners' round 2", "Seed 01", "Seed 04", "Seed 01"),
        ("Winners' round 2", "Seed 02", "Seed 03", "Seed 02"),
        ("Losers' round 1", "Seed 08", "Seed 05", "Seed 05"),
        ("Losers' round 1", "Seed 07", "Seed 06", "Seed 06"),
        ("Losers' round 2", "Seed 05", "Seed 03", "Seed 03"),
        ("Losers' round 2", "Seed 06", "Seed 04", "Seed 04"),
        ("Winners' final", "Seed 01", "Seed 02", "Seed 01"),
        ("Losers' round 3", "Seed 03", "Seed 04", "Seed 03"),
        ("Losers' final", "Seed 03", "Seed 02", "Seed 02"),
        ("Grand final", "Seed 01", "Seed 02", "Seed 02"),
        ("Grand final, reset", "Seed 01", "Seed 02", "Seed 01"),
    ]
    standings = public_standings(director, token)
    assert standings[:4] == [(1, "Seed 01"), (2, "Seed 02"), (3, "Seed 03"), (4, "Seed 04")]
    assert sorted(standings[4:6]) == [(5, "Seed 05"), (5, "Seed 06")]
    assert sorted(standings[6:]) == [(7, "Seed 07"), (7, "Seed 08")]


def test_16_in_4_pools_then_a_knockout_of_8(director):
    token = director.create("five-up", SEEDS, format="pools-knockout", pools="4", advance="2")
    for number in (1, 2, 3):  # the pools' round robins, paired by the director
        director.act(token, "pair", {"round": number})
        director.act(token, "start", {"round": number})
        ids = director.table_ids(token)
        assert len(ids) == 8
        for table in ids:
            link = f"/e/{token}/tables/{table}"
            names = side_names(director, link)
            won = min(names)
            score = ["61" if n == won else "0" for n in names]
            director.act(token, f"tables/{table}/forfeit", {"score": score})
    director.act(token, "pair", {"round": 4})  # the knockout's draw: 8 go through
    director.act(token, "start", {"round": 4})
    assert settle(director, token, better) == 7
    rows = [r[:4] for r in bracket_rows(director.page(token))]
    # pools (snake): A 1 8 9 16, B 2 7 10 15, C 3 6 11 14, D 4 5 12 13; winners seeded
    # first in the pools' order, then the runners-up: A1 B1 C1 D1 A2 B2 C2 D2
    assert rows == [
        ("Quarter-finals", "Seed 01", "Seed 05", "Seed 01"),
        ("Quarter-finals", "Seed 04", "Seed 08", "Seed 04"),
        ("Quarter-finals", "Seed 02", "Seed 06", "Seed 02"),
        ("Quarter-finals", "Seed 03", "Seed 07", "Seed 03"),
        ("Semi-finals", "Seed 01", "Seed 04", "Seed 01"),
        ("Semi-finals", "Seed 02", "Seed 03", "Seed 02"),
        ("Final", "Seed 01", "Seed 02", "Seed 01"),
    ]
    standings = public_standings(director, token)
    assert standings[:2] == [(1, "Seed 01"), (2, "Seed 02")]
    assert sorted(standings[2:4]) == [(3, "Seed 03"), (3, "Seed 04")]
    assert sorted(standings[4:8]) == [(5, f"Seed {i:02d}") for i in range(5, 9)]
    assert sorted(standings[8:12]) == [(9, f"Seed {i:02d}") for i in range(9, 13)]
    assert sorted(standings[12:]) == [(13, f"Seed {i:02d}") for i in range(13, 17)]


@pytest.mark.parametrize("signed", [False, True])
def test_the_winner_goes_on_when_the_tables_result_is_decided(director, signed):
    """The final opens at the write that decides its second semi-final, played on the
    phones; where the event asks for signatures, once every side has signed."""
    names = SEEDS[:4]
    form = {"signed": "1"} if signed else {}
    club = director.club_key() if signed else None  # members sign: the club's link makes them
    token = director.create("five-up", names, club=club, format="knockout", target="5", **form)
    director.act(token, "pair", {"round": 1})
    director.act(token, "start", {"round": 1})
    rows = bracket_rows(director.page(token))
    director.act(
        token,
        f"tables/{rows[1][4].rsplit('/', 1)[1]}/forfeit",
        {"score": ["5", "0"] if side_names(director, rows[1][4])[0] == "Seed 02" else ["0", "5"]},
    )
    link = director.table_links(token)[0]
    match = play_match_http(director, link, random.Random(5))
    winner = match.players[match.sides[match.result()[1]][0]]
    final = bracket_rows(director.page(token))[-1]
    if signed:
        assert final[3] == "to be played" and final[1] == "…"  # waits for the signatures
        play = director.get(link).location.rsplit("/", 1)[1]
        page = director.table(play)
        score = re.search(r'name="score" value="([^"]+)"', page).group(1)
        pins = director.new_cards(token)
        director.sign(play, [pins[name] for name in director.record(play)["players"]], score)
        final = bracket_rows(director.page(token))[-1]
    assert final[1:4] == (winner, "Seed 02", "playing")
    assert len(director.table_links(token)) == 1  # the final's table, open


def winner_with(phone, token: str, seed: int) -> str:
    """The side that `play_to_end(phone, token, Random(seed))` would make win, worked out
    on the engine's own copy of the match first."""
    rec = phone.record(token)
    match = Match(rec["variant"], rec["players"], rec["options"])
    rng = random.Random(seed)
    while not match.result()[0]:
        play_hand(match, rng)
    return match.side_names[match.result()[1]]


def test_a_tie_left_level_plays_a_deciding_game(director):
    """A knockout tie is best of 2: one game each leaves it level, so nobody goes on;
    the table screen leads to a deciding game, whose winner is the champion. A forfeit
    may not leave a tie level either."""
    token = director.create("five-up", ["Ann", "Ben"], format="knockout", series=2)
    director.act(token, "pair", {"round": 1})
    director.act(token, "start", {"round": 1})
    [link] = director.table_links(token)
    game1 = director.get(link).location.rsplit("/", 1)[1]
    first = winner_with(director, game1, 1)
    play_to_end(director, game1, random.Random(1))
    game2 = director.get(link).location.rsplit("/", 1)[1]
    assert game2 != game1
    seed = next(s for s in range(2, 400) if winner_with(director, game2, s) != first)
    play_to_end(director, game2, random.Random(seed))
    [final] = bracket_rows(director.page(token))
    assert final[3] == "playing"  # level, 1–1: nobody goes on
    html = director.table(game2)
    assert "Level, 1–1: on to the deciding game" in text_of(html, "series")
    # the director may not settle it level either
    ids = director.table_ids(token)
    r = director.act(token, f"tables/{ids[0]}/forfeit", {"score": ["0", "0"]}, status=400)
    assert "needs a winner" in r.get_data(as_text=True)
    game3 = director.get(link).location.rsplit("/", 1)[1]
    assert game3 not in (game1, game2)
    assert "Deciding game" in text_of(director.table(game3), "series-h")
    third = winner_with(director, game3, 3)
    play_to_end(director, game3, random.Random(3))
    [final] = bracket_rows(director.page(token))
    assert final[3] == third  # the deciding game's winner is the champion
    assert public_standings(director, token)[0] == (1, third)
