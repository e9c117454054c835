#!/usr/bin/env bash
# scripts/pg.sh COMMAND [ARGS...]
# Run COMMAND with a throwaway PostgreSQL server: initdb into a fresh temporary directory,
# listen on 127.0.0.1 on a free port (and on a unix socket in that directory), create the
# database referee_test, export TEST_DATABASE_URL, run COMMAND, then stop the server and
# delete the directory whatever happens. Exits with COMMAND's status.
#   e.g. scripts/pg.sh .venv/bin/python -m pytest -m postgres
# Uses Debian's server binaries (/usr/lib/postgresql/*/bin; PG_BIN overrides). As root the
# server runs as the `postgres` user, since initdb and postgres refuse to run as root.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: scripts/pg.sh COMMAND [ARGS...]" >&2; exit 2; }

bin=${PG_BIN:-$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)}
if [ ! -x "$bin/initdb" ]; then
  echo "scripts/pg.sh: no PostgreSQL server binaries in /usr/lib/postgresql/*/bin" \
       "(apt-get install postgresql, or set PG_BIN)" >&2
  exit 1
fi

tmp=$(mktemp -d /tmp/referee-pg.XXXXXX)
if [ "$(id -u)" -eq 0 ]; then
  chown postgres: "$tmp"
  as_pg() { (cd "$tmp" && runuser -u postgres -- "$@"); }
else
  as_pg() { "$@"; }
fi

started=
# shellcheck disable=SC2317  # called through the trap
cleanup() {
  if [ -n "$started" ]; then
    as_pg "$bin/pg_ctl" -D "$tmp/data" -m fast -w -t 30 stop >/dev/null 2>&1 \
      || as_pg "$bin/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1 || true
    echo "==> PostgreSQL stopped"
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
echo "==> starting PostgreSQL $("$bin/postgres" -V | awk '{print $3}') on 127.0.0.1:$port (data in $tmp)…"
as_pg "$bin/initdb" -D "$tmp/data" -U postgres --auth=trust -E UTF8 --no-locale --no-sync \
  >"$tmp/initdb.log" 2>&1 || { cat "$tmp/initdb.log" >&2; exit 1; }
# Test settings: durability is not wanted for a database that is deleted afterwards
# (PG_DURABLE=1 keeps PostgreSQL's defaults, e.g. to measure a hall as it would run).
fast="-F -c synchronous_commit=off -c full_page_writes=off"
[ -n "${PG_DURABLE:-}" ] && fast=""
if ! as_pg "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 30 -o \
    "-h 127.0.0.1 -p $port -k $tmp $fast" \
    start >/dev/null; then
  echo "scripts/pg.sh: PostgreSQL did not start; its log:" >&2
  cat "$tmp/server.log" >&2
  exit 1
fi
started=1
"$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres referee_test

export TEST_DATABASE_URL="postgresql+psycopg://postgres@127.0.0.1:$port/referee_test"
status=0
"$@" || status=$?
exit "$status"
