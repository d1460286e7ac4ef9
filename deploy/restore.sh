#!/usr/bin/env bash
# Restores a backup of deploy/backup.sh into the database of TARGET_URL (default DATABASE_URL),
# replacing what it holds. Stop the API processes first when the target is the live database
# (`systemctl stop clube-reservas.target`); their next start migrates a backup of an older
# version forward.
#
#   TARGET_URL=postgres://clube:…@127.0.0.1:5432/clube deploy/restore.sh /var/backups/clube/clube-….dump
set -euo pipefail
file="${1:?usage: restore.sh FILE.dump}"
if [ -z "${TARGET_URL:-}" ] && [ -z "${DATABASE_URL:-}" ] && [ -r /etc/clube-reservas/clube.env ]; then
  set -a
  # shellcheck disable=SC1091
  . /etc/clube-reservas/clube.env
  set +a
fi
target="${TARGET_URL:-${DATABASE_URL:?set TARGET_URL or DATABASE_URL}}"
pg_restore --clean --if-exists --no-owner --no-privileges --exit-on-error \
  --single-transaction --dbname="$target" "$file"
