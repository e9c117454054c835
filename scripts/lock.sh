#!/usr/bin/env bash
# scripts/lock.sh [PIP-COMPILE-ARGS...]
# Make the locks from what the app asks for: requirements.in -> requirements.txt (what
# scripts/run.sh installs) and requirements-dev.in -> requirements-dev.txt (what
# scripts/test.sh installs), exact versions with every file's sha256, by pip-tools'
# pip-compile, in a throwaway virtualenv of its own (pip-tools is not one of the app's
# packages). The packages come from pip's configured index (pip config list).
# Without arguments it keeps the versions already locked and adds only what is missing;
# `scripts/lock.sh --upgrade` takes the newest versions the .in files allow, and
# `scripts/lock.sh --upgrade-package flask` only Flask's. See docs/development.md.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
"${PYTHON:-python3}" -m venv "$tools"
"$tools/bin/python" -m pip install --quiet --disable-pip-version-check "pip-tools>=7.4"
compile=("$tools/bin/pip-compile" --quiet --generate-hashes --allow-unsafe --strip-extras
         --no-emit-index-url --no-emit-find-links "$@")
"${compile[@]}" --output-file requirements.txt requirements.in
"${compile[@]}" --output-file requirements-dev.txt requirements-dev.in
echo "==> requirements.txt: $(grep -c '==' requirements.txt) packages; requirements-dev.txt: $(grep -c '==' requirements-dev.txt)"
