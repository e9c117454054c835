"""`pip install .` and `pip install -e .`: the engine and the `referee` command, installed
into a fresh virtualenv from a copy of the project as a clone holds it (no .venv, no
compiled catalogues), run from a folder of their own with no checkout on sys.path.

The builds use the locked setuptools and Babel of the test environment (no build
isolation, nothing downloaded); `pip install .` with build isolation does the same with
the newest setuptools and Babel.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from referee.engine.variants import VARIANTS
from referee.language import compile_catalogues
from referee.languages import CODES, SOURCE, TRANSLATED

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
ILLEGAL = RECORDS / "illegal_fc_lock.json"  # hand 1, move 6 breaks FC-LOCK
LEGAL = RECORDS / "fiveup_4p_pairs.json"
# what a clone does not hold (.gitignore), and the test's own leftovers
NOT_IN_A_CLONE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "instance",
    "tmp",
    "node_modules",
    "__pycache__",
    "*.pyc",
    "*.mo",
    "build",
    "dist",
    "*.egg-info",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    ".coverage*",
)


def sh(*cmd, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)
    assert proc.returncode == 0, f"{cmd}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc


class Venv:
    """A fresh virtualenv and a folder outside the project to run its commands from."""

    def __init__(self, where: Path):
        self.path = where / "venv"
        self.elsewhere = where / "elsewhere"
        self.elsewhere.mkdir(parents=True)
        sh(sys.executable, "-m", "venv", "--without-pip", str(self.path))
        self.python = str(self.path / "bin" / "python")

    def install(self, wheel: Path):
        # the test environment's pip, installing into this virtualenv
        sh(sys.executable, "-m", "pip", "--python", self.python, "install", "--no-index",
           "--no-deps", "--quiet", str(wheel))  # fmt: skip

    def run(self, program: str, *args: str) -> subprocess.CompletedProcess:
        """`program` of the virtualenv's bin/, in a bare environment (no PYTHONPATH, the
        C locale) from a folder of its own."""
        env = {"PATH": f"{self.path / 'bin'}:/usr/bin:/bin", "HOME": str(self.elsewhere)}
        return subprocess.run(
            [str(self.path / "bin" / program), *args],
            cwd=self.elsewhere,
            env={**env, "LANG": "C.UTF-8"},
            capture_output=True,
            text=True,
            timeout=300,
        )

    def where(self, module: str) -> str:
        """Where the virtualenv imports `module` from, or "missing"."""
        code = (
            "import importlib.util, sys\n"
            f"s = importlib.util.find_spec({module!r})\n"
            "print(s.origin if s else 'missing')"
        )
        return self.run("python", "-c", code).stdout.strip()


def in_checkout(*args: str) -> subprocess.CompletedProcess:
    """`python -m referee ...` in the checkout, to compare with."""
    compile_catalogues()
    return subprocess.run(
        [sys.executable, "-m", "referee", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("clone") / "domino-referee"
    shutil.copytree(ROOT, src, ignore=NOT_IN_A_CLONE)
    assert not list(src.glob("translations/*/LC_MESSAGES/*.mo"))
    return src


@pytest.fixture(scope="module")
def wheel(clone, tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    sh(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
       "--quiet", "-w", str(dist), str(clone))  # fmt: skip
    (found,) = dist.glob("domino_referee-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Venv:
    venv = Venv(tmp_path_factory.mktemp("installed"))
    venv.install(wheel)
    return venv


def test_the_wheel_holds_the_engine_the_command_and_the_catalogues_not_the_web(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = z.read(meta).decode()
        (entry,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        entry_points = z.read(entry).decode()
    for name in ("referee/__main__.py", "referee/engine/check.py", "referee/events/__init__.py"):
        assert name in names
    for lang in ("pl", "cs"):
        assert f"referee/translations/{lang}/LC_MESSAGES/messages.mo" in names
    assert not [
        n
        for n in names
        if n.startswith(("referee/web/", "referee/ratings/", "app.py", "templates/"))
    ]
    assert "Requires-Dist" not in metadata  # the engine needs nothing but Python
    assert re.search(r"^referee = referee\.__main__:main$", entry_points, re.M)


def test_installed_engine_runs_from_the_virtualenv_without_flask(installed):
    assert installed.where("referee").startswith(str(installed.path))
    assert installed.where("flask") == "missing"
    assert installed.where("referee.web") == "missing"


def test_installed_referee_check_judges_records(installed):
    r = installed.run("referee", "check", str(ILLEGAL))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "hand 1, move 6" in r.stdout and "FC-LOCK" in r.stdout

    r = installed.run("referee", "check", "--json", str(LEGAL))
    assert r.returncode == 0, r.stdout + r.stderr
    expected = json.loads(LEGAL.with_suffix(".expected.json").read_text(encoding="utf-8"))
    verdict = json.loads(r.stdout)
    assert verdict["ok"] is True
    assert (verdict["totals"], verdict["match"]) == (expected["totals"], expected["match"])

    broken = installed.elsewhere / "broken.json"
    broken.write_text("{", encoding="utf-8")
    r = installed.run("referee", "check", str(broken))
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_installed_referee_check_speaks_the_languages(installed, lang):
    r = installed.run("referee", "check", "--lang", lang, str(ILLEGAL))
    english = installed.run("referee", "check", "--lang", "en", str(ILLEGAL))
    assert r.returncode == 1 and "FC-LOCK" in r.stdout
    assert r.stdout != english.stdout  # the catalogue was found
    assert r.stdout == in_checkout("check", "--lang", lang, str(ILLEGAL)).stdout


@pytest.mark.parametrize(
    "lang,doc", [(c, "rules.md" if c == SOURCE else f"rules.{c}.md") for c in CODES]
)
def test_installed_referee_rules_prints_the_rulebook(installed, lang, doc):
    r = installed.run("referee", "rules", "--lang", lang)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (ROOT / "docs" / doc).read_text(encoding="utf-8")


def test_installed_referee_bench_measures_every_variant(installed):
    r = installed.run("referee", "bench", "--json", "--seconds", "0.1")
    assert r.returncode == 0, r.stderr
    figures = json.loads(r.stdout)
    assert set(figures["hands_per_s"]) == set(figures["replay_ms"]) == set(VARIANTS)
    assert all(v > 0 for v in figures["hands_per_s"].values())
    assert all(v > 0 for v in figures["replay_ms"].values())


def test_editable_install_runs_the_checkout_from_any_folder(clone, tmp_path_factory):
    dist = tmp_path_factory.mktemp("editable-dist")
    # the hook `pip install -e .` calls (PEP 660), with the test environment's setuptools
    code = f"from setuptools import build_meta; print(build_meta.build_editable({str(dist)!r}))"
    name = sh(sys.executable, "-c", code, cwd=clone).stdout.split()[-1]
    venv = Venv(tmp_path_factory.mktemp("editable"))
    venv.install(dist / name)

    assert venv.where("referee") == str(clone / "referee" / "__init__.py")
    assert (clone / "translations" / "cs" / "LC_MESSAGES" / "messages.mo").is_file()
    r = venv.run("referee", "check", "--lang", "cs", str(ILLEGAL))
    assert r.returncode == 1 and "FC-LOCK" in r.stdout
    assert r.stdout == in_checkout("check", "--lang", "cs", str(ILLEGAL)).stdout
    r = venv.run("referee", "rules", "--lang", "pl")
    assert r.stdout == (ROOT / "docs" / "rules.pl.md").read_text(encoding="utf-8")
