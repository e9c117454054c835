"""The roster and its writes: the secretary's link, members added, edited, deactivated,
their cards, seats of matches linked to members, two members merged; every act logged
(`ClubAction`). Nothing recorded is deleted or rewritten: a match keeps its names, a merged
member stays (pointing at the one kept), a renewed card or link replaces only a digest.

Once means once (`web.once`): a member's name is a unique key (`name_key`), a sheet of
cards is printed once (its once-key's digest a unique key), and a merge claims both
members (a conditional update of each, in the order of their ids) before it is made:
two merges of the same two members at once, either way, make one.

`resolve(names, create=...)` is the call the start and event forms will use to pick
players from the roster (names -> members, unknown names made members for an event), and
`link_seats(match_id, members)` the one that seats them in a match.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import or_, select, update

from referee.collation import by_name
from referee.engine import names as rule

from .. import once
from ..errors import Refused
from ..i18n import say
from ..models import Match, by_id, now
from ..store import db
from . import cards
from .models import CardSheet, ClubAction, ClubKey, Member, SeatMember

SHORT_MAX = 20
SEARCH_MAX = 40

ACTIONS = {
    "added": _l("%(name)s added"),
    "edited": _l("%(old)s edited: now %(name)s"),
    "deactivated": _l("%(name)s deactivated"),
    "reactivated": _l("%(name)s active again"),
    "first card": _l("A card for %(name)s"),
    "card": _l("A new card for %(name)s (the old link and PIN stop working)"),
    "linked": _l("Match %(match)s: seat %(seat)s (%(player)s) linked to %(name)s"),
    "merged": _l("%(gone)s merged into %(kept)s"),
    "first key": _l("The secretary's link"),
    "key": _l("A new secretary's link (the old one stops working)"),
    "renamed": _l("%(old)s renamed %(name)s: the name was made twice at once"),
    "unmerged": _l("%(name)s is a member again: two merges at once had hidden them"),
}


def action_text(action: ClubAction) -> str:
    return str(ACTIONS[action.what]) % action.params


def log(what: str, **params) -> None:
    db.session.add(ClubAction(what=what, params=params))


def actions(limit: int = 50) -> list[ClubAction]:
    return list(
        db.session.execute(select(ClubAction).order_by(ClubAction.id.desc()).limit(limit)).scalars()
    )


# -- the secretary's link -----------------------------------------------------------------
def secretary(token: str) -> ClubKey | None:
    """The secretary's link in force that `token` is, or None."""
    if not token or len(token) > 64:
        return None
    return db.session.execute(
        select(ClubKey).where(ClubKey.digest == cards.digest(token), ClubKey.revoked.is_(None))
    ).scalar_one_or_none()


def has_secretary() -> bool:
    return (
        db.session.execute(select(ClubKey.id).where(ClubKey.revoked.is_(None))).first() is not None
    )


def new_secretary(token: str | None = None) -> str:
    """A new secretary's link (its token: `token`, made from the form's once-key, or a
    new one); every link before it stops working. Done if it is made already (the second
    request of a double tap)."""
    token = token or cards.new_link()[0]
    with once.unique(_("The new link is made already.")):
        replaced = db.session.execute(
            update(ClubKey).where(ClubKey.revoked.is_(None)).values(revoked=now()),
            execution_options={"synchronize_session": False},
        ).rowcount
        db.session.add(ClubKey(digest=cards.digest(token)))
        log("key" if replaced else "first key")  # the first link replaces none
        db.session.commit()
    return token


# -- members ------------------------------------------------------------------------------
def member(member_id) -> Member:
    found = by_id(Member, member_id)
    if found is None:
        raise Refused(404, _("There is no such member."))
    return found


def canonical(m: Member) -> Member:
    """The member a merged member points at (itself when not merged)."""
    seen = set()
    while m.merged_into is not None and m.id not in seen:
        seen.add(m.id)
        m = db.session.get(Member, m.merged_into)
    return m


def side_members(match_id: int, sides) -> list[list[Member]]:
    """The members seated on each side of a match (`sides`: the seats of each)."""
    rows = db.session.execute(
        select(SeatMember.seat, Member)
        .join(Member, Member.id == SeatMember.member_id)
        .where(SeatMember.match_id == match_id)
    ).all()
    if not rows:
        return [[] for _ in sides]
    by_seat = {seat: canonical(m) for seat, m in rows}
    return [[by_seat[s] for s in side if s in by_seat] for side in sides]


def merged_map() -> dict[int, int]:
    """Every merged member's id -> the id of the member kept (followed to its end)."""
    pairs = dict(
        db.session.execute(
            select(Member.id, Member.merged_into).where(Member.merged_into.is_not(None))
        ).all()
    )
    out = {}
    for start in pairs:
        at, seen = start, set()
        while at in pairs and at not in seen:
            seen.add(at)
            at = pairs[at]
        out[start] = at
    return out


def roster(query: str = "", active_only: bool = False) -> list[Member]:
    """The members (not merged), by name; `query`: those whose name or short name holds it
    (compared as the engine compares names: "ana" finds "Ana" and "ANA")."""
    q = select(Member).where(Member.merged_into.is_(None))
    if active_only:
        q = q.where(Member.active.is_(True))
    found = list(db.session.execute(q).scalars())
    key = rule.same(query.strip()[:SEARCH_MAX]) if query and query.strip() else ""
    if key:
        found = [m for m in found if key in rule.same(m.name) or key in rule.same(m.short or "")]
    return by_name(found)


def _check_name(name: str, short: str, field: str, other: Member | None = None) -> tuple:
    name = " ".join((name or "").split())
    short = " ".join((short or "").split())
    fault = rule.faults([name]).get(0)
    if fault is not None:
        raise Refused(400, say(fault), "C-NAMES", field=field)
    if short:
        if len(short) > SHORT_MAX:
            raise Refused(
                400,
                _("A short name is at most %(n)s characters.", n=SHORT_MAX),
                field="short",
            )
        fault = rule.faults([short]).get(0)
        if fault is not None:
            raise Refused(400, say(fault), "C-NAMES", field="short")
    key = rule.same(name)
    for m in roster():
        if m is not other and rule.same(m.name) == key:
            raise Refused(
                409,
                _(
                    "%(name)s is already a member: every member needs a different name.",
                    name=m.name,
                ),
                "C-NAMES",
                field=field,
            )
    return name, short or None


def _taken(name: str, field: str = "name"):
    """The refusal of a name another member holds (the unique key's answer)."""
    return lambda: Refused(
        409,
        _("%(name)s is already a member: every member needs a different name.", name=name),
        "C-NAMES",
        field=field,
    )


def add(name: str, short: str = "") -> Member:
    """A new member, active, without a card yet."""
    name, short = _check_name(name, short, "name")
    m = Member(name=name, short=short)
    with once.unique(_taken(name)):
        db.session.add(m)
        log("added", name=name)
        db.session.commit()
    return m


def edit(m: Member, name: str, short: str) -> Member:
    """A member's name and short name changed (the names recorded in matches stay)."""
    if m.merged_into is not None:
        raise Refused(409, _("%(name)s was merged into another member.", name=m.name))
    old = m.name
    name, short = _check_name(name, short, "name", other=m)
    with once.unique(_taken(name)):
        if (name, short) != (m.name, m.short):
            m.name, m.short, m.updated = name, short, now()
            log("edited", old=old, name=name)
        db.session.commit()
    return m


def set_active(m: Member, active: bool) -> Member:
    """Active or not, once: the second request finds it so (Done)."""
    if m.merged_into is not None:
        raise Refused(409, _("%(name)s was merged into another member.", name=m.name))
    name = m.name
    once.claim(
        update(Member)
        .where(Member.id == m.id, Member.merged_into.is_(None), Member.active.is_(not active))
        .values(active=active, updated=now()),
        lambda: (
            _("%(name)s is active already.", name=name)
            if active
            else _("%(name)s is not active already.", name=name)
        ),
    )
    log("reactivated" if active else "deactivated", name=name)
    db.session.commit()
    db.session.refresh(m)
    return m


def print_cards(key: str, place: str, chosen: list[Member]) -> CardSheet:
    """A sheet of new cards for the members `chosen` (not merged), made once from the
    form's once-key `key` (`cards.derived`: its page shows them from its address); the
    members' old cards stop working (only their digests were kept, and they are
    replaced). Done if this sheet is printed already (the second request of a double
    tap, which is shown the same sheet)."""
    for m in chosen:
        if m.merged_into is not None:
            raise Refused(409, _("%(name)s was merged into another member.", name=m.name))
    sheet = CardSheet(key_digest=cards.digest(key), place=place, members=[m.id for m in chosen])
    with once.unique(_("These cards are printed already: this is their sheet.")):
        db.session.add(sheet)
        db.session.flush()  # the sheet first: its twin stops here, before any card changes
        for m in chosen:
            token, pin = cards.derived(key, m.id)
            first = m.card_issued is None  # no old card to stop
            m.link_digest, m.pin_hash = cards.digest(token), cards.hash_pin(pin)
            m.card_issued = m.updated = now()
            log("first card" if first else "card", name=m.name)
        db.session.commit()
    return sheet


def card_sheet(key: str, place: str) -> tuple[CardSheet, list[tuple[Member, str, str, bool]]]:
    """The sheet of once-key `key` printed at `place`, with each card: (member, link
    token, PIN, still in force: False once a newer card replaced it). Refused(404) for
    no such sheet there."""
    sheet = db.session.execute(
        select(CardSheet).where(CardSheet.key_digest == cards.digest(key))
    ).scalar_one_or_none()
    if sheet is None or sheet.place != place:
        raise Refused(404, _("There is no page at this link."))
    out = []
    for member_id in sheet.members:
        m = db.session.get(Member, member_id)
        token, pin = cards.derived(key, member_id)
        out.append((m, token, pin, m.link_digest == cards.digest(token)))
    return sheet, out


def by_link(token: str) -> Member | None:
    """The member whose personal link `token` is (a merged member's: the one kept)."""
    if not token or len(token) > 64:
        return None
    m = db.session.execute(
        select(Member).where(Member.link_digest == cards.digest(token))
    ).scalar_one_or_none()
    return canonical(m) if m is not None else None


def resolve(names: list[str], create: bool = False) -> list[Member | None]:
    """The members with these names (as the engine compares names; a short name counts
    too), in order: None for a name no member has, or with `create` a new member made for
    it (an event's entrants are always members). Active members first."""
    found = roster()
    by_key: dict[str, Member] = {}
    for m in sorted(found, key=lambda m: not m.active):
        by_key.setdefault(rule.same(m.name), m)
    for m in found:
        if m.short:
            by_key.setdefault(rule.same(m.short), m)
    out: list[Member | None] = []
    for name in names:
        m = by_key.get(rule.same((name or "").strip()))
        if m is None and create:
            m = add(name)
            by_key[rule.same(m.name)] = m
        out.append(m)
    return out


# -- seats --------------------------------------------------------------------------------
def seated(match_id: int) -> dict[int, Member]:
    """The members seated in a match, by seat (a merged member: the one kept)."""
    rows = db.session.execute(
        select(SeatMember.seat, Member)
        .join(Member, Member.id == SeatMember.member_id)
        .where(SeatMember.match_id == match_id)
    ).all()
    return {seat: canonical(m) for seat, m in rows}


def link_seats(match_id: int, members: dict[int, int]) -> None:
    """Link seats of a match to members ({seat: member id}); the match's names stay as
    recorded. Refused: a seat the match has not, a merged member, one member at two seats.
    The match's version moves on (its pages show who may sign). A locked match may be
    linked: its record does not change."""
    seat_members(match_id, members)
    db.session.commit()


def seat_members(match_id: int, members: dict[int, int]) -> None:
    """`link_seats` in the caller's transaction (not committed). Its first statement adds
    one to the match's version, which locks the match's row until the commit: two links
    of one match's seats are made one after the other (a seat is linked once)."""
    if not once.claimed(
        update(Match).where(Match.id == match_id).values(version=Match.version + 1, updated=now())
    ):
        db.session.rollback()
        raise Refused(404, _("There is no such match."))
    try:
        _seat(db.session.get(Match, match_id), members)
    except Refused:
        db.session.rollback()
        raise


def _seat(match: Match, members: dict[int, int]) -> None:
    have = {s: m.id for s, m in seated(match.id).items()}
    wanted = dict(have)
    chosen = {}
    for seat, member_id in members.items():
        seat = int(seat)
        if not 0 <= seat < len(match.players):
            raise Refused(400, _("There is no player %(number)s.", number=seat + 1))
        m = member(member_id)
        if m.merged_into is not None:
            raise Refused(409, _("%(name)s was merged into another member.", name=m.name))
        wanted[seat] = m.id
        chosen[seat] = m
    ids = list(wanted.values())
    if len(ids) != len(set(ids)):
        raise Refused(409, _("One member cannot sit at two seats of a match."))
    for seat, m in chosen.items():
        row = db.session.get(SeatMember, (match.id, seat))
        if row is None:
            db.session.add(SeatMember(match_id=match.id, seat=seat, member_id=m.id))
        elif row.member_id != m.id:
            row.member_id, row.linked = m.id, now()
        else:
            continue
        log("linked", match=match.id, seat=seat + 1, player=match.players[seat], name=m.name)


def named(name: str, limit: int = 200) -> list[tuple[Match, int]]:
    """The matches with a seat of this name (as the engine compares names) that no member
    is linked to: (match, seat), the newest first."""
    key = rule.same((name or "").strip()[:SEARCH_MAX])
    if not key:
        return []
    linked = {
        (a, b) for a, b in db.session.execute(select(SeatMember.match_id, SeatMember.seat)).all()
    }
    out = []
    for row in db.session.execute(select(Match).order_by(Match.id.desc())).scalars():
        for seat, player in enumerate(row.players):
            if rule.same(player) == key and (row.id, seat) not in linked:
                out.append((row, seat))
        if len(out) >= limit:
            break
    return out


def merge(gone: Member, kept: Member) -> None:
    """`gone` merged into `kept`, with everything it played: its seats count for `kept`
    from now on. `gone` stays (inactive, pointing at `kept`, its name free); logged. Both
    members are claimed first, in the order of their ids (a conditional update of each
    while it is not merged: their rows locked until the commit), so that a merge made
    meanwhile, either way, is seen: Done for the same merge again, refused for any other.
    Refused when the two sat in one match (two people) or either is merged already."""
    if gone.id == kept.id:
        raise Refused(400, _("Choose two different members."))
    for m in sorted((gone, kept), key=lambda m: m.id):
        if not once.claimed(
            update(Member)
            .where(Member.id == m.id, Member.merged_into.is_(None))
            .values(updated=now())
        ):
            db.session.rollback()
            db.session.refresh(gone)
            if gone.merged_into == kept.id:
                raise once.Done(
                    _("%(gone)s was merged into %(kept)s already.", gone=gone.name, kept=kept.name)
                )
            db.session.refresh(m)
            raise Refused(409, _("%(name)s was merged into another member.", name=m.name))
    db.session.refresh(gone)
    db.session.refresh(kept)
    both = db.session.execute(
        select(SeatMember.match_id)
        .where(SeatMember.member_id.in_([gone.id, kept.id]))
        .group_by(SeatMember.match_id)
        .having(db.func.count(db.distinct(SeatMember.member_id)) > 1)
        .limit(1)
    ).scalar()
    if both is not None:
        db.session.rollback()
        raise Refused(
            409,
            _(
                "%(a)s and %(b)s sat in the same match (%(match)s): they are two people.",
                a=gone.name,
                b=kept.name,
                match=both,
            ),
        )
    gone.merged_into, gone.active, gone.name_key, gone.updated = kept.id, False, None, now()
    log("merged", gone=gone.name, kept=kept.name)
    db.session.execute(  # the pages of their matches show the member kept
        update(Match)
        .where(Match.id.in_(select(SeatMember.match_id).where(SeatMember.member_id == gone.id)))
        .values(version=Match.version + 1, updated=now()),
        execution_options={"synchronize_session": False},
    )
    db.session.commit()


def seats_of(m: Member) -> list[SeatMember]:
    """Every seat the member sat in (their merged members' too), the newest match first."""
    ids = [m.id] + [k for k, v in merged_map().items() if v == m.id]
    return list(
        db.session.execute(
            select(SeatMember)
            .where(or_(*(SeatMember.member_id == i for i in ids)))
            .order_by(SeatMember.match_id.desc())
        ).scalars()
    )
