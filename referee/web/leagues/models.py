"""What the database keeps of a league: the league (its match format as JSON, the
secretary's link as a digest), its divisions, teams, squads (one team each per league:
the primary key is the league and the member), fixtures, and the league's log: every act
of the secretary and every entry of a fixture's sheet, in order, never rewritten (a
fixture's sheet is what replaying its entries gives: `referee.leagues.sheet`).

Once means once (`web.once`): a league's name is unique in its year and a team's in its
league (`name_key`, unique keys), a league has one next season (`previous_id`, unique),
and its fixture list is made once (`fixtures_made`, claimed by a conditional update)."""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlalchemy.orm import validates

from ..models import name_key, now
from ..store import db


class League(db.Model):
    """A league's season: its name, year and dates (the coordinator may link it to a
    club's season later), the variant its games are played in, its match format."""

    __tablename__ = "leagues"
    __table_args__ = (UniqueConstraint("name_key", "year"),)

    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(60), nullable=False)
    name_key = db.Column(db.String(64), nullable=False)
    year = db.Column(db.Integer, nullable=False)
    starts = db.Column(db.Date, nullable=False)
    weekday = db.Column(db.Integer, nullable=False)
    variant = db.Column(db.String(40), nullable=False)
    format = db.Column(db.JSON, nullable=False)
    key_digest = db.Column(db.String(64), nullable=False, unique=True)
    previous_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), nullable=True, unique=True)
    fixtures_made = db.Column(db.DateTime, nullable=True)  # None: the list is not made yet
    # the club's season it belongs to, where the secretary links them (`season_link`)
    season_id = db.Column(
        db.Integer, db.ForeignKey("seasons.id", ondelete="SET NULL"), nullable=True
    )
    created = db.Column(db.DateTime, nullable=False, default=now)

    @validates("name")
    def _keyed(self, _key, value: str) -> str:
        self.name_key = name_key(value)
        return value


class Division(db.Model):
    __tablename__ = "league_divisions"

    id = db.Column(db.Integer, primary_key=True)
    league_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), nullable=False, index=True)
    name = db.Column(db.String(40), nullable=False)
    rank = db.Column(db.Integer, nullable=False)  # 1: the top division


class Team(db.Model):
    __tablename__ = "league_teams"
    __table_args__ = (UniqueConstraint("league_id", "name_key"),)

    id = db.Column(db.Integer, primary_key=True)
    league_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), nullable=False, index=True)
    division_id = db.Column(db.Integer, db.ForeignKey("league_divisions.id"), nullable=False)
    name = db.Column(db.String(40), nullable=False)
    name_key = db.Column(db.String(64), nullable=False)
    captain_id = db.Column(db.Integer, db.ForeignKey("members.id"), nullable=True)

    @validates("name")
    def _keyed(self, _key, value: str) -> str:
        self.name_key = name_key(value)
        return value


class SquadPlayer(db.Model):
    """A member registered for a team for the league's season: one team each; `removed`:
    when the secretary took him off the squad (the row stays: the sheets he played keep
    his name; registering him again puts him back)."""

    __tablename__ = "league_squads"

    league_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), primary_key=True)
    member_id = db.Column(db.Integer, db.ForeignKey("members.id"), primary_key=True)
    team_id = db.Column(db.Integer, db.ForeignKey("league_teams.id"), nullable=False, index=True)
    registered = db.Column(db.DateTime, nullable=False, default=now)
    removed = db.Column(db.DateTime, nullable=True)


class Fixture(db.Model):
    """A fixture of the list as generated (its date then: a postponement is an entry of
    its sheet); `version` moves on with every entry (the lock every write checks). A cup
    tie is a fixture too (`cup_id`, `cup_tie`: its tie of the cup's bracket, one each)."""

    __tablename__ = "league_fixtures"
    __table_args__ = (UniqueConstraint("cup_id", "cup_tie"),)

    id = db.Column(db.Integer, primary_key=True)
    league_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), nullable=False, index=True)
    division_id = db.Column(db.Integer, db.ForeignKey("league_divisions.id"), nullable=False)
    night = db.Column(db.Integer, nullable=False)
    day = db.Column(db.Date, nullable=False)
    home_id = db.Column(db.Integer, db.ForeignKey("league_teams.id"), nullable=False)
    away_id = db.Column(db.Integer, db.ForeignKey("league_teams.id"), nullable=False)
    version = db.Column(db.Integer, nullable=False, default=0)
    cup_id = db.Column(db.Integer, db.ForeignKey("league_cups.id"), nullable=True)
    cup_tie = db.Column(db.String(10), nullable=True)


class LeagueEntry(db.Model):
    """One entry of the league's log: `fixture_id` set, an entry of that fixture's sheet
    (`params` as `referee.leagues.sheet.Sheet.apply` reads it); else an act of the
    secretary. `by`: who made it ("home", "away", "secretary")."""

    __tablename__ = "league_log"

    id = db.Column(db.Integer, primary_key=True)
    league_id = db.Column(db.Integer, db.ForeignKey("leagues.id"), nullable=False, index=True)
    fixture_id = db.Column(
        db.Integer, db.ForeignKey("league_fixtures.id"), nullable=True, index=True
    )
    at = db.Column(db.DateTime, nullable=False, default=now)
    by = db.Column(db.String(20), nullable=False)
    what = db.Column(db.String(20), nullable=False)
    params = db.Column(db.JSON, nullable=False)
