"""Each app process keeps the replayed state of the matches it served, keyed by the match's
version. Two apps on one database stand for two processes: what one records, the other
shows at once, through moves, a settlement, a new hand and a settlement taken back; and a
write through a process whose kept state another has moved on is judged on the match as
it is."""

from __future__ import annotations

from webhelpers import Phone


def test_a_process_never_shows_a_state_another_has_changed(two_apps):
    one, two = (Phone(app.test_client()) for app in two_apps)
    t = one.start("five-up", ["Ana", "Ben"])
    two.players[t] = one.players[t]
    one.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    assert two.position(t) == (1, 2)  # the second process replays it and keeps it
    one.moves(t, "Ana 0-0 on 5-0")
    assert two.position(t) == (1, 3)  # its copy is of an older version: not shown
    two.moves(t, "Ben draw 2")
    assert one.position(t) == (1, 4)
    one.undo(t)
    assert two.position(t) == (1, 3)
    two.moves(t, "Ben draw 1")
    assert "Ben drew 1 tile" in one.table(t)


def test_a_new_hand_and_a_settlement_taken_back_in_another_process(two_apps):
    one, two = (Phone(app.test_client()) for app in two_apps)
    t = one.start("five-up", ["Ana", "Ben"])
    two.players[t] = one.players[t]
    one.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    assert two.position(t) == (1, 5)
    one.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    assert "Domino! Ana went out." in two.table(t)
    two.settle(t, {"Ben": "6-6"})
    html = one.table(t)
    assert one.position(t) == (2, 0)
    assert "Ana went out last hand and leads any tile." in html
    one.undo(t)  # the settlement of hand 1, taken back in the first process
    assert two.position(t) == (1, 9)
    assert "Domino! Ana went out." in two.table(t)


def test_a_correction_to_an_earlier_hand_is_seen_by_every_process(two_apps):
    one, two = (Phone(app.test_client()) for app in two_apps)
    t = one.start("five-up", ["Ana", "Ben"])
    two.players[t] = one.players[t]
    one.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    one.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    one.settle(t, {"Ben": "6-6"})
    one.moves(t, "Ana 6-5")  # hand 2 under way
    assert "Ana laid 4-1 on 3-1" in two.get(f"/t/{t}/hand/1").get_data(as_text=True)
    two.table(t)  # the second process keeps the match at this version
    r = one.post(
        f"/t/{t}/hand/1/correct", {"k": 9, "moves": "Ana 1-1 on 3-1", "reseat": "0", "total": 9}
    )
    assert r.status_code == 302, r.get_data(as_text=True)[:2000]
    two.table(t)  # the new version: read from hand 2 on, but hand 1 was corrected
    html = two.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert (
        "Ana laid 1-1 on 3-1" in html
        and "Ana laid 4-1 on 3-1" not in html.split('id="taken-back"')[0]
    )


def test_a_write_from_a_state_another_process_moved_on_is_judged_on_the_match_as_it_is(
    two_apps,
):
    """A process writes from the state it keeps without reading the match first: a move
    another process recorded meanwhile neither gets a sound move refused nor lets a move
    be written on the old state."""
    one, two = (Phone(app.test_client()) for app in two_apps)
    t = one.start("five-up", ["Ana", "Ben"])
    two.players[t] = one.players[t]
    one.moves(t, "Ana 5-5")  # the first process keeps the match after move 1
    two.moves(t, "Ben 5-0 on 5-5")  # the second records move 2
    one.move(t, "Ana 0-0 on 5-0", position=(1, 2))  # seen on the second's screen: taken
    assert two.position(t) == (1, 3)
    two.moves(t, "Ben 5-3 on 5-5")
    r = one.move(t, "Ben 5-2 on 5-5", status=409, position=(1, 3))  # the table moved on
    assert "Ben laid 5-3 on 5-5" in r.get_data(as_text=True)
    moves = one.record(t)["hands"][0]["moves"]
    assert [m.get("play") for m in moves] == ["5-5", "5-0", "0-0", "5-3"]
