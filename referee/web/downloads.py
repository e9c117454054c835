"""Every file the app sends goes through here: `send` names it (RFC 6266), types it and
sends it; `csv_text` writes the CSV exports.

File names: `Content-Disposition: attachment; filename="..."` holds an ASCII fallback
("Łucja Żółć" -> "Lucja_Zolc"), and `filename*=UTF-8''...` the name with its letters
(RFC 8187 percent-encoding), so a header never carries a raw non-ASCII byte (which
gunicorn and Werkzeug cannot send: the connection drops). The stem is capped at
`NAME_MAX` characters; the extension is kept.

Content types: text types carry `charset=utf-8`; JSON is UTF-8 by definition and has no
charset parameter (RFC 8259).

CSV (`csv_text`): RFC 4180 (comma, CRLF, quotes where needed), UTF-8 without a BOM. The
header row is the same keys as the JSON exports, in every language, and so are the
values: true/false as `yes`/`no`, whole numbers as integers (`10`, `-5`), other numbers
with two decimals (`2.50`), nothing as an empty cell. A text cell that a spreadsheet
would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return,
or their full-width forms) is written with a leading `'` (OWASP's advice), so
`=HYPERLINK(...)` shows as text; numbers are never changed.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from decimal import Decimal
from fractions import Fraction
from urllib.parse import quote

from flask import Response, current_app

NAME_MAX = 80  # characters of a file name's stem
JSON = "application/json"
CSV = "text/csv"
ZIP = "application/zip"
# Letters that Unicode does not decompose into an ASCII letter and a mark.
_ASCII = str.maketrans(
    {
        "Ł": "L",
        "ł": "l",
        "Đ": "D",
        "đ": "d",
        "Ø": "O",
        "ø": "o",
        "ß": "ss",
        "Æ": "AE",
        "æ": "ae",
        "Œ": "OE",
        "œ": "oe",
        "Þ": "Th",
        "þ": "th",
        "ı": "i",
        "Ħ": "H",
        "ħ": "h",
    }
)
_RUNS = re.compile(r"_{2,}")
_EXT = re.compile(r"[A-Za-z0-9]{1,8}")
_FORMULA = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def _clean(stem: str, ascii_only: bool) -> str:
    """Letters, digits and - _ . kept; anything else (spaces, slashes, quotes, controls)
    one "_"; no leading dot; at most NAME_MAX characters."""
    stem = unicodedata.normalize("NFC", stem)
    if ascii_only:
        stem = unicodedata.normalize("NFKD", stem.translate(_ASCII))
        stem = "".join(c for c in stem if not unicodedata.combining(c))
    keep = "".join(
        c if (c.isalnum() and (c.isascii() or not ascii_only)) or c in "-_." else "_" for c in stem
    )
    return _RUNS.sub("_", keep).lstrip("._")[:NAME_MAX].rstrip("._")


def disposition(filename: str, inline: bool = False) -> str:
    """The Content-Disposition value for `filename` (e.g. "Turniej Łódź-standings.csv")."""
    stem, dot, ext = filename.rpartition(".")
    if not dot or not _EXT.fullmatch(ext):
        stem, ext = filename, ""
    tail = f".{ext}" if ext else ""
    plain = (_clean(stem, True) or "download") + tail
    full = (_clean(stem, False) or "download") + tail
    value = f'{"inline" if inline else "attachment"}; filename="{plain}"'
    if full != plain:
        value += f"; filename*=UTF-8''{quote(full, safe='-_.')}"
    return value


def send(body: str | bytes, filename: str, mimetype: str, inline: bool = False) -> Response:
    """A response that sends `body` as the file `filename`, of type `mimetype`."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    content_type = f"{mimetype}; charset=utf-8" if mimetype.startswith("text/") else mimetype
    response = current_app.response_class(data, content_type=content_type)
    response.headers["Content-Disposition"] = disposition(filename, inline)
    return response


def cell(value) -> str:
    """One CSV cell, as a spreadsheet user reads it (see the module's docstring)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float | Fraction | Decimal):
        number = float(value)
        return str(int(number)) if number.is_integer() else f"{number:.2f}"
    text = str(value)
    return "'" + text if text.startswith(_FORMULA) else text


def csv_text(rows: list[dict], fields: list[str] | None = None) -> str:
    """The rows (dicts with the same keys) as CSV text: a header row of their keys (or
    `fields`), then one row each; nothing at all for no rows and no fields."""
    fields = fields or (list(rows[0]) if rows else [])
    if not fields:
        return ""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([cell(f) for f in fields])
    writer.writerows([cell(row.get(f)) for f in fields] for row in rows)
    return out.getvalue()
