"""Correcting a past move in the open: the engine replays everything after it; the preview
says which later moves stay legal (with the rule); a correction that breaks a later move
is refused unless those are corrected in the same step; saved as one change, old → new,
the replaced moves kept (struck through)."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from webhelpers import text_of

from referee.engine import check, record

PLAYERS = ["Ana", "Ben", "Cleo"]
# Ben drew at move 2, but nobody tapped it: every tile after it went to the wrong player
SLIP = "Ana 6-6; Ben 6-4 on 6-6; Cleo 6-3 on 6-6; Ana 4-4 on 6-4"


def save(phone, t, k, moves, reseat=False, total=4, status=302):
    r = phone.post(
        f"/t/{t}/hand/1/correct",
        {"k": k, "moves": moves, "reseat": "1" if reseat else "0", "total": total},
    )
    assert r.status_code == status, r.get_data(as_text=True)[:3000]
    return r


def test_a_missed_draw_is_inserted_and_the_moves_after_it_reseated(phone):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 2, "do": "draw"})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert text_of(html, "old-moves") == "Ben 6-4 on 6-6 Cleo 6-3 on 6-6 Ana 4-4 on 6-4"
    assert 'id="reseat" checked' in html
    verdicts = text_of(html, "verdicts")
    assert verdicts == (
        "✓ Ben drew 1 tile ✓ Cleo laid 6-4 on 6-6 ✓ Ana laid 6-3 on 6-6 ✓ Ben laid 4-4 on 6-4"
    )
    text = re.search(r'name="moves" value="([^"]*)"', html).group(1)
    assert text.split("\n")[0] == "Ben draw"
    r = save(phone, t, 2, text.replace("&#10;", "\n"), reseat=True)
    said = text_of(phone.get(r.location).get_data(as_text=True), "flash")
    assert said.startswith("Hand 1 corrected from move 2:")
    rec = phone.record(t)
    assert [(m["player"], m.get("play") or m.get("draw")) for m in rec["hands"][0]["moves"]] == [
        ("Ana", "6-6"),
        ("Ben", 1),
        ("Cleo", "6-4"),
        ("Ana", "6-3"),
        ("Ben", "4-4"),
    ]
    assert check.verdict(record.parse(rec))["ok"]
    assert "Cleo</strong> to play" in phone.table(t)
    html = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    gone = text_of(html, "taken-back")
    for line in ("move 2: Ben: 6-4 on 6-6", "move 3: Cleo: 6-3 on 6-6", "move 4: Ana: 4-4 on 6-4"):
        assert line in gone
    assert "corrected" in gone
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)
    [change] = log["changes"]
    assert change["kind"] == "correct" and change["hand"] == 1 and change["move"] == 2
    assert [m["tile"] for m in change["old"]] == ["6-4", "6-3", "4-4"]
    assert [m["line"] for m in change["new"]] == [
        "Ben draw 1",
        "Cleo 6-4 on 6-6",
        "Ana 6-3 on 6-6",
        "Ben 4-4 on 6-4",
    ]
    assert len(log["moves"]) == 8  # the four recorded rows, and four new ones from move 2


def test_a_correction_that_breaks_a_later_move_is_refused_until_that_is_corrected(phone, rows):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    # Ben laid 6-2, not 6-4: Ana's 4-4 on 6-4 no longer has a place
    moves = "Ben 6-2 on 6-6\nCleo 6-3 on 6-6\nAna 4-4 on 6-4"
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 2, "moves": moves})
    html = r.get_data(as_text=True)
    verdicts = text_of(html, "verdicts")
    assert verdicts.startswith("✓ Ben laid 6-2 on 6-6 ✓ Cleo laid 6-3 on 6-6 ✗ Ana 4-4 on 6-4:")
    assert "6-4 is not on the table" in verdicts and "C-PLACE" in verdicts
    assert text_of(html, "save-form") is None and text_of(html, "not-saved")
    before = rows()
    r = save(phone, t, 2, moves, status=422)
    assert "C-PLACE" in text_of(r.get_data(as_text=True), "refused")
    assert rows() == before
    # corrected in the same step: saved
    save(phone, t, 2, "Ben 6-2 on 6-6\nCleo 6-3 on 6-6\nAna 2-2 on 6-2")
    assert [m.get("play") for m in phone.record(t)["hands"][0]["moves"]] == [
        "6-6",
        "6-2",
        "6-3",
        "2-2",
    ]


def test_remove_a_move_and_change_a_player(phone):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 4, "do": "remove"})
    assert text_of(r.get_data(as_text=True), "verdicts") == ""
    save(phone, t, 4, "")
    assert len(phone.record(t)["hands"][0]["moves"]) == 3
    # move 3 was Ben's, not Cleo's: the seat is refused (C-SEAT) unless re-seated
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 3, "moves": "Ben 6-3 on 6-6"})
    assert "C-SEAT" in text_of(r.get_data(as_text=True), "verdicts")


def test_a_stale_correction_is_not_saved(phone):
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    phone.moves(t, "Ben 4-3 on 4-4")
    r = save(phone, t, 2, "Ben draw\nCleo 6-4 on 6-6", total=4, status=409)
    assert "now has 5 moves" in text_of(r.get_data(as_text=True), "refused")


@pytest.mark.parametrize(
    "lang,lines,hint",
    [
        (
            "pl",
            "Ben dobiera\nCleo 6-4 na 6-6\nAna 6-3 do 6-6\nBen 4-4 na 6-4",
            "„Ben 5-0 na 5-5”, „Cleo dobiera 2”, „Dan pas”",
        ),
        (
            "cs",
            "Ben bere\nCleo 6-4 na 6-6\nAna 6-3 k 6-6\nBen 4-4 na 6-4",
            "„Ben 5-0 na 5-5“, „Cleo bere 2“, „Dan pas“",
        ),
        (
            "es",
            "Ben roba\nCleo 6-4 en 6-6\nAna 6-3 sobre 6-6\nBen 4-4 en 6-4",
            "“Ben 5-0 en 5-5”, “Cleo roba 2”, “Dan pasa”",
        ),
    ],
)
def test_the_lines_read_the_pages_own_words(phone, lang, lines, hint):
    """A Polish, Czech or Spanish page reads its own words ("na", "dobiera"/"bere"/"roba",
    "pas"/"pasa": the registry's, referee/languages.py; its hint shows them),
    English still works, and the change log keeps the English words."""
    t = phone.start("ctyrka", PLAYERS)
    phone.moves(t, SLIP)
    phone.get(f"/?lang={lang}")
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 2, "moves": lines})
    html = htmllib.unescape(r.get_data(as_text=True))
    assert hint in html
    assert "✗" not in text_of(html, "verdicts") and text_of(html, "save-form")
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 5, "moves": "Ben pas"})
    verdict = htmllib.unescape(text_of(r.get_data(as_text=True), "verdicts"))
    assert verdict.startswith(("✓", "✗ Ben pass:")), verdict  # read as a pass, judged
    r = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": 5, "moves": "Ben pass"})
    assert text_of(r.get_data(as_text=True), "verdicts")  # the English words still read
    save(phone, t, 2, lines)
    [change] = phone.get(f"/t/{t}/audit.json").get_json(force=True)["changes"]
    assert [m["line"] for m in change["new"]] == [
        "Ben draw 1",
        "Cleo 6-4 on 6-6",
        "Ana 6-3 on 6-6",
        "Ben 4-4 on 6-4",
    ]


def test_no_move_word_stands_for_two_moves():
    from referee.web.audit.correct import MOVE_WORDS

    words = [w for ws in MOVE_WORDS.values() for w in ws]
    assert len(words) == len(set(words))


# -- the tiles left and the effect of a correction ------------------------------------------
FC = ["Ana", "Ben", "Cleo", "Dan"]
FC_LEFT_1 = {"Ana": "6-1", "Ben": "5-4 4-4", "Dan": "4-0 1-0"}


def fc_lines(text: str) -> list[str]:
    return [
        p.strip() for raw in text.splitlines() for p in raw.split("#")[0].split(";") if p.strip()
    ]


def hidden_form(html: str, form: str) -> dict:
    """The hidden fields of the form with id `form`, as the browser would send them."""
    body = html.split(f'id="{form}"', 1)[1].split("</form>", 1)[0]
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body)
    return {name: htmllib.unescape(value) for name, value in fields}


def test_a_correction_that_changes_the_tiles_left_corrects_them_in_the_same_step(phone, rows):
    """Ben laid 1-0 on 1-1, not 5-1: the hand was settled with 1-0 in Dan's hand. The form
    has the tiles left of the settled hand, filled in with what can be kept (Dan's 1-0 is
    on the table now, left out; 5-1 is off it); the engine judges them (C-REMAINING) and
    both are saved in one change."""
    from test_matches import FC_HAND_1

    t = phone.start("french-connection", FC)
    phone.moves(t, FC_HAND_1)
    phone.settle(t, FC_LEFT_1)
    k = fc_lines(FC_HAND_1).index("Ben 5-1 on 1-1") + 1
    moves = "Ben 1-0 on 1-1\nCleo 6-6 on 6-0"
    page = phone.get(f"/t/{t}/hand/1/correct", query_string={"k": k}).get_data(as_text=True)
    assert re.search(r'name="left-3" id="left-3" value="4-0 1-0"', page)  # as recorded
    form = {
        "k": k,
        "moves": moves,
        **{
            f"{f}-{i}": v
            for i, v in enumerate(["6-1", "5-4 4-4", "", "4-0 1-0"])
            for f in ("left", "auto")
        },
    }
    r = phone.get(f"/t/{t}/hand/1/correct", query_string=form)  # the moves changed only
    html = r.get_data(as_text=True)
    assert text_of(html, "verdicts") == "✓ Ben laid 1-0 on 1-1 ✓ Cleo laid 6-6 on 6-0"
    assert re.search(r'name="left-3" id="left-3" value="4-0"', html)  # 1-0 left out
    assert "1-0 (listed for Dan)" in text_of(html, "left-dropped")
    assert "5-1" in text_of(html, "left-freed")
    assert "C-REMAINING" in text_of(html, "left-refusal")  # Dan holds 2 tiles, 1 listed
    assert "correct the tiles left" in text_of(html, "not-saved")
    assert text_of(html, "save-form") is None
    before = rows()
    refused = phone.post(
        f"/t/{t}/hand/1/correct",
        {
            "k": k,
            "moves": moves,
            "total": 28,
            **{f"left-{i}": v for i, v in enumerate(["6-1", "5-4 4-4", "", "4-0 1-0"])},
        },
    )
    assert refused.status_code == 422
    assert "C-REMAINING" in text_of(refused.get_data(as_text=True), "refused")
    assert rows() == before
    form["left-3"] = "4-0 5-1"
    form["auto-3"] = "4-0"
    html = phone.get(f"/t/{t}/hand/1/correct", query_string=form).get_data(as_text=True)
    assert text_of(html, "left-refusal") is None
    # Dan holds 5-1 4-0, 10 pips, doubled (Cleo went out with a double): 20, not 10
    assert text_of(html, "effect-hand-1") == "1 14 68 0 10 → 20"
    r = phone.post(f"/t/{t}/hand/1/correct", hidden_form(html, "save-form"))
    assert r.status_code == 302
    said = text_of(phone.get(r.location).get_data(as_text=True), "flash")
    assert "Dan: 4-0 1-0" in said and "Dan: 5-1 4-0" in said
    rec = phone.record(t)
    assert rec["hands"][0]["remaining"]["Dan"] == ["5-1", "4-0"]
    assert rec["hands"][0]["moves"][k - 1] == {"player": "Ben", "play": "1-0", "on": "1-1"}
    # the engine's verdict on the corrected record: Dan's pass at move 17 is now proven
    # false (he held 5-1), flagged as the table flags it
    assert check.verdict(record.parse(rec))["error"]["rule"] == "C-RENEGE"
    [change] = phone.get(f"/t/{t}/audit.json").get_json(force=True)["changes"]
    assert change["old"]["remaining"][3] == ["4-0", "1-0"]
    assert change["new"]["remaining"][3] == ["5-1", "4-0"]
    assert [m["tile"] for m in change["old"]["moves"]] == ["5-1", "6-6"]


def test_the_preview_shows_the_points_totals_result_and_standings_it_changes(app):
    """An event's French Connection table, played and settled; the tiles left of hand 1
    were Ben's and Dan's the other way round. Before anything is saved the page shows
    hand 1's points, the totals and the result old → new, and the standings rows that
    move; once saved, the standings are the ones previewed."""
    from eventhelpers import Director
    from test_matches import FC_HAND_1, FC_HAND_2

    director = Director(app.test_client())
    event = director.create("french-connection", FC, format="pods", rounds=1)
    director.act(event, "pair")
    director.act(event, "start")
    [link] = director.table_links(event)
    t = director.get(link).location.rsplit("/", 1)[1]
    seated = director.record(t)["players"]
    director.players[t] = seated
    seat = dict(zip(FC, seated, strict=True))  # the players as seated by the pairing

    def say(text: str) -> str:
        return re.sub(r"\b(Ana|Ben|Cleo|Dan)\b", lambda m: seat[m.group(1)], text)

    director.moves(t, say(FC_HAND_1))
    director.settle(t, {seat[n]: tiles for n, tiles in FC_LEFT_1.items()})
    director.moves(t, say(FC_HAND_2))
    director.settle(
        t, {seat["Ana"]: "6-4 6-2 4-4 3-2", seat["Ben"]: "5-3 3-3 2-0", seat["Cleo"]: "5-4 5-0"}
    )
    public = director.public_token(event)
    standings = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    assert [(r["entrant"], r["rank"]) for r in standings][:2] == [
        (seat["Dan"], 1),
        (seat["Cleo"], 2),
    ]
    swapped = {seat["Ana"]: "6-1", seat["Ben"]: "4-0 1-0", seat["Cleo"]: "", seat["Dan"]: "5-4 4-4"}
    form = {
        "k": 28,
        "moves": say("Cleo 6-6 on 6-0"),
        **{f"left-{i}": swapped[p] for i, p in enumerate(seated)},
    }
    html = director.get(f"/t/{t}/hand/1/correct", query_string=form).get_data(as_text=True)
    # hand 1, a column a seat: Ben's 5-4 4-4 (17 pips, a double: x 4) 68 → 4-0 1-0 (x 2)
    # 10; Dan's the other way round, 10 → 68
    assert text_of(html, "effect-hand-1") == "1 14 68 → 10 0 10 → 68"
    assert text_of(html, "effect-totals") == "Total 158 142 → 84 38 10 → 68"
    result = text_of(html, "effect-result")
    assert f"won by {seat['Dan']} → won by {seat['Cleo']}" in result
    moved = text_of(html, "effect-standings")
    assert f"{seat['Cleo']} 2 → 1" in moved and f"{seat['Dan']} 1 → 2" in moved
    assert f"{seat['Ben']} 3 1 142 → 84" in moved
    assert seat["Ana"] not in moved  # her row does not move
    r = director.post(f"/t/{t}/hand/1/correct", hidden_form(html, "save-form"))
    assert r.status_code == 302
    after = director.get(f"/p/{public}/standings.json").get_json()["standings"]
    assert [(r["entrant"], r["rank"], r["points"]) for r in after] == [
        (seat["Cleo"], 1, 38),
        (seat["Dan"], 2, 68),
        (seat["Ben"], 3, 84),
        (seat["Ana"], 4, 158),
    ]


def test_the_standings_preview_of_a_round_with_a_bye_is_the_standings_saved(app):
    """A French Connection event of five: four at the table, one bye, which scores the
    round's average (the default). The preview of a correction ranks the round as the
    event does, the corrected table and the bye in their round (it once put the corrected
    table in no round, so the bye's average changed in the preview alone): every row it
    shows is the row saved, and the bye's placement points do not move."""
    from eventhelpers import Director
    from test_matches import FC_HAND_1, FC_HAND_2

    director = Director(app.test_client())
    event = director.create("french-connection", [*FC, "Eve"], format="pods", rounds=1)
    director.act(event, "pair")
    director.act(event, "start")
    [link] = director.table_links(event)
    t = director.get(link).location.rsplit("/", 1)[1]
    seated = director.record(t)["players"]
    director.players[t] = seated
    seat = dict(zip(FC, seated, strict=True))
    [bye] = {*FC, "Eve"} - set(seated)

    def say(text: str) -> str:
        return re.sub(r"\b(Ana|Ben|Cleo|Dan)\b", lambda m: seat[m.group(1)], text)

    director.moves(t, say(FC_HAND_1))
    director.settle(t, {seat[n]: tiles for n, tiles in FC_LEFT_1.items()})
    director.moves(t, say(FC_HAND_2))
    director.settle(
        t, {seat["Ana"]: "6-4 6-2 4-4 3-2", seat["Ben"]: "5-3 3-3 2-0", seat["Cleo"]: "5-4 5-0"}
    )
    public = director.public_token(event)
    swapped = {seat["Ana"]: "6-1", seat["Ben"]: "4-0 1-0", seat["Cleo"]: "", seat["Dan"]: "5-4 4-4"}
    form = {
        "k": 28,
        "moves": say("Cleo 6-6 on 6-0"),
        **{f"left-{i}": swapped[p] for i, p in enumerate(seated)},
    }
    html = director.get(f"/t/{t}/hand/1/correct", query_string=form).get_data(as_text=True)
    rows = re.findall(
        r'<tr><th scope="row">([^<]+)</th>\s*'
        r'<td class="num">(.*?)</td>\s*<td class="num">(.*?)</td>',
        html.split('id="effect-standings"', 1)[1].split("</table>", 1)[0],
    )
    assert rows and bye not in [name for name, _, _ in rows]  # the bye's row does not move
    r = director.post(f"/t/{t}/hand/1/correct", hidden_form(html, "save-form"))
    assert r.status_code == 302
    after = {
        row["entrant"]: row
        for row in director.get(f"/p/{public}/standings.json").get_json()["standings"]
    }
    for name, rank, score in rows:  # "old → <strong>new</strong>", or one figure: unchanged
        new = re.sub(r"<[^>]+>", "", rank.split("→")[-1]).strip()
        assert int(new) == after[name]["rank"], name
        new = re.sub(r"<[^>]+>", "", score.split("→")[-1]).strip()
        assert float(new) == after[name]["score"], name


def test_a_correction_that_changes_who_won_ends_or_reopens_the_match(phone):
    """Five-Up to 5: Ana went out and scored Ben's 6-6 (12 pips: 2 points), 6–3, the
    match won. Had Ben held 1-0, she would have scored nothing for it: 4–3, not decided,
    and the next hand begins; corrected back, the match is won again and that hand, not
    begun, goes."""
    t = phone.start("five-up", ["Ana", "Ben"], target=5)
    phone.moves(t, "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben 5-3 on 5-5; Ana 3-3 on 5-3")
    phone.moves(t, "Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1")
    phone.settle(t, {"Ben": "6-6"})
    assert text_of(phone.table(t), "outcome")

    def correct(tiles: str) -> str:
        form = {"k": 9, "moves": "Ana 4-1 on 3-1", "left-0": "", "left-1": tiles}
        html = phone.get(f"/t/{t}/hand/1/correct", query_string=form).get_data(as_text=True)
        said = text_of(html, "effect-result")
        r = phone.post(f"/t/{t}/hand/1/correct", hidden_form(html, "save-form"))
        assert r.status_code == 302, r.get_data(as_text=True)[:2000]
        return said

    said = correct("1-0")
    assert said == "The result of the match changes: won by Ana → not decided."
    html = phone.table(t)
    assert text_of(html, "outcome") is None and "hand 2" in html
    assert phone.record(t)["hands"][1] == {"moves": []}  # hand 2 begun, no move yet
    said = correct("6-6")
    assert said == "The result of the match changes: not decided → won by Ana."
    assert "Ana won the match" in text_of(
        phone.get(f"/t/{t}/match").get_data(as_text=True), "outcome"
    )
    assert len(phone.record(t)["hands"]) == 1
    log = phone.get(f"/t/{t}/audit.json").get_json(force=True)["changes"]
    assert log[0]["new"]["next_hand"] == 2 and log[1]["old"]["next_hand"] == 2
