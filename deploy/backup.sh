#!/usr/bin/env bash
# A consistent copy of the PostgreSQL database while the club runs (pg_dump's custom format, one
# snapshot), named by the time, into DIRECTORY; keeps the newest BACKUP_KEEP (default 14) and
# removes older ones. Prints the file it wrote.
#
#   deploy/backup.sh /var/backups/clube
#
# DATABASE_URL from the environment, else from /etc/clube-reservas/clube.env.
set -euo pipefail
directory="${1:?usage: backup.sh DIRECTORY}"
if [ -z "${DATABASE_URL:-}" ] && [ -r /etc/clube-reservas/clube.env ]; then
  set -a
  # shellcheck disable=SC1091
  . /etc/clube-reservas/clube.env
  set +a
fi
: "${DATABASE_URL:?set DATABASE_URL (or run as root where /etc/clube-reservas/clube.env is)}"
keep="${BACKUP_KEEP:-14}"
umask 077
mkdir -p "$directory"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
partial="$directory/.clube-$stamp.dump.partial"
trap 'rm -f "$partial"' EXIT
# --no-owner/--no-privileges: restorable by any role that owns the target database.
pg_dump --format=custom --no-owner --no-privileges --dbname="$DATABASE_URL" --file="$partial"
# Only a complete dump gets a backup's name, so rotation never keeps a broken one in its place.
mv "$partial" "$directory/clube-$stamp.dump"
find "$directory" -maxdepth 1 -name 'clube-*.dump' -printf '%f\n' | sort -r |
  tail -n "+$((keep + 1))" | while read -r old; do rm -f "$directory/$old"; done
echo "$directory/clube-$stamp.dump"
