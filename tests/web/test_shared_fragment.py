"""The table fragment is rendered once per match, version and language in a process and
shared by the phones of the table; what is each phone's own (its CSRF token, its name, a
refusal or a message meant for it) never reaches another phone. And the write path reads
the same, however long the match and its log of undos."""

from __future__ import annotations

import re

from test_signoff import SCORE, decided
from webhelpers import Phone, sent_sql, text_of

FETCH = {"X-Requested-With": "fetch"}
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')  # the table's forms


def fragment(phone: Phone, token: str, **headers) -> str:
    r = phone.get(f"/t/{token}?fragment=1", headers=headers)
    assert r.status_code == 200 and r.headers["X-Table-Fragment"] == "1"
    return r.get_data(as_text=True)


def named(app, name: str) -> Phone:
    p = Phone(app.test_client())
    assert p.post("/phone", {"name": name, "next": "/"}).status_code == 302
    return p


def test_each_phone_gets_its_own_token_and_name_in_the_shared_fragment(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    ben, cleo = named(app, "Ben's phone"), named(app, "Cleo's phone")
    for p in (ben, cleo):
        p.players[t] = phone.players[t]
    seen = {}
    for p, name in ((ben, "Ben"), (cleo, "Cleo"), (ben, "Ben")):
        html = fragment(p, t)
        seen.setdefault(p, set()).update(TOKEN.findall(html))
        assert text_of(html, "phone-link") == f"This phone: {name}'s phone (rename)"
        assert "\x00" not in html
    assert seen[ben] and seen[cleo] and not seen[ben] & seen[cleo]  # never another's token
    # the token in the fragment is the phone's own: a move sent with it is taken
    token = TOKEN.search(fragment(cleo, t)).group(1)
    r = cleo.client.post(
        f"/t/{t}/play",
        data={"csrf_token": token, "hand": 1, "after": 1, "seat": 1, "tile": "5-0", "on": "5-5"},
    )
    assert r.status_code == 302
    assert "Ben laid 5-0 on 5-5" in text_of(fragment(ben, t), "moves")  # the new version


def test_a_refusal_or_a_message_stays_with_the_phone_it_was_for(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    phone.moves(t, "Ana 5-5")
    other = Phone(app.test_client())
    other.players[t] = phone.players[t]
    fragment(other, t)  # kept for this version
    r = phone.post(
        f"/t/{t}/play",
        {"hand": 1, "after": 1, "seat": 1, "tile": "6-6", "on": "5-5"},
        headers=FETCH,
    )
    assert r.status_code == 422 and text_of(r.get_data(as_text=True), "refused")
    assert text_of(fragment(other, t), "refused") is None
    phone.move(t, "Ben 5-0 on 5-5")  # the answer is flashed to this phone alone
    assert "Ben laid 5-0 on 5-5" in (text_of(fragment(phone, t), "flash") or "")
    assert text_of(fragment(other, t), "flash") is None


def test_each_phone_reads_the_shared_fragment_in_its_own_language(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    polish = Phone(app.test_client())
    english = fragment(phone, t, **{"Accept-Language": "en"})
    pl = fragment(polish, t, **{"Accept-Language": "pl"})
    assert 'lang="pl"' not in english and text_of(english, "more-h") == "More"
    assert text_of(pl, "more-h") != "More"


def statements(app, do) -> list[str]:
    """The SQL statements `do()` sends (its BEGIN and COMMIT left out)."""
    with sent_sql(app) as sent:
        do()
    return [s for s in sent if s.split()[0] not in ("BEGIN", "COMMIT")]


def test_a_play_reads_no_more_in_a_long_match_with_many_undos(app, phone):
    t = phone.start("five-up", ["Ana", "Ben"])
    position = phone.position(t)  # the phone shows the table (as after every write)

    def play():
        return statements(app, lambda: phone.move(t, "Ana 5-5", position=position))

    def undo():
        phone.post(f"/t/{t}/undo", {"hand": 1, "after": 1, "settled": 0})
        phone.table(t)

    first = play()
    undo()
    for _ in range(20):  # the change log grows by an undo each time
        play()
        undo()
    later = play()
    # its version moved on and the move (on PostgreSQL one statement); the match is not
    # read (this process keeps it at its version: the bump checks that); an undecided
    # match cannot be locked, so its change log is not read at all
    expected = 1 if app.config["DB_KIND"] == "postgres" else 2
    assert len(later) == len(first) == expected, "\n".join(s[:90] for s in first + ["--"] + later)
    assert not [s for s in later if re.search(r"\bFROM changes\b", s)]


def replayed(app) -> int:
    """How many replays of a match this app (process) has made."""
    cache = app.extensions.get("referee_state")
    return 0 if cache is None else cache.counts["partial"] + cache.counts["misses"]


def test_the_process_that_records_a_move_renders_the_table_for_the_others(two_apps):
    one, two = (Phone(app.test_client()) for app in two_apps)
    t = one.start("five-up", ["Ana", "Ben"])
    two.players[t] = one.players[t]
    r = one.post(
        f"/t/{t}/play", {"hand": 1, "after": 0, "seat": 0, "tile": "5-5"}, headers=FETCH
    )  # as the table's script sends it: the answer is the table
    assert r.status_code == 200 and "Ana led 5-5" in text_of(r.get_data(as_text=True), "flash")
    r.close()  # as the server does once the answer has gone: the table's file is written
    before = replayed(two_apps[1])
    html = fragment(two, t)  # the other process: the same table, its own parts
    assert "Ana led 5-5" in text_of(html, "moves") and text_of(html, "flash") is None
    assert replayed(two_apps[1]) == before  # read as kept on the host, not replayed


def test_a_kept_table_is_never_served_once_the_match_has_moved_on(two_apps):
    one, two = (Phone(app.test_client()) for app in two_apps)
    t = one.start("five-up", ["Ana", "Ben"])
    two.players[t] = one.players[t]
    one.moves(t, "Ana 5-5")
    seen = fragment(two, t)  # kept at this version
    assert "Ana led 5-5" in text_of(seen, "moves")
    # a move recorded with a plain form, its redirect not followed: nothing rendered yet
    r = one.post(f"/t/{t}/play", {"hand": 1, "after": 1, "seat": 1, "tile": "5-0", "on": "5-5"})
    assert r.status_code == 302
    html = fragment(two, t)
    assert "Ben laid 5-0 on 5-5" in text_of(html, "moves")
    version = re.compile(r'data-version="(\d+)"')
    assert int(version.search(html).group(1)) == int(version.search(seen).group(1)) + 1


def test_the_phone_link_follows_a_rename_and_points_back_to_its_own_table(app, phone):
    one = phone.start("five-up", ["Ana", "Ben"])
    two = phone.start("five-up", ["Cleo", "Dan"])
    ben = named(app, "Ben's phone")
    for t in (one, two):
        ben.players[t] = phone.players[t]
    links = {}
    for t in (one, two):
        html = fragment(ben, t)
        assert text_of(html, "phone-link") == "This phone: Ben's phone (rename)"
        links[t] = re.search(r'id="phone-link" href="([^"]+)"', html).group(1)
    assert one in links[one] and two in links[two]  # the rename page comes back to its table
    assert ben.post("/phone", {"name": "Ben's tablet", "next": "/"}).status_code == 302
    assert text_of(fragment(ben, one), "phone-link") == "This phone: Ben's tablet (rename)"


def test_the_result_to_confirm_carries_each_phones_own_token(app, phone):
    """Once the match is decided the fragment shows the result each side confirms; the
    phone that fetches it after another phone rendered it gets its own CSRF token in those
    forms too (not the other phone's, which its confirmation would be refused with)."""
    t = decided(phone)
    ben = named(app, "Ben's phone")
    ben.players[t] = phone.players[t]
    ana_tokens = set(TOKEN.findall(fragment(phone, t)))  # rendered by Ana's phone, kept
    html = fragment(ben, t)
    assert text_of(html, "confirm-1") == "Confirm for Ben"
    tokens = set(TOKEN.findall(html))
    assert tokens and not tokens & ana_tokens
    r = ben.client.post(
        f"/t/{t}/confirm", data={"csrf_token": tokens.pop(), "side": 1, "score": SCORE}
    )
    assert r.status_code == 302, r.get_data(as_text=True)[:500]
    assert f"Confirmed by Ben ({SCORE}) at" in text_of(fragment(ben, t), "confirmations")
