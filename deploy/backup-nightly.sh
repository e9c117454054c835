#!/usr/bin/env bash
# deploy/backup-nightly.sh: one night's backup (run by deploy/domino-referee-backup.service).
# Backs the database up into $BACKUP_DIR/referee-YYYY-MM-DD.backup (SQLite: the online
# backup API; PostgreSQL: pg_dump's custom format), reads it back (`backup --check`: it
# opens, and says how many matches and moves it holds), then deletes the backups older
# than $BACKUP_DAYS days. Safe while the tables are recording.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${BACKUP_DIR:-/var/backups/domino-referee}"
mkdir -p "$dir"
file="$dir/referee-$(date +%F).backup"
.venv/bin/flask --app app backup "$file"
.venv/bin/flask --app app backup --check "$file"
find "$dir" -maxdepth 1 -name 'referee-*.backup' -mtime "+${BACKUP_DAYS:-30}" -print -delete
