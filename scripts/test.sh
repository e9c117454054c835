#!/usr/bin/env bash
# scripts/test.sh [PYTEST-ARGS...]
# The one command that sets up and runs every test, on a fresh Debian machine too; CI runs
# it through .ci/run. Installs Debian's chromium and postgresql when missing (as root),
# makes .venv with requirements-dev.txt, runs `ruff check .` and `ruff format --check .`,
# then pytest against a throwaway PostgreSQL server (scripts/pg.sh), with the coverage of
# referee/ and app.py printed at the end (pytest-cov; pyproject.toml's [tool.coverage]).
# Exits with pytest's status (1 if only a check failed); a run that collects no tests
# (pytest status 5) fails too.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
if ! .venv/bin/python -c '' 2>/dev/null && ! "${PYTHON:-python3}" -c 'import ensurepip' 2>/dev/null; then
  need+=(python3-venv)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "scripts/test.sh: missing Debian packages: ${need[*]}" >&2
    echo "  install them as root:  apt-get install -y ${need[*]}   (or run this script as root)" >&2
    exit 1
  fi
  echo "==> installing Debian packages: ${need[*]}…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

bash scripts/venv.sh requirements-dev.txt

# Playwright drives Debian's /usr/bin/chromium; it must never download a browser of its own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Every check runs, whatever the one before it found; a failed one fails the script (below).
checks=()
echo "==> ruff check ."
.venv/bin/ruff check . || checks+=("ruff check .")
echo "==> ruff format --check ."
.venv/bin/ruff format --check . || checks+=("ruff format --check . (run: .venv/bin/ruff format .)")
# the type checker on the pure parts: engine, events, ratings ([tool.mypy] in pyproject.toml)
echo "==> mypy"
.venv/bin/mypy || checks+=("mypy")

echo "==> pytest $*"
status=0
bash scripts/pg.sh .venv/bin/python -m pytest --cov --cov-report=term:skip-covered "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "scripts/test.sh: pytest collected no tests; that counts as a failure" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "==> tests failed (pytest exit status $status)" >&2
  exit "$status"
fi
if [ ${#checks[@]} -gt 0 ]; then
  echo "==> tests passed, but these checks failed (see above):" >&2
  printf '      %s\n' "${checks[@]}" >&2
  exit 1
fi
echo "==> checks clean, all tests passed"
