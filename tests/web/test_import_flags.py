"""The app takes back its own record (issue 23.5): a match whose false pass (C-RENEGE) or
wrong Čtyřka lead (CT-LEAD) the table accepted and later flagged is exported, imported to
carry on, and shows the same flags; `check` still judges the record illegal, and a move
the table itself would have refused is still refused at import."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

from webhelpers import RECORDS, text_of

from referee.engine import check, record

FOUR = ["Ana", "Ben", "Cleo", "Dan"]
ROOT = Path(__file__).resolve().parents[2]


def carry_on(phone, data: dict, status: int = 302, button: str = "carry_on"):
    body = json.dumps(data).encode("utf-8")
    r = phone.post(
        "/import",
        {button: "1", "file": (io.BytesIO(body), "match.json")},
        content_type="multipart/form-data",
    )
    assert r.status_code == status, r.get_data(as_text=True)[:3000]
    return r


def imported(phone, data: dict) -> str:
    token = carry_on(phone, data).location.rsplit("/", 1)[1]
    phone.players[token] = list(data["players"])
    return token


def flags(phone, token: str, hand: int) -> list[tuple[str, str, str]]:
    """The flagged moves of a hand, as its page lists them."""
    html = phone.get(f"/t/{token}/hand/{hand}").get_data(as_text=True)
    moves = text_of(html, "moves") or ""
    return re.findall(r"(\S+ (?:passed|led \S+)) ⚑ ([^(]+?) \( ([A-Z-]+) \)", moves)


def check_exit(tmp_path, data: dict) -> int:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    cmd = [sys.executable, "-m", "referee", "check", str(path)]
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, timeout=120).returncode


def test_a_false_pass_proven_by_a_later_lay_is_imported_with_its_flag(phone, rows, tmp_path):
    t = phone.start("french-connection", FOUR)
    phone.moves(t, "Dan 0-0; Ana pass; Ben 1-0 on 0-0; Cleo 3-0 on 0-0; Dan 4-0 on 0-0")
    phone.move(t, "Ana 2-0 on 0-0")  # she held 2-0 when she passed at move 2
    data = phone.record(t)
    assert check.verdict(record.parse(data))["error"]["rule"] == "C-RENEGE"
    assert check_exit(tmp_path, data) == 1  # the record is illegal at the pass: check says so
    html = carry_on(phone, data, status=400, button="check").get_data(as_text=True)
    assert text_of(html, "error-rule") == "C-RENEGE" and text_of(html, "table-accepts")
    before = len(rows()[0])
    new = imported(phone, data)
    assert len(rows()[0]) == before + 1
    original, copy = text_of(phone.table(t), "evidence"), text_of(phone.table(new), "evidence")
    assert "Ana passed at move 2 while holding 2-0" in copy and "C-RENEGE" in copy
    assert copy == original
    assert flags(phone, new, 1) == flags(phone, t, 1) == [("Ana passed", "False pass", "C-RENEGE")]
    phone.move(new, "Ben 2-2 on 2-0")  # carry on playing
    assert "C-RENEGE" in text_of(phone.table(new), "evidence")
    assert phone.record(new)["hands"][0]["moves"][-1] == {
        "player": "Ben",
        "play": "2-2",
        "on": "2-0",
    }


def test_a_false_pass_proven_by_the_tiles_left_is_imported_with_its_flag(phone, tmp_path):
    held = json.loads((RECORDS / "illegal_c_renege_held.json").read_text(encoding="utf-8"))
    left = held["hands"][1].pop("remaining")  # hand 2 not settled yet: legal so far
    t = imported(phone, held)
    phone.settle(t, {p: " ".join(ts) for p, ts in left.items() if ts})  # Ben still holds 1-1
    assert flags(phone, t, 2) == [("Ben passed", "False pass", "C-RENEGE")]
    data = phone.record(t)
    assert data["hands"][1]["remaining"] == left
    assert check_exit(tmp_path, data) == 1
    # "Check it" on the app's own record: why hand 2, settled by the app, is not counted
    html = carry_on(phone, data, status=400, button="check").get_data(as_text=True)
    assert text_of(html, "error-hand") == "2" and text_of(html, "error-move") == "8"
    assert "hand 2 counts only the points scored before move 8" in text_of(html, "check-read")
    assert "correct the move on that table" in text_of(html, "table-accepts")
    assert text_of(html, "stopped-hand").startswith("2 stopped at move 8 (illegal)")
    new = imported(phone, data)
    assert flags(phone, new, 2) == flags(phone, t, 2)
    assert phone.position(new) == (3, 0)
    phone.move(new, "Cleo 6-6")  # Cleo won hand 2 and poses hand 3
    assert phone.position(new) == (3, 1)


def test_a_wrong_ctyrka_lead_is_imported_with_its_flag(phone):
    t = phone.start("ctyrka", ["Ana", "Ben", "Cleo"])
    phone.moves(t, "Ana 5-5; Ben 6-5 on 5-5; Cleo 6-6 on 6-5")  # Cleo held 6-6 at the deal
    new = imported(phone, phone.record(t))
    copy = text_of(phone.table(new), "evidence")
    assert "CT-LEAD" in copy and copy == text_of(phone.table(t), "evidence")
    phone.move(new, "Ana 6-4 on 6-6")


def test_a_false_pass_the_table_would_refuse_is_still_refused(phone, rows):
    """With the deal given, the pass is refused when it is made (C-RENEGE), at the table
    and so at import: nothing is stored."""
    data = json.loads((RECORDS / "french_soap.json").read_text(encoding="utf-8"))
    hand = data["hands"][0]
    hand["moves"] = hand["moves"][:1] + [{"player": hand["moves"][1]["player"], "pass": True}]
    hand.pop("remaining", None)
    data["hands"] = [hand]
    before = rows()
    r = carry_on(phone, data, status=400)
    html = r.get_data(as_text=True)
    assert 'data-rule="C-RENEGE"' in html and text_of(html, "error-move") == "2"
    assert rows() == before
    html = carry_on(phone, data, status=400, button="check").get_data(as_text=True)
    assert text_of(html, "error-rule") == "C-RENEGE" and text_of(html, "table-accepts") is None


def test_a_false_pass_says_what_the_table_may_do(phone):
    """Issue 43.4: a false pass was flagged with no word of what the table may do: the rules
    give no penalty for it, and the players' screen offers the correction of that move."""
    t = phone.start("french-connection", FOUR)
    phone.moves(t, "Dan 0-0; Ana pass; Ben 1-0 on 0-0; Cleo 3-0 on 0-0; Dan 4-0 on 0-0")
    phone.move(t, "Ana 2-0 on 0-0")  # she held 2-0 when she passed at move 2
    html = phone.table(t)
    said = text_of(html, "evidence")
    assert "C-RENEGE" in said and "The rules give no penalty for a false pass" in said
    assert f'href="/t/{t}/hand/1/correct?k=2"' in html and "Correct move 2" in said
    spectators = phone.get(f"/s/{phone.read_token(t)}").get_data(as_text=True)
    assert "no penalty" in text_of(spectators, "evidence") and "/correct" not in spectators
    page = phone.get(f"/t/{t}/hand/1").get_data(as_text=True)
    assert "no penalty for a false pass" in text_of(page, "false-pass-note")
    assert f"/t/{t}/hand/1/correct?k=2" in page
