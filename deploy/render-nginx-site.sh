#!/usr/bin/env bash
# Prints the nginx site of Clube Reservas (deploy/nginx/clube-reservas.conf.template) filled in.
# Usage: render-nginx-site.sh API_PORT... with, in the environment:
#   SERVER_NAME            e.g. reservas.clube.com.br
#   TLS_CERTIFICATE        path of the certificate chain (PEM)
#   TLS_CERTIFICATE_KEY    path of its private key
#   WEB_DIST               the web build, e.g. /opt/clube-reservas/apps/web/dist
#   SITE_DIR               where clube-reservas-proxy.conf is (the rendered site's folder)
#   HTTPS_PORT, HTTP_PORT  default 443 and 80
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
: "${SERVER_NAME:?}" "${TLS_CERTIFICATE:?}" "${TLS_CERTIFICATE_KEY:?}" "${WEB_DIST:?}" "${SITE_DIR:?}"
[ "$#" -ge 1 ] || { echo "usage: $0 API_PORT..." >&2; exit 2; }
servers=""
for port in "$@"; do
  case "$port" in *[!0-9]*) echo "not a port: $port" >&2; exit 2 ;; esac
  servers+="    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;\n"
done
sed -e "s|^@API_SERVERS@$|${servers%\\n}|" \
  -e "s|@SERVER_NAME@|${SERVER_NAME}|g" \
  -e "s|@TLS_CERTIFICATE@|${TLS_CERTIFICATE}|g" \
  -e "s|@TLS_CERTIFICATE_KEY@|${TLS_CERTIFICATE_KEY}|g" \
  -e "s|@WEB_DIST@|${WEB_DIST}|g" \
  -e "s|@SITE_DIR@|${SITE_DIR}|g" \
  -e "s|@HTTPS_PORT@|${HTTPS_PORT:-443}|g" \
  -e "s|@HTTP_PORT@|${HTTP_PORT:-80}|g" \
  "$here/nginx/clube-reservas.conf.template"
