"""The house rule: the engine imports no web framework."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = {"flask", "flask_sqlalchemy", "sqlalchemy", "wtforms", "flask_wtf", "flask_migrate"}


def test_engine_imports_no_web_module():
    code = (
        "import sys, referee.engine, referee.engine.simulate, referee.engine.check, "
        "referee.engine.rulebook, referee.__main__;"
        "print(' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert "referee.engine" in out
    assert not WEB & {m.split(".")[0] for m in out}
    assert not [m for m in out if m.startswith("referee.web")]
