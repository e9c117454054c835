"""The credentials of the club: a member's card (a personal link and a PIN), the
secretary's link, and the limit on wrong PIN tries.

- A link is 128 random bits (`models.new_token`), kept only as its SHA-256 digest: it is
  shown once (the card, the secretary's link) and a database that leaks does not give it.
- A PIN is `PIN_DIGITS` (6) digits: typed on the table's phone in a few seconds and read
  off a card, yet a million values; with `MEMBER_TRIES` wrong tries per member in
  `WINDOW`, guessing one member's PIN at the table takes on average over a year of tries
  (500,000 / 5 per 15 minutes). Four digits would fall in about ten days. It is kept as a
  salted scrypt hash (hashlib.scrypt, n=2**14, r=8, p=1: ~16 MB and tens of ms a check),
  which slows an offline guess of a leaked hash; the limit is what guards it online.
- Wrong tries are counted in the database (`PinTry`), so the limits hold across the
  server's processes: `MEMBER_TRIES` (5) per member and `CLIENT_TRIES` (10) per match and
  client address in `WINDOW` (15 minutes). A right PIN is not refused by a client's limit
  on another member's tries only: both limits are checked before the PIN is.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from sqlalchemy import func, select

from .. import db
from ..models import new_token, now
from .models import PinTry

PIN_DIGITS = 6
MEMBER_TRIES = 5  # wrong PINs per member in WINDOW
CLIENT_TRIES = 10  # wrong PINs per match and client address in WINDOW
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


# -- the tries ----------------------------------------------------------------------------
def tries_left(member_id: int, match_id: int | None, client: str) -> tuple[int, int]:
    """(wrong tries the member has left, wrong tries this client has left at this match)
    in the window now."""
    since = now() - WINDOW
    by_member = db.session.execute(
        select(func.count())
        .select_from(PinTry)
        .where(PinTry.member_id == member_id, PinTry.at >= since)
    ).scalar_one()
    by_client = db.session.execute(
        select(func.count())
        .select_from(PinTry)
        .where(PinTry.match_id == match_id, PinTry.client == client, PinTry.at >= since)
    ).scalar_one()
    return MEMBER_TRIES - by_member, CLIENT_TRIES - by_client


def count_wrong(member_id: int, match_id: int | None, client: str) -> None:
    """Keep a wrong try (committed at once: it counts even though the signature fails)."""
    db.session.add(PinTry(member_id=member_id, match_id=match_id, client=client))
    db.session.commit()
