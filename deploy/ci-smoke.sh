#!/usr/bin/env bash
# The deployment as CI brings it up (called by .ci/run after the build; budget 3 minutes, about
# one in practice): Debian's nginx with a self-signed certificate in front of two built API
# processes on a scratch PostgreSQL database and Redis, and an SMTP server; then the smoke run
# (apps/api/test/deploy-smoke/run.ts) through nginx over HTTPS and HTTP/2.
#
# Ports (override when they are taken): SMOKE_HTTPS_PORT=8443, SMOKE_HTTP_PORT=3780,
# SMOKE_API_PORTS="3701 3702". PostgreSQL: SMOKE_DATABASE_URL (a server where it may create and
# drop a database; default postgres://postgres@127.0.0.1:5432/postgres). Redis: SMOKE_REDIS_URL.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "Installing nginx (Debian package)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi
export PATH="$PATH:/usr/sbin"

if [ ! -f apps/api/dist/server.js ] || [ ! -f apps/web/dist/index.html ]; then
  npm run build
fi

certificates="$(mktemp -d)"
trap 'rm -rf "$certificates"' EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
  -addext 'subjectAltName=DNS:localhost,IP:127.0.0.1' \
  -keyout "$certificates/key.pem" -out "$certificates/certificate.pem" 2>/dev/null

export SMOKE_CERTIFICATE="$certificates/certificate.pem"
export SMOKE_CERTIFICATE_KEY="$certificates/key.pem"
timeout --kill-after=10 180 node --import tsx apps/api/test/deploy-smoke/run.ts
