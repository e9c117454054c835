"""The credentials of the club: a member's card (a personal link and a PIN), the
secretary's link, and the limit on wrong PIN tries.

- A link is 128 random bits (`models.new_token`), kept only as its SHA-256 digest: it is
  shown once (the card, the secretary's link) and a database that leaks does not give it.
- A PIN is `PIN_DIGITS` (6) digits: typed on the table's phone in a few seconds and read
  off a card, yet a million values. It is kept as a salted scrypt hash (hashlib.scrypt,
  n=2**14, r=8, p=1: ~16 MB and tens of ms a check), which slows an offline guess of a
  leaked hash; the limits are what guard it online.
- A card printed on a sheet is made from the sheet's once-key (`derived`): its link and
  PIN are HMAC-SHA256 of the key, so the sheet's page shows them again from its address
  (a reload, the answer to a double tap) while the database keeps only their digests.
- PIN tries are limited in the database (`PinTry`), so the limits hold across the
  server's processes, and a try is recorded before it is checked, in one statement with
  its counts (`take_try`): tries sent at once are counted one after the other, and none
  is checked past a limit. In `WINDOW` (15 minutes): `MEMBER_TRIES` (5) wrong PINs per
  member from one client address (an IPv6 address counts by its /64: one host holds
  many), `ALL_TRIES` (20) per member from every address (guessing one member's PIN takes
  on average 500,000 / 20 windows, over eight months; a stranger from one address cannot
  spend the tries of the captain at the table), and `CLIENT_TRIES` (10) per match (or
  fixture's sheet) and client, whoever the PINs are for. A right PIN does not count.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import secrets
from datetime import timedelta

from sqlalchemy import func, insert, literal, select, update

from .. import once
from ..models import new_token, now
from ..store import db
from .models import PinTry

PIN_DIGITS = 6
MEMBER_TRIES = 5  # wrong PINs per member from one client address in WINDOW
ALL_TRIES = 20  # wrong PINs per member from every address in WINDOW
CLIENT_TRIES = 10  # wrong PINs per match (or sheet) and client address in WINDOW
WINDOW = timedelta(minutes=15)
SCRYPT = {"n": 2**14, "r": 8, "p": 1}


def digest(token: str) -> str:
    """What is kept of a link: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_link() -> tuple[str, str]:
    """(a new link token, its digest)."""
    token = new_token()
    return token, digest(token)


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def hash_pin(pin: str) -> str:
    """The PIN's salted scrypt hash, with its salt and costs: "scrypt$n$r$p$salt$hash"."""
    salt = secrets.token_bytes(16)
    out = hashlib.scrypt(pin.encode(), salt=salt, dklen=32, maxmem=64 * 1024 * 1024, **SCRYPT)
    return "scrypt${n}${r}${p}$".format(**SCRYPT) + f"{salt.hex()}${out.hex()}"


def pin_matches(pin: str, kept: str | None) -> bool:
    """Whether `pin` is the PIN `kept` is the hash of (compared in constant time)."""
    if not kept or not pin:
        return False
    try:
        _name, n, r, p, salt, want = kept.split("$")
        got = hashlib.scrypt(
            pin.encode(),
            salt=bytes.fromhex(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            dklen=32,
            maxmem=64 * 1024 * 1024,
        )
    except ValueError:
        return False
    return hmac.compare_digest(got.hex(), want)


def normal_pin(text: str | None) -> str:
    """The digits typed (spaces and dashes dropped)."""
    return "".join(c for c in (text or "") if not c.isspace() and c != "-")


# -- the cards of a sheet -------------------------------------------------------------
def derived(key: str, member_id: int) -> tuple[str, str]:
    """(the link's token, the PIN) of a member's card on the sheet of once-key `key`: made
    from the key alone, the same every time (128 bits of link; six digits of PIN)."""
    mac = hmac.new(key.encode(), f"card:{member_id}".encode(), hashlib.sha256).digest()
    token = base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")
    pin = int.from_bytes(mac[16:], "big") % 10**PIN_DIGITS
    return token, f"{pin:0{PIN_DIGITS}d}"


def link_of(key: str, label: str) -> str:
    """A secret link's token made from a once-key (a league secretary's, the club
    secretary's): the same every time for the same key and label."""
    mac = hmac.new(key.encode(), f"link:{label}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:16]).decode().rstrip("=")


# -- the tries ----------------------------------------------------------------------------
def address(client: str) -> str:
    """What a client's tries are counted by: its address, an IPv6 address by its /64."""
    try:
        ip = ipaddress.ip_address(client)
    except ValueError:
        return (client or "unknown")[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _wrong(since, *where):
    return (
        select(func.count())
        .select_from(PinTry)
        .where(PinTry.at >= since, PinTry.matched.is_(False), *where)
        .scalar_subquery()
    )


def take_try(member_id: int, match_id: int | None, client: str, addr: str) -> int | None:
    """Record a PIN try before it is checked, if the member, their address and the client
    at this match are all within their limits: one statement that counts and inserts
    (under a lock on the member on PostgreSQL: `once.serialized`), committed at once.
    The try's id, or None past a limit (nothing recorded)."""
    at = now()
    since = at - WINDOW
    once.serialized(f"pin:{member_id}")
    values = {
        "member_id": member_id,
        "match_id": match_id,
        "client": client,
        "address": addr,
        "matched": False,
        "at": at,
    }
    cols = PinTry.__table__.c
    row = db.session.execute(
        insert(PinTry)
        .from_select(
            list(values),
            select(*(literal(v, cols[k].type) for k, v in values.items())).where(
                _wrong(since, PinTry.member_id == member_id) < ALL_TRIES,
                _wrong(since, PinTry.member_id == member_id, PinTry.address == addr) < MEMBER_TRIES,
                _wrong(since, PinTry.match_id == match_id, PinTry.client == client) < CLIENT_TRIES,
            ),
        )
        .returning(PinTry.id)
    ).scalar()
    db.session.commit()
    return row


def tries_left(member_id: int, match_id: int | None, client: str, addr: str) -> int:
    """The wrong tries left now to the member from this address at this match (the least
    of the three limits)."""
    since = now() - WINDOW
    counts = db.session.execute(
        select(
            _wrong(since, PinTry.member_id == member_id),
            _wrong(since, PinTry.member_id == member_id, PinTry.address == addr),
            _wrong(since, PinTry.match_id == match_id, PinTry.client == client),
        )
    ).one()
    return min(ALL_TRIES - counts[0], MEMBER_TRIES - counts[1], CLIENT_TRIES - counts[2])


def right(try_id: int) -> None:
    """The try was the right PIN: it does not count."""
    db.session.execute(
        update(PinTry).where(PinTry.id == try_id).values(matched=True),
        execution_options={"synchronize_session": False},
    )
    db.session.commit()
