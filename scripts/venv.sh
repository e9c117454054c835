#!/usr/bin/env bash
# scripts/venv.sh REQUIREMENTS-FILE
# Make sure .venv exists and holds what REQUIREMENTS-FILE asks for: a lock (exact versions
# with their sha256 hashes, made by scripts/lock.sh), so pip installs exactly what was
# tested and checks every file it downloads. pip runs only when a requirements*.txt file
# changed since the last install (a stamp file in .venv remembers). Used by scripts/run.sh
# (requirements.txt) and scripts/test.sh (requirements-dev.txt, which holds the same
# versions of everything in requirements.txt, so its install counts for both).
set -euo pipefail
cd "$(dirname "$0")/.."
req=${1:?usage: scripts/venv.sh REQUIREMENTS-FILE}

if ! .venv/bin/python -c '' 2>/dev/null; then
  echo "==> creating .venv ($(${PYTHON:-python3} -V 2>&1))…"
  "${PYTHON:-python3}" -m venv --clear .venv
fi

stamp=".venv/.installed-$(basename "$req")"
# the locks are made together (scripts/lock.sh), so every requirements file counts.
want=$(cat requirements*.txt | sha256sum | cut -d' ' -f1)
dev_stamp=.venv/.installed-requirements-dev.txt
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] && [ "$(cat "$dev_stamp" 2>/dev/null)" != "$want" ]; then
  echo "==> installing Python packages from $req (locked versions, hashes checked)…"
  # --no-deps: the lock already lists every package with its version, so pip resolves
  # nothing (pip 23's resolver took `coverage[toml]>=7.10.6`, pytest-cov's requirement, as
  # a second one and chose a newer coverage than the lock's, which hash mode then refused);
  # `pip check` then says whether what was installed holds together.
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps -r "$req"
  .venv/bin/python -m pip check --disable-pip-version-check
  echo "$want" >"$stamp"
fi

# The message catalogues (translations/*/LC_MESSAGES/messages.po) compiled into .mo files,
# which are not committed (scripts/i18n.sh explains the catalogues).
.venv/bin/pybabel -q compile -d translations
