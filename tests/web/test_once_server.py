"""Every action once, sent at once (issue 43.1 and 43.2): the real server (scripts/run.sh,
Granian, two workers) takes N identical or crossing POSTs at the same moment, and the
database holds what must happen once: one fixture list (12 fixtures, not 24), one
league, one next season, one sheet of cards, one team and one member of a name, one
merge of two members crossing (nothing vanishes), one players' cup, one knockout final
opened by two ties decided at once, one confirmation and one signature logged, a round
started once beside its season, PIN tries and table codes capped at their limits. No
answer is a 5xx. One server per database, several races each; on SQLite and PostgreSQL."""

from __future__ import annotations

import re
import threading
import uuid

import pytest
import sqlalchemy as sa
from conftest import DATABASES, postgres_url
from eventhelpers import Director
from leaguehelpers import WIN, League, LeagueSecretary, make_league, sign_with_pin, slots
from memberhelpers import Secretary, secretary_link
from realserver import ServedApp, Server
from test_knockouts import bracket_rows
from webhelpers import Phone

pytestmark = pytest.mark.timeout(600)
ONCE = re.compile(r'name="once" value="([A-Za-z0-9_-]+)"')


class Served(ServedApp):
    """The real server, and its database read directly (`count`)."""

    def __init__(self, server: Server, url: str, connect_args: dict):
        super().__init__(server)
        self.engine = sa.create_engine(url, connect_args=connect_args)

    def count(self, sql: str, **params) -> int:
        with self.engine.connect() as c:
            return c.execute(sa.text(f"SELECT count(*) FROM {sql}"), params).scalar_one()


@pytest.fixture(scope="module", params=DATABASES)
def served(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(f"once-{request.param}")
    cleanup = None
    if request.param == "sqlite":
        url = f"sqlite:///{folder / 'referee.sqlite'}"
        server = Server(folder, DATABASE_URL=url, SECRET_KEY="once")
        app = Served(server, url, {})
    else:
        url = postgres_url()
        schema = "t_" + uuid.uuid4().hex[:16]
        admin = sa.create_engine(url)
        with admin.begin() as c:
            c.execute(sa.text(f"CREATE SCHEMA {schema}"))
        sep = "&" if "?" in url else "?"
        server = Server(
            folder, DATABASE_URL=f"{url}{sep}options=-csearch_path%3D{schema}", SECRET_KEY="once"
        )
        app = Served(server, url, {"options": f"-csearch_path={schema}"})

        def cleanup():
            with admin.begin() as c:
                c.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
            admin.dispose()

    yield app
    server.stop()
    app.engine.dispose()
    if cleanup:
        cleanup()


def at_once(n: int, send) -> list:
    """`send(i)` from n threads released together; their answers, in order."""
    gate = threading.Barrier(n)
    out: list = [None] * n

    def run(i):
        gate.wait()
        out[i] = send(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out


def statuses(answers) -> list[int]:
    codes = sorted(a.status_code for a in answers)
    assert all(c < 500 for c in codes), [a.get_data(as_text=True)[:1500] for a in answers]
    return codes


def once_key(html: str, form: str) -> str:
    return ONCE.search(html.split(f'id="{form}"', 1)[1]).group(1)


# -- a league's season -----------------------------------------------------------------------------
def four_teams(served, name: str) -> tuple[LeagueSecretary, str, int]:
    """A league of four teams in one division: (its secretary, key, id)."""
    _, key, league = make_league(served, name=name)
    sec = LeagueSecretary(served.test_client(), key)
    division = sec.division("Premier")
    for team in ("Anchor", "Bell", "Crown", "Dove"):
        sec.team(team, division)
    return sec, key, league


def test_a_team_added_by_six_phones_at_once_is_added_once(served):
    _, key, league = make_league(served, name="Team League")
    sec = LeagueSecretary(served.test_client(), key)
    division = sec.division("Premier")
    for name in ("Bell", "Crown", "Dove"):
        teams = at_once(
            6,
            lambda i, name=name: sec.post(
                f"/league/{key}/team", {"name": name, "division": division}
            ),
        )
        assert statuses(teams).count(302) >= 1
        assert (
            served.count("league_teams WHERE league_id = :l AND name = :n", l=league, n=name) == 1
        )


def test_the_fixture_list_made_by_three_taps_is_made_once(served):
    sec, key, league = four_teams(served, "Fixture League")
    made = at_once(3, lambda i: sec.post(f"/league/{key}/fixtures"))
    codes = statuses(made)
    # four teams, home and away: 12 fixtures, not 24 or 36
    assert served.count("league_fixtures WHERE league_id = :l", l=league) == 12
    assert codes == [302, 302, 302]
    assert served.count("league_log WHERE league_id = :l AND what = 'fixtures'", l=league) == 1
    ics = sec.get(f"/leagues/{league}/fixtures.ics").get_data(as_text=True)
    assert ics.count("BEGIN:VEVENT") == 12


def test_the_next_season_made_by_a_double_tap_and_another_phone_is_made_once(served):
    sec, key, league = four_teams(served, "Next League")
    assert sec.post(f"/league/{key}/fixtures").status_code == 302
    page = sec.get(f"/league/{key}/next", query_string={"up": 0, "down": 0}).get_data(as_text=True)
    form = {"up": 0, "down": 0, "starts": "2027-09-01", "once": once_key(page, "apply-form")}
    forms = [form, form, form, form | {"once": "o" * 22}]
    nxt = at_once(4, lambda i: sec.post(f"/league/{key}/next", forms[i]))
    codes = statuses(nxt)
    assert served.count("leagues WHERE previous_id = :l", l=league) == 1
    assert codes == [302] * 4
    assert len({a.location for a in nxt[:3]}) == 1  # the same form: the same page


def test_a_league_made_by_a_double_tap_and_by_two_phones_is_made_once(served):
    club = Secretary(served.test_client(), secretary_link(served))
    page = club.get(f"/club/{club.key}/leagues").get_data(as_text=True)
    form = {
        "name": "Tapped League",
        "year": "2026",
        "starts": "2026-09-01",
        "preset": "leek",
        "variant": "five-up",
        "once": once_key(page, "league-form"),
    }
    other = Secretary(served.test_client(), club.key)
    answers = at_once(
        4,
        lambda i: (club if i < 3 else other).post(
            f"/club/{club.key}/leagues", form | ({"once": "p" * 22} if i == 3 else {})
        ),
    )
    codes = statuses(answers)
    assert served.count("leagues WHERE name = 'Tapped League'") == 1
    assert codes == [302] * 4
    # the twins lead to one page: the made page (its link) if one of them made it, else the
    # club's leagues, saying it is made; the other phone's answer to the other
    assert len({a.location for a in answers[:3]}) == 1
    senders = zip((club, other), answers[2:], strict=True)
    pages = [c.get(a.location).get_data(as_text=True) for c, a in senders]
    links = [re.search(r'id="league-key" href="([^"]+)"', p) for p in pages]
    assert sum(link is not None for link in links) == 1
    told = pages[links.index(None)]
    assert "The league Tapped League 2026 is made already." in told


# -- the club's members ----------------------------------------------------------------------------
def test_a_member_added_by_six_taps_at_once_is_added_once(served):
    club = Secretary(served.test_client(), secretary_link(served))
    club.csrf  # noqa: B018  (one session for the taps)
    for name in ("Zed", "Yan", "Xi"):
        added = at_once(
            6, lambda i, name=name: club.post(f"/club/{club.key}/add", {"name": name, "short": ""})
        )
        assert 302 in statuses(added)
        assert served.count("members WHERE name = :n", n=name) == 1


def test_new_cards_printed_by_three_taps_are_one_sheet_that_works(served):
    """Before: each tap made new cards, and the sheet shown was dead cards."""
    club = Secretary(served.test_client(), secretary_link(served))
    ids = [club.add(f"Card {n}") for n in range(3)]
    before = served.count("club_actions WHERE what IN ('card', 'first card')")
    form = {"member": ids, "once": once_key(club.roster(), "cards-form")}
    printed = at_once(3, lambda i: club.post(f"/club/{club.key}/cards", form))
    codes = statuses(printed)
    assert (
        served.count("club_actions WHERE what IN ('card', 'first card')") - before == 3
    )  # a card each, once
    assert codes == [302] * 3 and len({a.location for a in printed}) == 1
    sheet = club.get(printed[0].location).get_data(as_text=True)
    for member in ids:  # the cards the sheet shows are the cards that work
        token = re.search(rf'id="link-{member}">[^<]*/m/([A-Za-z0-9_-]+)<', sheet).group(1)
        assert club.get(f"/m/{token}").status_code == 200
    cards = re.compile(r'id="(?:link|pin)-\d+">([^<]+)<')
    again = club.get(printed[0].location).get_data(as_text=True)
    assert cards.findall(again) == cards.findall(sheet) != []  # a reload: the same cards


def test_a_into_b_and_b_into_a_at_once_merge_once_and_nobody_vanishes(served):
    club = Secretary(served.test_client(), secretary_link(served))
    for n in range(5):
        a, b = club.add(f"Twin A{n}"), club.add(f"Twin B{n}")
        pairs = [(a, b), (b, a)]
        answers = at_once(
            2,
            lambda i, pairs=pairs: club.post(
                f"/club/{club.key}/merge",
                {"gone": pairs[i][0], "kept": pairs[i][1], "confirm": "1"},
            ),
        )
        assert 302 in statuses(answers)
        assert served.count("members WHERE id IN (:a, :b) AND merged_into IS NULL", a=a, b=b) == 1
        roster = club.roster()
        assert (f">Twin A{n}<" in roster) != (f">Twin B{n}<" in roster)  # exactly one stays


# -- a fixture night -------------------------------------------------------------------------------
WHERE = "league_log WHERE fixture_id = :f AND what = :w"


def entered(served, name: str, teams: list[str]):
    """A fixture of a new league of two teams, both line-ups and the nine scores entered:
    (the league, the fixture, the away side's captain)."""
    lg = League(served, {"Premier": teams}, name=name)
    fixture_id, home, away = lg.fixtures[0]
    hc, ac = lg.captain(home), lg.captain(away)
    hc.lineup(fixture_id, slots(lg.squads[home]))
    ac.lineup(fixture_id, slots(lg.squads[away]))
    for game in range(9):
        hc.score(fixture_id, game, [WIN])
    return lg, fixture_id, ac


def test_a_players_cup_made_by_three_taps_at_once_is_made_once(served):
    lg = League(served, {"Premier": ["Kite", "Lark"]}, name="Cup League")
    sent = {"kind": "singles", "player": lg.squads["Kite"] + lg.squads["Lark"]}
    made = at_once(3, lambda i: lg.sec.post(f"/league/{lg.sec.key}/player-cup", sent))
    assert statuses(made) == [302, 302, 302]
    assert len({a.location for a in made}) == 1  # each tap shown the one cup's page
    assert served.count("league_player_cups WHERE league_id = :l", l=lg.id) == 1
    assert served.count("events WHERE name LIKE 'Cup League%'") == 1
    assert served.count("entrants") >= 12


def test_a_confirmation_and_a_signature_sent_four_times_at_once_are_entered_once(served):
    lg, fixture_id, ac = entered(served, "Confirm League", ["Eagle", "Falcon"])
    confirm = {"what": "confirm", "game": 0}
    confirms = at_once(4, lambda i: ac.post(f"/m/{ac.token}/fixture/{fixture_id}", confirm))
    codes = statuses(confirms)
    assert served.count(WHERE, f=fixture_id, w="confirm") == 1
    assert codes == [302] * 4
    for game in range(1, 9):
        ac.confirm(fixture_id, game)
    signs = at_once(4, lambda i: ac.post(f"/m/{ac.token}/fixture/{fixture_id}", {"what": "sign"}))
    codes = statuses(signs)
    assert served.count(WHERE, f=fixture_id, w="sign") == 1
    assert codes == [302] * 4


def test_a_signature_with_a_pin_sent_by_three_phones_at_once_is_entered_once(served):
    lg, fixture_id, ac = entered(served, "Pin League", ["Gull", "Heron"])
    for game in range(9):
        ac.confirm(fixture_id, game)
    _, home, _ = lg.fixtures[0]
    pin = lg.captains[home][1]
    right = at_once(3, lambda i: sign_with_pin(Phone(served.test_client()), fixture_id, 0, pin))
    codes = statuses(right)
    assert served.count(WHERE, f=fixture_id, w="sign") == 1
    assert codes == [302] * 3


def test_ten_wrong_pins_at_once_five_counted(served):
    """Before: counted, then scrypt, then inserted: ten tries in parallel all went through."""
    lg = League(served, {"Premier": ["Ibis", "Jay"]}, name="Tries League")
    fixture_id, home, away = lg.fixtures[0]
    lg.play(fixture_id, home, away, wins=5, sign=False)
    pin = lg.captains[home][1]
    bad = str((int(pin) + 1) % 10**6).zfill(6)
    lg.public.csrf  # noqa: B018  (one session for the ten)
    tries = at_once(10, lambda i: sign_with_pin(lg.public, fixture_id, 0, bad))
    codes = statuses(tries)
    tried = "pin_tries JOIN members ON members.id = pin_tries.member_id WHERE members.name = :n"
    assert served.count(tried, n=f"Ann {home}") == 5
    assert set(codes) <= {403, 429} and codes.count(429) >= 5
    assert sign_with_pin(lg.public, fixture_id, 0, pin).status_code == 429  # now it waits


# -- an event --------------------------------------------------------------------------------------
def test_a_round_started_by_three_taps_beside_its_season_starts_once(served):
    """Before: the round's matches were committed one by one, so a second "Start" (or the
    season's page meanwhile) found half a round, and one answer was a 500."""
    club = Secretary(served.test_client(), secretary_link(served))
    r = club.post(f"/club/{club.key}/seasons", {"name": "Race season", "places": ""})
    season = r.location.rsplit("/", 1)[1]
    for n in range(3):
        director = Director(served.test_client())
        names = [f"P{n}{k}" for k in range(8)]
        token = director.create("five-up", names, name=f"Race night {n}", format="swiss")
        director.act(token, "pair")
        page = club.get(f"/club/{club.key}/seasons/{season}").get_data(as_text=True)
        event = re.search(rf'<option value="(\d+)">Race night {n} ', page).group(1)

        def send(i, token=token, event=event, director=director):
            if i < 3:
                return director.post(f"/e/{token}/start", {"round": 1})
            return club.post(f"/club/{club.key}/seasons/{season}/events", {"event": event})

        answers = at_once(4, send)
        codes = statuses(answers)
        assert served.count("event_actions WHERE event_id = :e AND what = 'started'", e=event) == 1
        assert served.count("matches WHERE event_id = :e", e=event) == 4  # four tables, once
        assert served.count("season_events WHERE event_id = :e", e=event) == 1
        assert (
            served.count(
                "event_games JOIN event_tables ON event_tables.id = event_games.table_id "
                "JOIN rounds ON rounds.id = event_tables.round_id WHERE rounds.event_id = :e",
                e=event,
            )
            == 4
        )
        assert codes.count(302) >= 2 and set(codes) <= {302, 409}
        assert director.get(f"/e/{token}").status_code == 200
        assert club.get(f"/season/{season}").status_code == 200


def test_a_knockout_final_opened_by_two_ties_decided_at_once_opens_once(served):
    """Both semi-finals settled at the same moment: each request, its own work committed,
    may find the final ready and open it; the unique keys of a round and a table leave one
    final, neither answer fails, and the director's page shows it all at once."""
    for n in range(4):
        director = Director(served.test_client())
        names = [f"K{n}{k}" for k in range(4)]
        token = director.create("five-up", names, name=f"Cup night {n}", format="knockout")
        director.act(token, "pair", {"round": 1})
        director.act(token, "start", {"round": 1})
        semis = list(dict.fromkeys(director.table_ids(token)))
        assert len(semis) == 2
        answers = at_once(
            2,
            lambda i, token=token, semis=semis, director=director: director.post(
                f"/e/{token}/tables/{semis[i]}/forfeit", {"score": ["61", "0"], "confirm": "1"}
            ),
        )
        assert statuses(answers) == [302, 302]
        event = served.count("events WHERE name = :n", n=f"Cup night {n}")
        assert event == 1
        rounds = "rounds JOIN events ON events.id = rounds.event_id WHERE events.name = :n"
        assert served.count(rounds, n=f"Cup night {n}") == 2  # the semi-finals, the final
        tables = (
            "event_tables JOIN rounds ON rounds.id = event_tables.round_id "
            "JOIN events ON events.id = rounds.event_id WHERE events.name = :n"
        )
        assert served.count(tables, n=f"Cup night {n}") == 3  # two semi-finals, one final
        # the director's page shows both acts at once (it showed a check made before them,
        # the spectators' lag, until it was read at the event's version)
        rows = bracket_rows(director.page(token))
        assert [r[3] for r in rows] == [f"K{n}0", f"K{n}1", "playing"]  # the final, open


# -- table codes -----------------------------------------------------------------------------------
def test_twenty_codes_at_once_from_one_client_ten_counted(served):
    """Before: counted, then inserted: eleven (or more) were tried."""
    phone = Phone(served.test_client())
    phone.csrf  # noqa: B018
    before = served.count("code_attempts")
    answers = at_once(20, lambda i: phone.post("/code", {"code": "ZZZZ ZZZZ"}))
    codes = statuses(answers)
    assert served.count("code_attempts") - before == 10
    assert codes.count(404) == 10 and codes.count(429) == 10
