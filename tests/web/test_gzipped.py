"""Answers are gzipped by ISA-L (`referee/web/gzipped.py`) when gzip is the best encoding
the phone takes, and by Flask-Compress otherwise: either way the phone reads the same
page, smaller; what has an ETag keeps Flask-Compress's marked tag and its 304s."""

from __future__ import annotations

import gzip
import re
import zlib

import pytest
from backports import zstd

FETCH = {"X-Requested-With": "fetch"}


def page(data: bytes) -> bytes:
    """A table as the phone shows it: without the second it was sent at."""
    return re.sub(rb'data-rendered="\d+"', b"", data)


@pytest.fixture
def table(phone) -> str:
    t = phone.start("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    phone.move(t, "Ana 5-5")
    phone.table(t)  # the move's flashed answer read
    return t


def test_a_table_fetched_over_plain_http_is_gzipped_and_reads_the_same(phone, table):
    plain = phone.get(f"/t/{table}?fragment=1")
    zipped = phone.get(f"/t/{table}?fragment=1", headers={"Accept-Encoding": "gzip, deflate"})
    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]  # Flask-Compress's, as before
    assert int(zipped.headers["Content-Length"]) == len(zipped.data)
    assert len(zipped.data) < len(plain.data) / 2
    assert page(gzip.decompress(zipped.data)) == page(plain.data)


def test_the_answer_to_a_move_is_gzipped_too(phone, table):
    form = {"hand": 1, "after": 1, "seat": 1, "tile": "5-0", "on": "5-5"}
    r = phone.post(f"/t/{table}/play", form, headers=FETCH | {"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers["Content-Encoding"] == "gzip"
    assert "Ben laid 5-0" in gzip.decompress(r.data).decode()


@pytest.mark.parametrize(
    ("offered", "chosen", "read"),
    [
        ("gzip, deflate, br, zstd", "zstd", zstd.decompress),  # over HTTPS, by Flask-Compress
        ("br;q=0.5, gzip", "gzip", gzip.decompress),  # the phone's preference wins
        ("deflate", "deflate", zlib.decompress),
    ],
)
def test_the_phones_best_encoding_is_chosen(phone, table, offered, chosen, read):
    plain = phone.get(f"/t/{table}?fragment=1")
    r = phone.get(f"/t/{table}?fragment=1", headers={"Accept-Encoding": offered})
    assert r.headers["Content-Encoding"] == chosen
    assert page(read(r.data)) == page(plain.data)


@pytest.mark.parametrize("offered", ["identity", ""])
def test_a_phone_that_takes_no_gzip_gets_the_page_as_it_is(phone, table, offered):
    r = phone.get(f"/t/{table}?fragment=1", headers={"Accept-Encoding": offered})
    assert "Content-Encoding" not in r.headers and b'id="table"' in r.data


def test_small_answers_and_assets_are_left_to_flask_compress(client):
    small = client.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in small.headers and small.data == b"ok\n"
    css = client.get("/static/style.css", headers={"Accept-Encoding": "gzip"})
    assert css.headers["Content-Encoding"] == "gzip"
    assert css.headers["ETag"].endswith(':gzip"')  # the tag says which bytes it names
    held = client.get(
        "/static/style.css",
        headers={"Accept-Encoding": "gzip", "If-None-Match": css.headers["ETag"]},
    )
    assert held.status_code == 304 and held.data == b""
