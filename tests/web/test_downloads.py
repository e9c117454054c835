"""File names as `downloads.disposition` writes them (RFC 6266): every header ASCII, an
ASCII fallback a client can save, the name with its letters in filename*, capped."""

from __future__ import annotations

import pytest
from werkzeug.http import parse_options_header

from referee.web.downloads import NAME_MAX, disposition


def parsed(name: str, inline: bool = False) -> tuple[str, str, str]:
    value = disposition(name, inline)
    assert value.isascii() and "\r" not in value and "\n" not in value
    kind, params = parse_options_header(value)
    fallback = value.split('filename="', 1)[1].split('"', 1)[0]
    return kind, params["filename"], fallback


@pytest.mark.parametrize(
    "name, full, fallback",
    [
        ("five-up-Ana-Ben.json", "five-up-Ana-Ben.json", "five-up-Ana-Ben.json"),
        ("Turniej Łódź-standings.csv", "Turniej_Łódź-standings.csv", "Turniej_Lodz-standings.csv"),
        ("Čtyřka Ševčík.zip", "Čtyřka_Ševčík.zip", "Ctyrka_Sevcik.zip"),
        ("李.json", "李.json", "download.json"),
        (
            '../../etc/"passwd"\r\nX-Evil: 1.csv',
            "etc_passwd_X-Evil_1.csv",
            "etc_passwd_X-Evil_1.csv",
        ),
        (".hidden.json", "hidden.json", "hidden.json"),
    ],
)
def test_names(name, full, fallback):
    assert parsed(name) == ("attachment", full, fallback)


def test_long_names_are_capped_and_keep_their_extension():
    kind, full, fallback = parsed("Ł" * 500 + ".json")
    assert full == "Ł" * NAME_MAX + ".json" and fallback == "L" * NAME_MAX + ".json"
    assert parsed("x.json", inline=True)[0] == "inline"
