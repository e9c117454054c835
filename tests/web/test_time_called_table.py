"""A phantom hand after time is called (issue 23.4): once the hands time counts are
settled the match is over, and no next hand is shown or offered anywhere: the table
screen, the spectators' screen, the fragment the phones swap in, the match page."""

from __future__ import annotations

import random

import pytest
from eventhelpers import Director, move_form
from webhelpers import text_of

from referee.engine import Match
from referee.engine.simulate import play_hand


@pytest.fixture
def director(app):
    return Director(app.test_client())


def _table(director):
    token = director.create("five-up", ["Ana", "Ben"], format="round-robin", target=200)
    director.act(token, "pair")
    director.act(token, "start")
    [link] = director.table_links(token)
    play = director.get(link).location.rsplit("/", 1)[1]
    rec = director.record(play)
    m = Match(rec["variant"], rec["players"], rec["options"])
    return token, play, m, play_hand(m, random.Random(5))


def _play(director, play, hand, moves):
    for after, mv in moves:
        r = director.post(f"/t/{play}/{mv.kind}", move_form(hand, 1, after, mv))
        assert r.status_code == 302, r.get_data(as_text=True)[:2000]


def _settle(director, play, hand):
    left = {f"left-{s}": " ".join(map(str, ts)) for s, ts in enumerate(hand.left)}
    r = director.post(f"/t/{play}/end", {"hand": 1, "after": len(hand.moves), **left})
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]


def _no_next_hand(director, play):
    read = director.read_token(play)
    for url in (f"/t/{play}", f"/s/{read}", f"/t/{play}?fragment=1", f"/s/{read}?fragment=1"):
        html = director.get(url).get_data(as_text=True)
        assert text_of(html, "outcome").startswith("Match over. Time was called:"), url
        assert "hand 1" in html.split("</h1>")[0] and "hand 2" not in html, url
        for ident in ("move", "picker", "draw-form", "pass-form", "lot-form", "turn", "opening"):
            assert text_of(html, ident) is None, (url, ident)
        assert 'aria-current="true"' not in text_of_players(html), url  # nobody to play
    match = director.get(f"/t/{play}/match").get_data(as_text=True)
    assert f"/t/{play}/hand/2" not in match
    assert director.get(f"/t/{play}/hand/2").status_code == 404
    assert len(director.record(play)["hands"]) == 1


def text_of_players(html: str) -> str:
    return html.split('id="players"', 1)[1].split("</ul>", 1)[0]


def test_no_hand_after_the_counted_hand_is_settled(director):
    token, play, m, hand = _table(director)
    _play(director, play, hand, list(enumerate(hand.moves))[:3])
    director.act(token, "time")
    _play(director, play, hand, list(enumerate(hand.moves))[3:])
    _settle(director, play, hand)
    _no_next_hand(director, play)


def test_no_hand_when_time_is_called_between_hands(director):
    """Hand 1 settled (hand 2 dealt, nothing laid), then time: the match ends on hand 1."""
    token, play, m, hand = _table(director)
    _play(director, play, hand, list(enumerate(hand.moves)))
    _settle(director, play, hand)
    assert "hand 2" in director.table(play).split("</h1>")[0]
    director.act(token, "time")
    _no_next_hand(director, play)
    # the settlement can still be taken back and entered again: still no hand 2
    r = director.post(f"/t/{play}/undo", {"hand": 1, "after": len(hand.moves), "settled": 1})
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    assert text_of(director.table(play), "end-link") == "Enter the tiles left"
    _settle(director, play, hand)
    _no_next_hand(director, play)
