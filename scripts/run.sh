#!/usr/bin/env bash
# scripts/run.sh: set up and run Domino Referee on SQLite, with no configuration.
# Creates .venv and installs the locked requirements.txt when needed, applies database
# migrations, then serves on http://$HOST:$PORT (default 0.0.0.0:5000, so the players'
# phones on the table's Wi-Fi can reach it) with Granian: $WORKERS processes (default: one
# per core, `nproc`), each with $THREADS threads (default 4) for the app. The connections
# are held by Granian's own (Rust) event loop, and a request reaches a thread only once it
# has arrived whole (referee/web/server/serve.py), so slow or stalled clients cost a socket, not a thread
# (docs/performance.md, "Slow clients"). With CERT and KEY (a PEM certificate chain and
# its PKCS#8 key) it serves https:// itself. Extra arguments go to Granian. On a system
# without Granian it falls back to Flask's development server; `flask --app app run`
# stays the way to develop (reloader, debugger). See docs/deployment.md.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/venv.sh requirements.txt

if [ -d migrations ]; then
  echo "==> applying database migrations…"
  .venv/bin/flask --app app db upgrade
fi

host="${HOST:-0.0.0.0}" port="${PORT:-5000}" scheme=http
# TRUSTED_PROXIES believes the X-Forwarded-For of whoever connects: a client that reaches
# this port past the proxy names its own address (and escapes the PIN and table-code
# limits). Behind a proxy on this machine, listen on loopback alone.
case "${TRUSTED_PROXIES:-0}:$host" in
  0:* | *:127.* | *:::1 | *:localhost) ;;
  *)
    echo "scripts/run.sh: warning: TRUSTED_PROXIES=$TRUSTED_PROXIES believes the address any client that connects gives, and HOST=$host lets clients reach port $port past the proxy: set HOST=127.0.0.1 behind a proxy on this machine, or let only the proxy reach port $port (docs/deployment.md, \"Settings\")" >&2
    ;;
esac
tls=()
if [ -n "${CERT:-}" ] || [ -n "${KEY:-}" ]; then
  if [ -z "${CERT:-}" ] || [ -z "${KEY:-}" ]; then
    echo "scripts/run.sh: set both CERT (the certificate) and KEY (its key), or neither" >&2
    exit 2
  fi
  tls=(--ssl-certificate "$CERT" --ssl-keyfile "$KEY")
  scheme=https
fi
logs=(--no-access-log)  # no access log by default (it costs at every poll)
[ -n "${ACCESS_LOG:-}" ] && logs=(--access-log)
# many phones (and slow clients) at once: as many open files as the system allows, and
# as many open connections per worker as a hall has phones and spectators (Granian's
# default, its backlog / workers = 341 a worker, left a 400-table hall's extra phones
# waiting for the whole run: docs/performance.md, "Twice the hall")
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
backlog="${BACKLOG:-4096}" connections="${CONNECTIONS:-8192}"
workers="${WORKERS:-$(nproc 2>/dev/null || echo 2)}"  # a process per core: no more than it has

if [ -x .venv/bin/granian ]; then
  echo "==> serving on $scheme://$host:$port with Granian, $workers workers × ${THREADS:-4} threads (Ctrl-C stops)"
  export THREADS="${THREADS:-4}"  # read by app:asgi_app in each worker
  exec .venv/bin/granian --interface asginl --factory \
    --host "$host" --port "$port" --workers "$workers" \
    --backlog "$backlog" --backpressure "$connections" \
    --respawn-failed-workers --workers-kill-timeout 10 "${logs[@]}" "${tls[@]}" \
    "$@" app:asgi_app
fi
echo "==> serving on $scheme://$host:$port with Flask's development server (Ctrl-C stops)"
flask_tls=()
[ ${#tls[@]} -gt 0 ] && flask_tls=(--cert "$CERT" --key "$KEY")
exec .venv/bin/flask --app app run --host "$host" --port "$port" "${flask_tls[@]}" "$@"
