"""The address on every card, QR code and shared link (issue 17, item 10): PUBLIC_URL when
set; on a page opened on this machine (localhost), its network address, said on the page;
behind a trusted proxy, the proxy's host."""

from __future__ import annotations

import re

import pytest
from conftest import make_app
from eventhelpers import Director
from flask.testing import FlaskClient
from memberhelpers import Secretary, secretary_link
from webhelpers import Phone, text_of

from referee.web import public
from referee.web.drawing import qr_svg
from referee.web.store import db

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Filip", "Gosia", "Honza"]


class HostClient(FlaskClient):
    """A test client whose requests go to `base` (the page opened at that address)."""

    base = "http://localhost"

    def open(self, *args, **kwargs):
        kwargs.setdefault("base_url", self.base)
        return super().open(*args, **kwargs)


@pytest.fixture
def make(tmp_path):
    """make(**config, base_url=...) -> (app, Phone) on a fresh SQLite database."""
    made = []

    def new(base_url="http://localhost", **config):
        app = make_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'r.sqlite'}",
                "RENDERED_DIR": str(tmp_path / "rendered"),
                "LISTEN_HOST": "",
            }
            | config
        )  # on every address, unless told
        made.append(app)
        app.test_client_class = HostClient
        client = app.test_client()
        client.base = base_url
        return app, client

    yield new
    for app in made:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


@pytest.fixture
def lan(monkeypatch):
    """This machine's network address, as the UDP socket would say it."""
    monkeypatch.setattr(public, "lan_address", lambda: "192.168.1.20")


def links(html: str) -> dict[str, str]:
    return dict(re.findall(r'id="((?:write|read|director|public)-link)" href="([^"]+)"', html))


def qr_titles_and_codes(html: str) -> list[str]:
    return re.findall(r'<div class="qr"[^>]*>(<svg.*?</svg>)</div>', html, re.S)


def event_pages(client) -> tuple[str, str, str]:
    """(director's page, table cards page, the director's token) of a paired round."""
    director = Director(client)
    token = director.create("five-up", NAMES[:4], format="swiss", rounds=2, target=10)
    director.act(token, "pair")
    director.act(token, "start")
    cards = client.get(f"/e/{token}/cards")
    assert cards.status_code == 200
    return director.page(token), cards.get_data(as_text=True), token


def test_public_url_is_on_every_card_qr_code_and_shared_link(make, lan):
    base = "https://club.example.org/referee"
    app, client = make(PUBLIC_URL=base + "/")
    phone = Phone(client)
    t = phone.start("five-up", ["Ana", "Ben"])
    card = phone.get(f"/t/{t}/card").get_data(as_text=True)
    assert links(card)["write-link"] == f"{base}/t/{t}"
    assert qr_titles_and_codes(card) == [
        str(qr_svg(f"{base}/t/{t}", title="The players' link as a QR code"))
    ]
    table = links(phone.table(t))
    assert table["write-link"] == f"{base}/t/{t}"
    assert table["read-link"].startswith(f"{base}/s/")
    assert "public-note" not in card  # it was set: no guess to explain

    page, cards, token = event_pages(client)
    found = links(page)
    assert found["director-link"] == f"{base}/e/{token}"
    assert found["public-link"].startswith(f"{base}/p/")
    assert qr_titles_and_codes(page) == [
        str(qr_svg(found["director-link"], "The director's link", scale=3)),
        str(qr_svg(found["public-link"], "The public link", scale=3)),
    ]
    card_links = re.findall(r'<div class="card" id="card-\d+">.*?<a href="([^"]+)"', cards, re.S)
    assert card_links and all(u.startswith(f"{base}/et/") for u in card_links)
    # the QR code of each table card is the code of its link
    codes = qr_titles_and_codes(cards)
    assert len(codes) == len(card_links)
    for url, code in zip(card_links, codes, strict=True):
        number = re.search(r"<title>Table (\d+)</title>", code).group(1)
        assert code == str(qr_svg(url, f"Table {number}", scale=3))


@pytest.mark.parametrize("host", ["localhost:5000", "127.0.0.1:5000"])
def test_on_this_machine_the_links_carry_its_network_address_and_say_so(make, lan, host):
    app, client = make(base_url=f"http://{host}")
    phone = Phone(client)
    t = phone.start("five-up", ["Ana", "Ben"])
    card = phone.get(f"/t/{t}/card").get_data(as_text=True)
    assert links(card)["write-link"] == f"http://192.168.1.20:5000/t/{t}"
    note = re.search(r'<p class="hint" id="public-note">(.*?)</p>', card).group(1)
    assert note == (
        "Phones reach this app at http://192.168.1.20:5000; set PUBLIC_URL to change it."
    )
    page, cards, _token = event_pages(client)
    assert links(page)["director-link"].startswith("http://192.168.1.20:5000/e/")
    assert 'id="public-note"' in page and 'id="public-note"' in cards
    assert "192.168.1.20:5000/et/" in cards and "localhost" not in cards


@pytest.mark.parametrize("lang, words", [("pl", "PUBLIC_URL"), ("cs", "PUBLIC_URL")])
def test_the_note_in_polish_and_czech(make, lan, lang, words):
    app, client = make(base_url="http://localhost:5000")
    phone = Phone(client)
    t = phone.start("five-up", ["Ana", "Ben"])
    card = phone.get(f"/t/{t}/card?lang={lang}").get_data(as_text=True)
    note = re.search(r'<p class="hint" id="public-note">(.*?)</p>', card).group(1)
    assert "http://192.168.1.20:5000" in note and words in note
    assert "Phones reach" not in note


@pytest.mark.parametrize(
    "listen, link",
    [
        ("127.0.0.1", "http://localhost:5000"),
        ("192.168.1.30", "http://192.168.1.30:5000"),
        ("0.0.0.0", "http://192.168.1.20:5000"),
    ],
)
def test_the_address_follows_where_the_server_listens(make, lan, listen, link):
    """HOST=127.0.0.1: no phone can reach it, the links stay; HOST=<one address>: that one;
    every address: this machine's network address."""
    app, client = make(base_url="http://localhost:5000", LISTEN_HOST=listen)
    phone = Phone(client)
    t = phone.start("five-up", ["Ana", "Ben"])
    card = phone.get(f"/t/{t}/card").get_data(as_text=True)
    assert links(card)["write-link"] == f"{link}/t/{t}"
    assert ("public-note" in card) == (listen != "127.0.0.1")


def test_a_page_opened_at_the_network_address_needs_no_guess(make, lan):
    app, client = make(base_url="http://club-laptop.local:5000")
    phone = Phone(client)
    t = phone.start("five-up", ["Ana", "Ben"])
    card = phone.get(f"/t/{t}/card").get_data(as_text=True)
    assert links(card)["write-link"] == f"http://club-laptop.local:5000/t/{t}"
    assert "public-note" not in card


def test_a_trusted_proxys_host_wins_over_the_guess(make, lan):
    app, client = make(base_url="http://localhost:5000", TRUSTED_PROXIES=1)
    client.environ_base.update(
        {
            "HTTP_X_FORWARDED_PROTO": "https",
            "HTTP_X_FORWARDED_HOST": "club.example.org",
            "HTTP_REFERER": "https://club.example.org/",
        }
    )
    phone = Phone(client)
    t = phone.start("five-up", ["Ana", "Ben"])
    card = phone.get(f"/t/{t}/card").get_data(as_text=True)
    assert links(card)["write-link"] == f"https://club.example.org/t/{t}"
    assert "public-note" not in card


def test_without_a_network_the_links_stay_as_they_are(make, monkeypatch):
    monkeypatch.setattr(public, "lan_address", lambda: None)
    app, client = make(base_url="http://localhost:5000")
    phone = Phone(client)
    t = phone.start("five-up", ["Ana", "Ben"])
    card = phone.get(f"/t/{t}/card").get_data(as_text=True)
    assert links(card)["write-link"] == f"http://localhost:5000/t/{t}"
    assert "public-note" not in card


def test_the_network_address_is_this_machines_own():
    """The real guess (a UDP socket's own address: nothing is sent) is an address of this
    machine that is not loopback, or none."""
    import ipaddress

    from referee.web.server import serve

    serve._guess = (0.0, None)
    found = public.lan_address()
    assert found is None or not ipaddress.ip_address(found).is_loopback


@pytest.mark.parametrize(
    "config",
    [
        {"PUBLIC_URL": "club.example.org"},
        {"PUBLIC_URL": "ftp://club.example.org"},
        {"TRUSTED_PROXIES": "one"},
        {"TRUSTED_PROXIES": -1},
    ],
)
def test_a_wrong_setting_is_refused_at_start(make, config):
    with pytest.raises(RuntimeError):
        make(**config)


@pytest.mark.parametrize(
    "config, link",
    [
        ({}, "http://192.168.1.20:8123"),  # every address: the network's, on PORT
        ({"LISTEN_HOST": "127.0.0.1"}, "http://localhost:8123"),  # no phone reaches it
        ({"PUBLIC_URL": "https://club.example.org/referee"}, "https://club.example.org/referee"),
    ],
)
def test_the_cli_prints_the_secretarys_link_at_the_address_phones_use(
    make, lan, monkeypatch, config, link
):
    """`flask secretary` printed http://localhost:5000/... whatever PORT was: it gives the
    address every page gives phones (PUBLIC_URL, or this machine's network address), on
    the PORT the server listens on."""
    monkeypatch.setenv("PORT", "8123")
    app, client = make(**config)
    out = app.test_cli_runner().invoke(args=["secretary"])
    assert out.exit_code == 0, out.output
    found = re.search(r"(\S+)/club/([A-Za-z0-9_-]+)$", out.output.strip())
    assert found.group(1) == link
    assert client.get(f"/club/{found.group(2)}").status_code == 200


def test_the_league_secretarys_link_is_at_the_address_phones_use(make, lan):
    """The once-only league secretary's link showed 127.0.0.1 (the page's own host) where
    every other page gives phones this machine's network address, and says so."""
    app, client = make(base_url="http://127.0.0.1:5000")
    club = Secretary(client, secretary_link(app))
    data = {"name": "Lan League", "year": "2026", "starts": "2026-09-01", "preset": "leek"}
    r = club.post(f"/club/{club.key}/leagues", data | {"variant": "five-up"})
    html = club.get(r.location).get_data(as_text=True)  # the made page, after the redirect
    key = re.search(r'id="league-key" href="/league/([A-Za-z0-9_-]+)"', html).group(1)
    assert text_of(html, "league-key") == f"http://192.168.1.20:5000/league/{key}"
    assert "http://192.168.1.20:5000" in text_of(html, "public-note")
    r = club.get(club.post(f"/league/{key}/key").location)  # a new link: shown the same way
    new = re.search(r'id="league-key" href="/league/([A-Za-z0-9_-]+)"', r.get_data(as_text=True))
    assert text_of(r.get_data(as_text=True), "league-key") == (
        f"http://192.168.1.20:5000/league/{new.group(1)}"
    )
