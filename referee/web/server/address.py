"""This machine's address on its network (`public.py` gives it to the phones' links)."""

from __future__ import annotations

import ipaddress
import socket
import time

_GUESS_FOR = 30.0  # seconds a guess of the network address is kept (a laptop moves)
_guess: tuple[float, str | None] = (0.0, None)


def lan_address() -> str | None:
    """This machine's address on its network: the one a UDP socket aimed at a private
    address would send from (connecting a UDP socket sends nothing). None without a
    network. Kept for a few seconds."""
    global _guess
    at, address = _guess
    if time.monotonic() - at < _GUESS_FOR:
        return address
    address = None
    for target in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((target, 9))
                found = s.getsockname()[0]
        except OSError:
            continue
        if not ipaddress.ip_address(found).is_loopback and found != "0.0.0.0":
            address = found
            break
    _guess = (time.monotonic(), address)
    return address
