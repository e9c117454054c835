"""An event's table card: a phone follows the URL its QR code holds, lands on the players'
link of the table's match, and records a play there."""

from __future__ import annotations

import re

import pytest
from browserkit import CSRF, version, wait_for_choice, wait_for_new_table

pytestmark = pytest.mark.browser


def test_a_phone_follows_a_table_cards_qr_url_and_records_a_play(live, new_phone):
    app, base = live
    client = app.test_client()
    csrf = CSRF.search(client.get("/import").get_data(as_text=True)).group(1)
    r = client.post(
        "/events/new",
        data={
            "csrf_token": csrf,
            "variant": "five-up",
            "name": "Club night",
            "format": "swiss",
            "rounds": 2,
            "entrants": "Ana\nBen\nCleo\nDan",
        },
    )
    assert r.status_code == 302, r.get_data(as_text=True)[:1000]
    director = r.location.rsplit("/", 1)[1]
    for what in ("pair", "start"):
        assert client.post(f"/e/{director}/{what}", data={"csrf_token": csrf}).status_code == 302
    cards = client.get(f"/e/{director}/cards").get_data(as_text=True)
    # the URL the card's QR code holds is printed under it
    card = re.search(r'id="card-1".*?</div>\s*<p><a href="([^"]+)"', cards, re.S)
    url = card.group(1)
    assert url.startswith("http") and "/et/" in url
    page = new_phone()
    page.goto(url.replace("http://localhost", base))
    assert "/t/" in page.url  # the players' link of the table's match
    before = version(page)
    page.locator('#picker button[value="5-5"]').click()
    wait_for_choice(page, "5-5")
    page.locator("#places button").first.click()
    wait_for_new_table(page, before)
    token = page.url.split("/t/", 1)[1].split("?")[0]
    record = client.get(f"/t/{token}/record.json").get_json(force=True)
    assert record["hands"][0]["moves"][0]["play"] == "5-5"
