#!/usr/bin/env bash
# deploy/flask.sh ARGS...: `flask --app app ARGS` as the service runs it: as its user
# (referee), with its settings (/etc/domino-referee/env, or $REFEREE_ENV). E.g.
#   sudo /srv/domino-referee/deploy/flask.sh backup --check /var/backups/domino-referee/referee-2026-12-01.backup
#   sudo /srv/domino-referee/deploy/flask.sh db upgrade
set -euo pipefail
cd "$(dirname "$0")/.."
user=${REFEREE_USER:-referee}
if [ "$(id -u)" -eq 0 ] && [ "$user" != root ]; then
  exec runuser -u "$user" -- env REFEREE_ENV="${REFEREE_ENV:-}" "$0" "$@"
fi
set -a
# shellcheck disable=SC1090
. "${REFEREE_ENV:-/etc/domino-referee/env}"
set +a
exec .venv/bin/flask --app app "$@"
