"""Starting a match: the engine accepts its players and options, then it is stored with
its first hand. The start form and an event's tables start their matches here, and ask
what the engine says of a number of players, of names, of a set and of the options."""

from __future__ import annotations

from flask_babel import ngettext

from referee.engine import SetupError, get_variant
from referee.engine import names as names_rule
from referee.engine.match import Match as EngineMatch
from referee.engine.match import check_count
from referee.engine.tiles import tile_set

from ..errors import Refused
from ..i18n import say
from ..models import Hand, Match
from ..store import db
from ..table.transaction import writes


# -- starting a match ---------------------------------------------------------------------
@writes
def create_match(
    variant: str, names: list[str], options: dict, language: str | None = None
) -> Match:
    """Store a new match after the engine accepts its players and options (SetupError is
    turned into Refused(400), naming the field); `language`: the table's language."""
    row = new_match(variant, names, options, language)
    db.session.commit()
    return row


def new_match(variant: str, names: list[str], options: dict, language: str | None = None) -> Match:
    """A new match as `create_match` makes it, flushed in the caller's transaction and not
    committed: an event's round or a league's fixture starts its tables in the write that
    starts them, all or nothing."""
    try:
        engine = EngineMatch(variant, names, options)
    except SetupError as e:
        field_name = "names" if e.field == "players" else e.field
        refused = Refused(400, e.message, e.rule, field=field_name)
        refused.seat = e.seat
        raise refused from None
    row = Match(
        variant=engine.variant.name,
        players=list(engine.players),
        options=engine.options,
        language=language or None,
    )
    row.hands.append(Hand(number=1))
    db.session.add(row)
    db.session.flush()
    return row


def name_faults(names: list[str]) -> dict[int, str]:
    """What the engine finds wrong with each name, by seat (C-NAMES)."""
    return names_rule.faults(names)


def count_refused(variant: str, players: int) -> Refused | None:
    """Why the engine refuses this many players for the variant (None: it does not)."""
    try:
        check_count(get_variant(variant), players)
    except SetupError as e:
        return Refused(400, e.message, e.rule, field="count")
    return None


def set_name(variant: str, players: int, options: dict | None = None) -> str:
    """The set a number of players implies under these options (none: the defaults),
    e.g. "double-nine, 55 tiles"."""
    v = get_variant(variant)
    options = v.options(options or {})
    n = len(tile_set(v.max_pip(players, options)))
    return ngettext(
        "%(set)s, %(num)d tile", "%(set)s, %(num)d tiles", n, set=say(v.set_name(players, options))
    )


def default_options(variant: str, options: dict | None = None) -> dict:
    """The options the engine fills in (the default target...)."""
    return get_variant(variant).options(options or {})
