#!/usr/bin/env bash
# scripts/run.sh: set up and run Domino Referee on SQLite, with no configuration.
# Creates .venv and installs requirements.txt when needed, applies database migrations,
# then serves on http://$HOST:$PORT (default 0.0.0.0:5000, so the players' phones on the
# table's Wi-Fi can reach it) with gunicorn: $WORKERS processes (default 3) of $THREADS
# threads (default 4). Extra arguments go to gunicorn. On a system without gunicorn
# (Windows) it falls back to Flask's development server; `flask --app app run` stays the
# way to develop (reloader, debugger). See docs/deployment.md.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/venv.sh requirements.txt

if [ -d migrations ]; then
  echo "==> applying database migrations…"
  .venv/bin/flask --app app db upgrade
fi

bind="${HOST:-0.0.0.0}:${PORT:-5000}"
logs=()  # no access log by default (it costs at every poll): ACCESS_LOG=- for stdout
[ -n "${ACCESS_LOG:-}" ] && logs=(--access-logfile "$ACCESS_LOG")
if [ -x .venv/bin/gunicorn ]; then
  echo "==> serving on http://$bind with gunicorn, ${WORKERS:-3} workers × ${THREADS:-4} threads (Ctrl-C stops)"
  exec .venv/bin/gunicorn --workers "${WORKERS:-3}" --threads "${THREADS:-4}" \
    --bind "$bind" "${logs[@]}" --keep-alive 30 \
    --graceful-timeout 10 "$@" 'app:create_app()'
fi
echo "==> serving on http://$bind with Flask's development server (Ctrl-C stops)"
exec .venv/bin/flask --app app run --host "${HOST:-0.0.0.0}" --port "${PORT:-5000}" "$@"
