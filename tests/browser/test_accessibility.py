"""axe-core (bundled in axe-playwright-python, loaded from the package: nothing from the
network) finds no serious or critical violation on the pages a table uses, at phone size;
and no page is wider than the phone."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

pytestmark = pytest.mark.browser

HAND = (
    "Ana 5-5; Ben 5-0 on 5-5; Ana 0-0 on 5-0; Ben draw 2; Ben 5-3 on 5-5; "
    "Ana 3-3 on 5-3; Ben 5-2 on 5-5; Ana 3-1 on 3-3; Ben 2-2 on 5-2; Ana 4-1 on 3-1"
)


def test_no_serious_or_critical_violations(page, table, live):
    axe = Axe()
    t = table.start("five-up", ["Ana", "Ben"], target=15)
    table.moves(t, HAND)
    done = table.start("five-up", ["Ana", "Ben", "Cleo", "Dan"])
    table.moves(done, "Ana 5-5; Ben 5-0 on 5-5; Cleo draw 2")
    settled = table.start("five-up", ["Ana", "Ben"], target=15)
    table.moves(settled, HAND)
    table.settle(settled, {"Ben": "6-6 6-5 4-2"})
    read = table.read_token(done)
    urls = {
        "home": "/",
        "start": "/new/five-up?players=4",
        "start (Čtyřka)": "/new/ctyrka?players=9",
        "table": f"/t/{done}",
        "table, a tile chosen": f"/t/{done}?tile=5-3",
        "table, a tile that fits nowhere": f"/t/{done}?tile=6-1",
        "table, the lead": f"/t/{table.start('ctyrka', ['Ana', 'Ben', 'Cleo'])}?tile=6-6",
        "table, hand over": f"/t/{t}",
        "spectators' table": f"/s/{read}",
        "the tiles left": f"/t/{t}/end",
        "settlement": f"/t/{settled}/hand/1",
        "match and chart": f"/t/{settled}/match",
        "undo": f"/t/{done}/undo",
        "rules": "/rules/five-up",
        "rules (Čtyřka)": "/rules/ctyrka",
        "import": "/import",
    }
    found = {}
    for name, url in urls.items():
        page.goto(url)
        response = axe.run(page).response
        bad = [
            f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in response["violations"]
            if v["impact"] in ("serious", "critical")
        ]
        if bad:
            found[name] = bad
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (name, f"{width} px wide: something is off screen")
    assert found == {}
    # axe does find what it should: a button with no name is critical
    page.set_content('<!doctype html><html lang="en"><title>x</title><button></button></html>')
    violations = axe.run(page).response["violations"]
    assert ("button-name", "critical") in [(v["id"], v["impact"]) for v in violations]
