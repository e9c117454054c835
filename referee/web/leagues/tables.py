"""What a league's public pages and exports show, replayed from the fixtures' sheets: each
division's table (`referee.leagues.table`, its ordering rule stated), the players'
averages with the variant's own figure (`Variant.figure`), the results, the fixture list;
the CSV and JSON exports and the ICS calendar (the `icalendar` package), sent through
`downloads`."""

from __future__ import annotations

import json
from datetime import UTC, datetime, time, timedelta

import icalendar
from flask_babel import gettext as _

from referee.collation import name_key
from referee.leagues.formats import runs
from referee.leagues.table import ORDER, Appearance, averages, table

from .. import downloads
from . import cups, service
from . import night as nights
from .models import Division, League

EVENING = time(19, 30)  # a fixture night's start in the calendar (local time, floating)
NIGHT_HOURS = 3


def _nights(lg: League, division: Division | None = None) -> list[nights.Night]:
    squads = nights.squads(lg)
    return [nights.load(fx, squads) for fx in service.fixtures(lg, division)]


def division_table(lg: League, d: Division, played: list | None = None):
    played = played if played is not None else _nights(lg, d)
    fmt = service.fmt(lg)
    results = []
    for n in played:
        s = n.sheet.final()
        if s is not None:
            results.append((n.fixture.home_id, n.fixture.away_id, s))
    return table({t.id: t.name for t in service.teams(lg, d)}, results, fmt.counts)


def seeded(lg: League) -> list[int]:
    """The league's teams in the order of its tables, the top division's first (a cup
    drawn by the table)."""
    return [row.team for d in service.divisions(lg) for row in division_table(lg, d)]


def order_rule(lg: League) -> str:
    figure = _("legs") if service.fmt(lg).counts == "legs" else _("games")
    return _(ORDER, figure=figure)


def rules_view(lg: League) -> dict:
    """What the league plays by, as its pages state it (`leagues/_macros.html`
    league_rules): the format, the variant, the tables' target, the games as runs."""
    f = service.fmt(lg)
    targets = {size: service.options(lg, size)["target"] for size in sorted(f.sizes)}
    if len(set(targets.values())) > 1:  # Leek: singles to 61, doubles to 121
        games = {1: _("singles"), 2: _("doubles")}
        target = ", ".join(f"{t} ({games.get(s, s)})" for s, t in targets.items())
    else:
        target = next(iter(targets.values()), service.options(lg)["target"])
    return {
        "fmt": f,
        "variant": service.variant(lg),
        "target": target,
        "runs": runs(f.games),
    }


def appearances(n: nights.Night) -> list[Appearance]:
    """Every player of the night's decided games, with their side's totals per leg."""
    out = []
    sheet = n.sheet
    if sheet.final() is None or sheet.absent is not None:
        return out
    for i in range(len(sheet.games)):
        if sheet.game_state(i) != "decided":
            continue
        winner, _won = sheet.game_result(i)
        legs = sheet.games[i].legs or []
        for side in (0, 1):
            for member in (sheet.lineups[side] or [])[i]:
                out.append(
                    Appearance(
                        member,
                        None if winner is None else winner == side,
                        tuple(x.home if side == 0 else x.away for x in legs),
                        tuple(x.hands for x in legs),
                    )
                )
    return out


def league_view(lg: League) -> dict:
    """Everything the public page shows, in one replay of every sheet."""
    all_nights = _nights(lg)
    ds = service.divisions(lg)
    names = {t.id: t.name for t in service.teams(lg)}
    tables = []
    for d in ds:
        played = [n for n in all_nights if n.fixture.division_id == d.id]
        tables.append((d, division_table(lg, d, played), played))
    v = service.variant(lg)
    people = {}
    for n in all_nights:
        people.update(n.names())
    games = [a for n in all_nights for a in appearances(n)]
    figure = v.figure
    avg = averages(people, games, figure.per if figure else None)
    return {
        "league": lg,
        "fmt": service.fmt(lg),
        "variant": v,
        "figure": figure,
        "tables": tables,
        "averages": avg,
        "team_names": names,
        "rule": order_rule(lg),
        "rules": rules_view(lg),
    }


def fixture_list(lg: League) -> dict:
    """The printable fixture list: per division its nights' fixtures and the team with a
    bye each night (a team of the division not playing then)."""
    names = {t.id: t.name for t in service.teams(lg)}
    divisions = []
    for d in service.divisions(lg):
        played = _nights(lg, d)
        teams = {t.id for t in service.teams(lg, d)}
        byes = {}
        for number in sorted({n.fixture.night for n in played}):
            busy = {
                t
                for n in played
                if n.fixture.night == number
                for t in (n.fixture.home_id, n.fixture.away_id)
            }
            byes[number] = sorted((names[t] for t in teams - busy), key=name_key)
        divisions.append((d, played, byes))
    return {"divisions": divisions, "names": names, "cups": cups.cup_nights(lg)}


# -- exports ---------------------------------------------------------------------------------------
FIELDS = [
    "division",
    "place",
    "team",
    "played",
    "won",
    "drawn",
    "lost",
    "for",
    "against",
    "difference",
    "points",
]


def table_rows(view: dict) -> list[dict]:
    return [
        {
            "division": d.name,
            "place": r.place,
            "team": r.name,
            "played": r.played,
            "won": r.won,
            "drawn": r.drawn,
            "lost": r.lost,
            "for": r.scored,
            "against": r.conceded,
            "difference": r.difference,
            "points": r.points,
        }
        for d, rows, _played in view["tables"]
        for r in rows
    ]


def stem(lg: League) -> str:
    return f"{lg.name} {lg.year}"


def csv_file(lg: League):
    return downloads.send(
        downloads.csv_text(table_rows(league_view(lg)), FIELDS),
        f"{stem(lg)}-table.csv",
        downloads.CSV,
    )


def json_file(lg: League):
    view = league_view(lg)
    rows = table_rows(view)
    body = {
        "league": lg.name,
        "year": lg.year,
        "variant": lg.variant,
        "format": lg.format,
        "order": ["points", "difference", "for", "head-to-head", "name"],
        "counts": view["fmt"].counts,
        "divisions": [
            {
                "name": d.name,
                "table": [row for row in rows if row["division"] == d.name],
                "results": [
                    {
                        "fixture": n.fixture.id,
                        "date": n.day.isoformat(),
                        "home": view["team_names"][n.fixture.home_id],
                        "away": view["team_names"][n.fixture.away_id],
                        "games": list(s.games),
                        "legs": list(s.legs),
                        "points": list(s.points),
                        "no_show": None if s.no_show is None else ("home", "away")[s.no_show],
                    }
                    for n in played
                    if (s := n.sheet.final()) is not None
                ],
            }
            for d, _rows, played in view["tables"]
        ],
    }
    return downloads.send(
        json.dumps(body, ensure_ascii=False, indent=1), f"{stem(lg)}-table.json", downloads.JSON
    )


def calendar(lg: League, base_url: str) -> bytes:
    """The fixture list as an ICS calendar: one event a fixture, on its date (a
    postponed fixture on its new date), each with a stable UID."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//Domino Referee//leagues//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", stem(lg))
    names = {t.id: t.name for t in service.teams(lg)}
    divisions = {d.id: d.name for d in service.divisions(lg)}
    for n in _nights(lg):
        fx = n.fixture
        ev = icalendar.Event()
        ev.add("uid", f"league-{lg.id}-fixture-{fx.id}@domino-referee")
        ev.add("summary", f"{names[fx.home_id]} – {names[fx.away_id]}")
        start = datetime.combine(n.day, EVENING)
        ev.add("dtstart", start)
        ev.add("dtend", start + timedelta(hours=NIGHT_HOURS))
        ev.add("dtstamp", datetime.combine(fx.day, time(0, 0), tzinfo=UTC))  # stable per fixture
        ev.add("description", f"{lg.name} {lg.year}, {divisions[fx.division_id]}")
        ev.add("url", f"{base_url}/leagues/fixture/{fx.id}")
        cal.add_component(ev)
    for c, ties in cups.cup_nights(lg):
        for n in ties:
            fx = n.fixture
            ev = icalendar.Event()
            ev.add("uid", f"league-{lg.id}-fixture-{fx.id}@domino-referee")
            ev.add("summary", f"{c.name}: {names[fx.home_id]} – {names[fx.away_id]}")
            start = datetime.combine(n.day, EVENING)
            ev.add("dtstart", start)
            ev.add("dtend", start + timedelta(hours=NIGHT_HOURS))
            ev.add("dtstamp", datetime.combine(fx.day, time(0, 0), tzinfo=UTC))
            ev.add("description", f"{lg.name} {lg.year}, {c.name}")
            ev.add("url", f"{base_url}/leagues/fixture/{fx.id}")
            cal.add_component(ev)
    return cal.to_ical()


def ics_file(lg: League, base_url: str):
    return downloads.send(calendar(lg, base_url), f"{stem(lg)}-fixtures.ics", "text/calendar")
