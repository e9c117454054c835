"""The table screen in a real browser (Debian's Chromium) on a phone-sized screen (390 x
844, touch): whole plays recorded by tapping, with the taps counted; the count, the scores
and the highlighted places asserted after each; refusals; no page reload between moves."""

from __future__ import annotations

import re

import pytest
from browserkit import Phone, version, wait_for_choice, wait_for_new_table
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def never_reloaded(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def test_a_whole_five_up_hand_by_tapping(page, table):
    t = table.start("five-up", ["Ana", "Ben"], target=61)
    page.goto(f"/t/{t}")
    page.evaluate("window.__sameDocument = true")  # a page reload would forget it
    phone = Phone(page)
    # Any player may lead (the lot is not drawn): one button per player is the second tap.
    phone.lay("5-0", places=["lead"], by="Ana")
    assert phone.count() == "5" and phone.scores()["Ana"] == (1, 1)  # 5: Ana +1 (FU-SCORE)
    expect(page.locator("#turn")).to_have_text("Ben to play.")
    phone.lay("3-0", places=["5-0"])  # one place: the tile, then the one confirm
    assert phone.count() == "8"
    phone.lay("5-3", places=["3-0", "5-0"], on="3-0")  # two places: the tile, then one
    assert phone.count() == "10" and phone.scores()["Ana"] == (3, 3)  # 5 + 5: Ana +2
    phone.lay("5-1", places=["5-0", "5-3"], on="5-3")
    assert phone.count() == "6"
    expect(page.locator("#boneyard")).to_contain_text("Boneyard: 18 tiles")
    phone.button("#draw-form button", "Ana draws")  # one tap: a draw of one tile
    expect(page.locator("#boneyard")).to_contain_text("Boneyard: 17 tiles")
    phone.lay("4-1", places=["5-1"])
    assert phone.count() == "9"
    phone.lay("4-4", places=["4-1"])
    assert phone.count() == "13"  # 5 + 4-4 at an end, both halves
    phone.lay("4-2", places=["4-4"])
    assert phone.count() == "7"
    phone.lay("5-5", places=["5-0"])
    assert phone.count() == "12"
    phone.lay("2-2", places=["4-2"])
    assert phone.count() == "14"
    phone.lay("6-5", places=["5-5"])  # Ben's last tile: 6 + 4 = 10, Ben +2, Domino!
    assert phone.count() == "10" and phone.scores() == {"Ana": (3, 3), "Ben": (2, 2)}
    expect(page.locator("#turn")).to_contain_text("Domino! Ben went out.")
    assert never_reloaded(page), "the page was reloaded between moves"
    assert all(taps <= 2 for _, taps in phone.log), phone.log
    assert [taps for _, taps in phone.log] == [2] * 4 + [1] + [2] * 6
    expect(page.locator("#moves li")).to_have_count(11)

    # The tiles left: Ana holds 6-3 (9 pips, 10 rounded: Ben +2, FU-DOMINO)
    phone.taps.tap(page.locator("#end-link"))
    phone.taps.tap(page.locator('label[for="left-0-6-3"]'))
    phone.taps.tap(page.locator("#end-form button[type=submit]"))
    expect(page.locator("#settlement")).to_contain_text("FU-DOMINO")
    expect(page.locator("#settlement tfoot")).to_contain_text("this hand; after it: 4")
    phone.taps.tap(page.locator("#continue"))
    expect(page.locator("h1")).to_contain_text("hand 2")
    assert phone.scores() == {"Ana": (0, 3), "Ben": (0, 4)}


def test_french_connection_opening_pose_cross_and_unlocking_double(page, table):
    t = table.start("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    page.goto(f"/t/{t}")
    page.evaluate("window.__sameDocument = true")
    phone = Phone(page)
    # The pose: the holder of [0|0] poses it; the app does not know who: one button each.
    phone.choose("0-0")
    expect(page.locator("#places button")).to_have_text(
        ["Ana poses 0-0", "Ben poses 0-0", "Cleo poses 0-0", "Dan poses 0-0"])  # fmt: skip
    phone.taps.tap(page.locator("#places button", has_text="Cleo poses"))
    wait_for_new_table(page, "")
    phone.log.append(("0-0", 2))
    expect(page.locator("#turn")).to_have_text("Dan to play.")
    # The cross: four tiles on the pose, one place at a time
    phone.lay("1-0", places=["0-0"])
    # until the cross is complete, nothing goes on an arm (FC-CROSS): said, and linked
    before = version(page)
    phone.choose("5-1")
    assert phone.places() == []
    why = page.locator("#why-not")
    expect(why).to_contain_text("until four tiles lie on the posed double 0-0")
    expect(why.locator("a.rule")).to_have_attribute("href", "/rules/french-connection#FC-CROSS")
    assert version(page) == before  # nothing recorded
    phone.lay("2-0", places=["0-0"])
    phone.lay("3-0", places=["0-0"])
    phone.lay("4-0", places=["0-0"])
    expect(page.locator(".layout .tile")).to_have_count(5)
    # the arms are locked until a double is laid on them (FC-LOCK)
    phone.choose("5-1")
    assert phone.places() == []
    expect(page.locator("#why-not a.rule")).to_have_attribute(
        "href", "/rules/french-connection#FC-LOCK")  # fmt: skip
    # a double unlocks its arm
    phone.lay("1-1", places=["1-0"])
    phone.lay("5-1", places=["1-1"])
    expect(page.locator("#last-move")).to_have_text("Last move: Ana laid 5-1 on 1-1.")
    assert phone.scores() == {name: (0, 0) for name in ("Ana", "Ben", "Cleo", "Dan")}
    assert never_reloaded(page)
    assert all(taps <= 2 for _, taps in phone.log), phone.log


def test_taps_per_move(page, table, capsys):
    """Pass, Draw: one tap; Undo: one and its confirmation; a play: two at most."""
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5")
    page.goto(f"/t/{t}")
    phone = Phone(page)
    phone.lay("3-3", places=["5-3"])  # one place
    phone.button("#draw-form button", "draw")
    phone.lay("5-1", places=["5-5"])  # 5-5's end, now open
    phone.undo()
    expect(page.locator("#turn")).to_have_text("Ben to play.")
    phone.lay("3-1", places=["3-3"])
    f = table.start("french-connection", ["Ana", "Ben", "Cleo", "Dan"])
    table.moves(f, "Cleo 0-0; Dan 1-0 on 0-0")
    page.goto(f"/t/{f}")
    phone.button("#pass-form button", "pass")
    expect(page.locator("#last-move")).to_contain_text("Ana passed")
    phone.lay("2-0", places=["0-0"])
    taps = dict(phone.log)
    assert taps == {"3-3": 2, "draw": 1, "5-1": 2, "undo": 2, "3-1": 2, "pass": 1, "2-0": 2}
    with capsys.disabled():
        print(f"\ntaps per move: {phone.log}")


def test_an_illegal_attempt_is_explained_and_changes_nothing(page, table):
    t = table.start("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    table.moves(t, "Ana 5-5; Ben 5-0 on 5-5")
    page.goto(f"/t/{t}")
    before = version(page)
    moves = page.locator("#moves").inner_text()
    phone = Phone(page)
    # a tile that fits nowhere: dimmed, and tapping it says why, with the rule's link
    expect(page.locator('#picker button[value="6-1"]')).to_have_class("no")
    phone.choose("6-1")
    why = page.locator("#why-not")
    expect(why).to_contain_text("6-1 fits nowhere: the open ends show 5")
    expect(why).not_to_contain_text("fits nowhere now")
    expect(why).to_contain_text("the open ends show 5")
    link = why.locator("a.rule")
    expect(link).to_have_text("C-ONE")
    expect(link).to_have_attribute("href", "/rules/five-up#C-ONE")
    assert phone.places() == [] and page.locator("#places").count() == 0
    # a tile typed that is not in the set
    page.locator("details.typed summary").tap()
    page.locator("#tile-text").fill("9-9")
    page.locator("#tile-form button").tap()
    wait_for_choice(page, "9-9")
    expect(page.locator("#why-not")).to_contain_text("9-9 is not in the double-six set")
    expect(page.locator("#why-not a.rule")).to_have_attribute("href", "/rules/five-up#C-SET")
    # nothing changed
    assert version(page) == before
    assert page.locator("#moves").inner_text() == moves
    expect(page.locator("#count")).to_have_text("10")
    assert table.position(t) == (1, 2)
    # the rule link leads to the rule
    page.locator("#why-not a.rule").tap()
    expect(page).to_have_url(re.compile(r"/rules/five-up#C-SET$"))
    expect(page.locator("#C-SET")).to_be_in_viewport()


def test_a_page_out_of_date_is_told_what_was_recorded(new_phone, table):
    """Two phones choose a tile for the same turn; the slower is told it was already
    recorded (409) and shown the table as it is."""
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    a, b = new_phone(), new_phone()
    a.goto(f"/t/{t}")
    b.route("**/version", lambda route: route.abort())  # b hears nothing of a's move
    b.goto(f"/t/{t}")
    Phone(b).choose("5-1")  # b is about to record Ben's 5-1...
    Phone(a).lay("5-0", places=["5-5"])  # ...when a records Ben's 5-0
    before = version(b)
    b.locator("#places button.confirm").tap()
    wait_for_new_table(b, before)
    refused = b.locator("#refused")
    expect(refused).to_contain_text("Not recorded")
    expect(refused).to_contain_text("already recorded: Ben laid 5-0 on 5-5")
    assert refused.get_attribute("data-status") == "409"
    expect(b.locator("#turn")).to_have_text("Ana to play.")  # the table as it is
    assert table.position(t) == (1, 2)


def test_it_works_without_javascript(new_phone, table):
    page = new_phone(javascript=False)
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-5")
    page.goto(f"/t/{t}")
    page.locator('#picker button[value="5-0"]').tap()
    expect(page).to_have_url(re.compile(rf"/t/{t}\?hand=1&after=1&tile=5-0$"))  # the position shown
    expect(page.locator(".layout .place")).to_have_count(1)
    page.locator("#places button.confirm").tap()
    expect(page.locator("#flash")).to_contain_text("Ben laid 5-0 on 5-5; count 10: +2 for Ben.")
    expect(page).to_have_url(re.compile(rf"/t/{t}$"))
    expect(page.locator("#count")).to_have_text("10")
    # Undo and its confirmation: plain HTML too
    page.locator("#undo-link").tap()
    page.locator("#undo-form button").tap()
    expect(page.locator("#flash")).to_have_text("Taken back: Ben laid 5-0 on 5-5.")
    assert table.position(t) == (1, 1)


def test_tap_targets_are_at_least_44_px(page, table):
    t = table.start("five-up", ["Ana", "Ben"])
    table.moves(t, "Ana 5-0; Ben 3-0 on 5-0; Ana 5-3 on 3-0")  # 5-1 fits in two places
    page.goto(f"/t/{t}")
    Phone(page).choose("5-1")
    page.locator("#undo-link").tap()
    small = page.evaluate(
        """() => [...document.querySelectorAll(
              '#table button, #table .button, #table summary, #table input:not([type=hidden]),'
              + ' #table .layout .place, header.site a')]
            .filter(e => e.getClientRects().length)
            .map(e => [e.id || e.textContent.trim().slice(0, 20) || e.outerHTML.slice(0, 60),
                       e.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44)
            .map(([name, r]) => `${name}: ${Math.round(r.width)} x ${Math.round(r.height)}`)"""
    )
    assert small == []
    assert page.locator(".layout .place").count() == 2
