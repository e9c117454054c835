"""Mexican Train at the table (issue 41): a hub of trains drawn a row per train with its
owner and marker, the picker's buttons naming only the trains where the chosen tile fits,
and a 6-player match of 13 rounds recorded from the table screen with moves the engine
chooses, its totals the sums of the tiles left tapped on the end form's picture of the
set at each round's end."""

from __future__ import annotations

import random
import re

from webhelpers import Phone, text_of

from referee.engine import Match
from referee.engine.simulate import deal
from referee.engine.tiles import pip_count

SIX = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"]


def send(phone: Phone, token: str, hand_no: int, after: int, move) -> None:
    """Post one engine move as the table screen's forms send it."""
    data = {"hand": hand_no, "after": after, "seat": move.player}
    if move.kind == "play":
        url = "play"
        data["tile"] = str(move.tile)
        if move.train is not None:
            data["train"] = move.train
    elif move.kind == "draw":
        url, data["count"] = "draw", 1
    else:
        url = "pass"
    r = phone.post(f"/t/{token}/{url}", data)
    assert r.status_code == 302, (move, r.get_data(as_text=True)[-2000:])


def tap(phone: Phone, token: str, number: int, after: int, left) -> None:
    """Tap each player's tiles left on the end form's picture of the set (its checkboxes:
    one per tile, each with its pips for the running subtotal) and settle the round."""
    page = phone.get(f"/t/{token}/end").get_data(as_text=True)
    data: dict = {"hand": number, "after": after}
    for seat, tiles in enumerate(left):
        boxes = dict(
            re.findall(rf'name="left-{seat}" value="([\d-]+)"[^>]*data-pips="(\d+)"', page)
        )
        assert all(str(x) in boxes for x in tiles)  # every tile held can be tapped
        assert sum(int(boxes[str(x)]) for x in tiles) == pip_count(tiles)
        data[f"left-{seat}"] = [str(x) for x in tiles]
    r = phone.post(f"/t/{token}/end", data)
    assert r.status_code == 302, r.get_data(as_text=True)[-2000:]


def test_the_trains_are_rows_and_the_picker_names_the_trains(app):
    phone = Phone(app.test_client())
    t = phone.start("mexican-train", ["Ann", "Ben", "Cleo", "Dan"])
    phone.move(t, "Ann 12-12")
    html = phone.table(t, tile="12-6")
    buttons = re.findall(r'name="train" value="(\d)"[^>]*>([^<]*)<', html)
    assert buttons == [("1", "Ben&#39;s train (12)"), ("4", "the Mexican train (12)")]
    hand_no, after = phone.position(t)
    r = phone.post(
        f"/t/{t}/play",
        {"hand": hand_no, "after": after, "seat": 1, "tile": "12-6", "train": 4},
    )
    assert r.status_code == 302
    phone.move(t, "Cleo draw 1")
    phone.move(t, "Cleo pass")  # her marker goes down
    html = phone.table(t)
    rows = re.findall(r'<g class="train" data-train="(\d)"( data-marker)?', html)
    assert rows == [("0", ""), ("1", ""), ("2", " data-marker"), ("3", ""), ("4", "")]
    assert "the Mexican train</text>" in html and "Target:" not in html
    assert "Ann set the engine 12-12" in html
    assert "Ben laid 12-6 on the Mexican train" in html
    # Dan may lay on Cleo's train now (her marker), not on Ben's (none)
    html = phone.table(t, tile="12-3")
    offered = re.findall(r'name="train" value="(\d)"', html)
    assert offered == ["2", "3"]  # Cleo's (marker) and his own; the Mexican train ends in 6
    hand_no, after = phone.position(t)
    r = phone.post(
        f"/t/{t}/play",
        {"hand": hand_no, "after": after, "seat": 3, "tile": "12-1", "train": 1},
    )
    assert r.status_code == 422 and "MT-CLOSED" in r.get_data(as_text=True)


def test_a_six_player_match_of_13_rounds_from_the_table(app):
    phone = Phone(app.test_client())
    token = phone.start("mexican-train", SIX)
    rng = random.Random(41)
    here = Match("mexican-train", SIX)  # the same match, its tiles known: the engine chooses
    tapped = [0] * 6
    for number in range(1, 14):
        dealt, stock = deal(here, rng)
        hand = here.new_hand(dealt)
        after = 0
        while not hand.ended:
            seat = (
                hand.turn
                if hand.turn is not None
                else next((s for s, k in enumerate(hand.known) if hand.opening.tile in k), 0)
            )
            move = hand.play_random(rng, seat, stock)
            send(phone, token, number, after, move)
            after += 1
        hand.settle()
        left = hand.left
        for seat, tiles in enumerate(left):
            tapped[seat] += pip_count(tiles)
        tap(phone, token, number, after, left)
    page = phone.get(f"/t/{token}/match").get_data(as_text=True)
    totals = here.totals()
    assert totals == tapped  # the engine's totals: the pips of the tiles left, added up
    shown = re.findall(r'<th scope="row">([^<]+)</th><td class="num" id="total-\d">(\d+)<', page)
    assert shown == [(name, str(total)) for name, total in zip(SIX, tapped, strict=True)]
    assert page.count('<li id="hand-') == 13
    # the pages beside the table read the same match: a round, a move of it, the record
    assert phone.get(f"/t/{token}/hand/13").status_code == 200
    assert phone.get(f"/t/{token}/hand/1/move/5").status_code == 200
    rec = phone.record(token)
    assert rec["options"]["hands"] == 13 and len(rec["hands"]) == 13
    lays = [m for m in rec["hands"][0]["moves"] if m.get("play", "12-12") != "12-12"]
    assert lays and all("train" in m for m in lays)  # every lay but the engine names its train
    winner = SIX[totals.index(min(totals))]
    assert f"{winner} won the match with {min(totals)} points" in page


def test_an_event_of_pods_ranks_by_the_lowest_total(app):
    from eventhelpers import Director
    from test_events import standings_of

    director = Director(app.test_client())
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"]
    token = director.create("mexican-train", names, format="pods", rounds=1, hands=2, table_size=6)
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    from eventhelpers import play_match_http

    match = play_match_http(director, link, random.Random(5))
    assert len(match.hands) == 2  # the option: two rounds of the game, 12-12 and 11-11
    totals = dict(zip(match.players, match.totals(), strict=True))
    standings = standings_of(director, director.public_token(token))
    order = [entrant for _rank, entrant, _score in standings]
    assert order[0] == min(totals, key=totals.get)  # the lowest total first
    tv = director.get(f"/p/{director.public_token(token)}/tv")
    assert tv.status_code == 200
    assert [totals[n] for n in order] == sorted(totals.values())


def test_draws_before_the_engine_when_nobody_holds_it(app):
    phone = Phone(app.test_client())
    t = phone.start("mexican-train", ["Ann", "Ben"])  # 30 of 91 dealt: 12-12 may be left
    html = phone.table(t)
    assert "Who draws a tile?" in html
    assert re.findall(
        r'<button type="submit" name="seat" value="(\d)" class="button secondary">', html
    ) == ["0", "1"]
    phone.move(t, "Ben draw 1")
    phone.move(t, "Ann draw 1")
    phone.move(t, "Ben 12-12")  # Ben drew it
    html = phone.table(t)
    assert "Who draws a tile?" not in html and "Ann draws a tile" in text_of(html, "draw-form")
    assert "Ben set the engine 12-12" in html


def test_a_correction_names_the_train_a_tile_went_on(app):
    """The audit page's lines name a train by its owner, or "mexican", as the record does:
    Ben's 12-6 went on his own train, not the Mexican train; the correction moves it, the
    record and the table follow, and a lay on a closed train is refused naming it."""
    phone = Phone(app.test_client())
    t = phone.start("mexican-train", ["Ann", "Ben", "Cleo", "Dan"])
    phone.move(t, "Ann 12-12")
    hand_no, after = phone.position(t)
    data = {"hand": hand_no, "after": after, "seat": 1, "tile": "12-6", "train": 4}
    assert phone.post(f"/t/{t}/play", data).status_code == 302  # on the Mexican train
    phone.moves(t, "Cleo draw 1; Cleo pass")
    url = f"/t/{t}/hand/1/correct"
    html = phone.get(url, query_string={"k": 2}).get_data(as_text=True)
    assert text_of(html, "old-moves") == "Ben 12-6 on mexican Cleo draw 1 Cleo pass"
    assert 'the public train by "mexican"' in text_of(html, "train-hint")
    moves = "Ben 12-6 on Ben\nCleo draw 1\nCleo pass"
    html = phone.get(url, query_string={"k": 2, "moves": moves}).get_data(as_text=True)
    assert text_of(html, "verdicts").startswith("✓ Ben laid 12-6 on Ben's train")
    r = phone.post(url, {"k": 2, "moves": moves, "reseat": "0", "total": 4})
    assert r.status_code == 302, r.get_data(as_text=True)[:3000]
    lays = phone.record(t)["hands"][0]["moves"]
    assert lays[1] == {"player": "Ben", "play": "12-6", "on": "12-12", "train": "Ben"}
    html = phone.table(t)
    assert "Ben laid 12-6 on Ben&#39;s train" in html
    # Dan's own 12-1 cannot go on Ann's train (no marker), and the refusal names it
    html = phone.get(url, query_string={"k": 5, "moves": "Dan 12-1 on Ann"})
    verdicts = text_of(html.get_data(as_text=True), "verdicts")
    assert "Ann's train" in verdicts and "MT-CLOSED" in verdicts, verdicts
