"""Helpers for the members' tests: the club's secretary driving the roster through HTTP."""

from __future__ import annotations

import re

from webhelpers import Phone


def secretary_link(app) -> str:
    """The secretary's key, made the only way there is: `flask --app app secretary`."""
    out = app.test_cli_runner().invoke(args=["secretary"])
    assert out.exit_code == 0, out.output
    return re.search(r"/club/([A-Za-z0-9_-]+)", out.output).group(1)


class Secretary(Phone):
    """The club secretary's phone, on the secretary's link."""

    def __init__(self, client, key: str):
        super().__init__(client)
        self.key = key

    def roster(self, **query) -> str:
        r = self.get(f"/club/{self.key}", query_string=query)
        assert r.status_code == 200, r.status_code
        return r.get_data(as_text=True)

    def add(self, name: str, short: str = "", status: int = 302) -> int | None:
        r = self.post(f"/club/{self.key}/add", {"name": name, "short": short})
        assert r.status_code == status, r.get_data(as_text=True)[:2000]
        if status != 302:
            return None
        html = self.roster()
        return int(re.search(rf'/member/(\d+)">{re.escape(name)}</a>', html).group(1))

    def card(self, member_id: int) -> tuple[str, str]:
        """A new card: (the personal link's token, the PIN), read off the printed card."""
        r = self.post(f"/club/{self.key}/cards", {"member": member_id})
        assert r.status_code == 302, r.get_data(as_text=True)[:2000]
        html = self.get(r.location).get_data(as_text=True)  # the sheet's page
        pin = re.search(rf'id="pin-{member_id}">(\d+)<', html).group(1)
        token = re.search(rf'id="link-{member_id}">[^<]*/m/([A-Za-z0-9_-]+)<', html).group(1)
        return token, pin

    def link(self, name: str, member_id: int, status: int = 302):
        """Link every match with a seat of this name to the member, as the page offers."""
        html = self.get(f"/club/{self.key}/link", query_string={"name": name}).get_data(
            as_text=True
        )
        seats = re.findall(r'name="seat" value="(\d+:\d+)"', html)
        if not seats and status == 302:
            return seats  # a match started by hand once they were members: linked at start
        r = self.post(f"/club/{self.key}/link", {"name": name, "member": member_id, "seat": seats})
        assert r.status_code == status, r.get_data(as_text=True)[:2000]
        return seats


def sign_with_pin(phone: Phone, token: str, side: int, pin: str, score: str, member=None):
    """A side signs on the table's phone with a member's PIN."""
    data = {"side": side, "pin": pin, "score": score}
    if member is not None:
        data["member"] = member
    return phone.post(f"/t/{token}/sign", data)
