#!/usr/bin/env bash
# scripts/run.sh: set up and run Domino Referee on SQLite, with no configuration.
# Creates .venv and installs requirements.txt when needed, applies database migrations,
# then serves on http://$HOST:$PORT (default 0.0.0.0:5000, so the players' phones on the
# table's Wi-Fi can reach it). Extra arguments go to `flask run`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/venv.sh requirements.txt

if [ -d migrations ]; then
  echo "==> applying database migrations…"
  .venv/bin/flask --app app db upgrade
fi

echo "==> serving on http://${HOST:-0.0.0.0}:${PORT:-5000} (Ctrl-C stops)"
exec .venv/bin/flask --app app run --host "${HOST:-0.0.0.0}" --port "${PORT:-5000}" "$@"
