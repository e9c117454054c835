"""Every page's ids are unique (HTML's rule; a label, an anchor or a script that looks one
up finds the one meant): issue 43.4 found two `id="csrf_token"` on the home page."""

from __future__ import annotations

import re
from collections import Counter

from test_signoff import decided

ID = re.compile(r'\sid="([^"]+)"')


def repeated(html: str) -> list[str]:
    return sorted(i for i, n in Counter(ID.findall(html)).items() if n > 1)


def test_no_page_repeats_an_id(phone):
    t = decided(phone)
    pages = [
        "/",
        "/import",
        "/new/five-up",
        "/events/new",
        "/rules/five-up",
        f"/t/{t}",
        f"/t/{t}/card",
        f"/t/{t}/close",
        f"/t/{t}/match",
        f"/t/{t}/hand/1",
        f"/t/{t}/hand/1/move/1",
    ]
    found = {}
    for url in pages:
        r = phone.get(url)
        assert r.status_code == 200, url
        if dupes := repeated(r.get_data(as_text=True)):
            found[url] = dupes
    assert found == {}
