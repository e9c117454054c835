"""A member's card as a phone shows it (issue 43.4): its QR code, read off a screenshot of
the page as a phone's camera would, decodes to the member's link printed under it. The
code was cropped, not scaled (an SVG without a viewBox sized by CSS), and could not be
read."""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from PIL import Image

pytestmark = pytest.mark.browser


def decoded(png: bytes) -> list[str]:
    """The texts of the QR codes in a screenshot."""
    image = Image.open(io.BytesIO(png)).convert("L")
    return [found.text for found in zxingcpp.read_barcodes(image)]


def test_a_members_card_qr_code_decodes_to_the_members_link_from_a_screenshot(live, new_phone):
    app, _base = live
    out = app.test_cli_runner().invoke(args=["secretary"])
    key = re.search(r"/club/([A-Za-z0-9_-]+)", out.output).group(1)
    page = new_phone()
    page.goto(f"/club/{key}")
    name = "Kazimiera Wiśniewska-Dvořáková"  # a name no other browser test plays with
    page.fill("#name", name)
    page.click("#add-form button[type=submit]")
    href = page.locator(f"#members a:text-is('{name}')").get_attribute("href")
    member = int(href.rsplit("/", 1)[1])
    page.check(f"#pick-{member}")
    page.click("#print-cards")
    card = page.locator(f"#card-{member}")
    link = page.locator(f"#link-{member}").inner_text()
    assert "/m/" in link
    assert decoded(card.screenshot()) == [link]
