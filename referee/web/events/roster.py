"""An event's entrants as members of the club: each name of an entrant linked to a member
(`EntrantMember`, beside the entrant: its names stay as typed), and the seats of a table's
matches linked to the members who sit there. Only an event made on the club's link (the
secretary's: `CLUB`) makes a name no member has a new member (`made`: the director may
print that member's card once); elsewhere such a name stays a plain name, as in a match
started by hand."""

from __future__ import annotations

from sqlalchemy import select

from referee.collation import by_name

from ..members import service as members
from ..members.models import Member, SeatMember
from ..store import db
from .models import Entrant, Event


class EntrantMember(db.Model):
    """The member who is name `position` of an entrant; `made`: made a member for this
    event (a name the roster did not have)."""

    __tablename__ = "entrant_members"

    entrant_id = db.Column(
        db.Integer, db.ForeignKey("entrants.id", ondelete="CASCADE"), primary_key=True
    )
    position = db.Column(db.Integer, primary_key=True)
    member_id = db.Column(db.Integer, db.ForeignKey("members.id"), nullable=False, index=True)
    made = db.Column(db.Boolean, nullable=False, default=False)


CLUB = "club"  # the event's setting: made on the club's link, so new names become members


def makes_members(event: Event) -> bool:
    """Whether a name no member has becomes a member in this event: only where its maker
    held the club's link (the secretary's)."""
    return bool(event.settings.get(CLUB))


def _members_for(names: list[str], make: bool) -> list[tuple[Member | None, bool]]:
    """The member of each name (as `members.resolve` finds them); for a name no member has,
    with `make` a new one (logged in the secretary's log; not committed here), else None:
    (member, made)."""
    out: list[tuple[Member | None, bool]] = []
    for name, m in zip(names, members.resolve(names), strict=True):
        made = m is None and make
        if made:
            m = Member(name=" ".join(name.split()))
            db.session.add(m)
            members.log("added", name=m.name)
        out.append((m, made))
    db.session.flush()
    return out


def link(event: Event, entrant: Entrant) -> None:
    """Link each name of an entrant to its member (a new member for a name no member has,
    if the event makes members: `makes_members`); a substitution links the new names, and
    a new name that is no member's is linked to nobody."""
    db.session.flush()
    have = {
        r.position: r
        for r in db.session.execute(
            select(EntrantMember).where(EntrantMember.entrant_id == entrant.id)
        ).scalars()
    }
    found = _members_for(list(entrant.members), makes_members(event))
    for position, (m, made) in enumerate(found):
        row = have.get(position)
        if m is None:
            if row is not None:  # the name there now is a plain name: not the old member
                db.session.delete(row)
        elif row is None:
            db.session.add(
                EntrantMember(entrant_id=entrant.id, position=position, member_id=m.id, made=made)
            )
        elif row.member_id != m.id:
            row.member_id, row.made = m.id, made


def _by_name(event: Event) -> dict[str, int]:
    """Each name of the event's entrants -> its member's id."""
    ids = {e.id: e for e in event.entrants}
    if not ids:
        return {}
    out = {}
    for row in db.session.execute(
        select(EntrantMember).where(EntrantMember.entrant_id.in_(list(ids)))
    ).scalars():
        names = ids[row.entrant_id].members
        if row.position < len(names):
            out[names[row.position]] = row.member_id
    return out


def seat(event: Event, match_id: int, players: list[str]) -> None:
    """Link the seats of a table's new match to the entrants' members (not committed)."""
    found = _by_name(event)
    merged = members.merged_map()
    for s, name in enumerate(players):
        if name in found:
            member_id = merged.get(found[name], found[name])
            db.session.add(SeatMember(match_id=match_id, seat=s, member_id=member_id))


def new_members(event: Event) -> list[Member]:
    """The members made for this event whose card was never printed: the director may
    print these cards once (a card printed, by anyone, is never shown again)."""
    ids = [e.id for e in event.entrants]
    if not ids:
        return []
    return by_name(
        db.session.execute(
            select(Member)
            .join(EntrantMember, EntrantMember.member_id == Member.id)
            .where(
                EntrantMember.entrant_id.in_(ids),
                EntrantMember.made.is_(True),
                Member.card_issued.is_(None),
                Member.merged_into.is_(None),
            )
        ).scalars()
    )


def datalist() -> list[str]:
    """The active members' names, for the forms' autocomplete (typed text works too)."""
    return [m.name for m in members.roster(active_only=True)]


SEED = "rating"  # the event's setting: seed the first round by rating


def seeds(event: Event) -> dict[int, float]:
    """Each entrant's rating in the event's variant, for seeding its first round: the
    conservative figure (mu - 3 sigma; a member not rated yet starts at 0); a pair's is
    the mean of its two."""
    from referee.ratings import START

    from ..members.results import club

    ladder = club().ladder(event.variant)
    merged = members.merged_map()
    found = _by_name(event)
    out = {}
    for e in event.entrants:
        figures = []
        for name in e.members:
            member_id = found.get(name)
            member_id = merged.get(member_id, member_id)
            figures.append(ladder.ratings.get(member_id, START).shown)
        out[e.id] = sum(figures) / len(figures) if figures else START.shown
    return out
