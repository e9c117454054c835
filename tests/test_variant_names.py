"""Issue 18: only the variants' own modules name a variant's id; every other module and
template asks the registry (adding a variant touches one place)."""

from __future__ import annotations

import re
from pathlib import Path

from referee.engine.variants import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
OWN = ROOT / "referee" / "engine" / "variants"


def test_no_module_or_template_outside_the_variants_names_a_variant_id():
    ids = [v.name for v in BUILT_IN]
    alternatives = "|".join(map(re.escape, ids))
    quoted = re.compile(rf"""["']({alternatives})["']""")
    files = [*(ROOT / "referee").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    naming = sorted(
        str(f.relative_to(ROOT))
        for f in files
        if OWN not in f.parents and quoted.search(f.read_text(encoding="utf-8"))
    )
    assert len(files) > 100 and len(ids) >= 4
    assert naming == [], naming
