#!/usr/bin/env bash
# Takes a Debian machine (12 or 13) to Clube Reservas on HTTPS: PostgreSQL, Redis and nginx from
# Debian's packages, the app in /opt/clube-reservas, N API processes under systemd, nginx with TLS
# in front. Run as root from a checkout of the repository; running it again changes nothing
# unless the checkout, the settings below or a file it manages changed (then it updates that and
# restarts what depends on it). Secrets are generated once into /etc/clube-reservas/clube.env and
# never replaced.
#
#   SERVER_NAME=reservas.clube.com.br ./deploy/install.sh
#
# Settings (environment):
#   SERVER_NAME          the club's host name (required)
#   API_PORTS            the API processes' ports, default "3001 3002"
#   TLS_CERTIFICATE      certificate chain (PEM) and its key, e.g. from certbot; without them a
#   TLS_CERTIFICATE_KEY  self-signed certificate is made (browsers warn until a real one is set)
#   SMTP_URL, MAIL_FROM  written into clube.env on the first run only (edit the file afterwards)
set -euo pipefail

source_dir="$(cd "$(dirname "$0")/.." && pwd)"
app_dir=/opt/clube-reservas
etc_dir=/etc/clube-reservas
env_file="$etc_dir/clube.env"
state_dir=/var/lib/clube-reservas
api_ports="${API_PORTS:-3001 3002}"
: "${SERVER_NAME:?set SERVER_NAME to the host name of the club, e.g. SERVER_NAME=reservas.clube.com.br}"

say() { printf '\n== %s\n' "$*"; }
[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }

# Installs `src` as `dest` when their contents differ; answers 0 (true) when it wrote.
install_if_changed() {
  local src="$1" dest="$2" mode="$3"
  if [ -f "$dest" ] && cmp -s "$src" "$dest"; then return 1; fi
  install -D -m "$mode" "$src" "$dest"
  return 0
}

say "Debian packages"
packages=(postgresql postgresql-contrib redis-server nginx openssl rsync curl ca-certificates)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
    missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

say "Node.js 20.19 or later"
node_ok() {
  command -v node >/dev/null &&
    node -e 'const [a, b] = process.versions.node.split(".").map(Number);
      process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)'
}
if ! node_ok; then
  candidate="$(apt-cache policy nodejs | awk '/Candidate:/ {print $2}')"
  if dpkg --compare-versions "${candidate:-0}" ge 20.19; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm
  else
    echo "Debian offers nodejs ${candidate:-none}; install Node.js 22 into /usr/local first (deploy/README.md, \"From a fresh machine\"), then run this again." >&2
    exit 1
  fi
fi

say "user and folders"
id clube >/dev/null 2>&1 ||
  useradd --system --home-dir "$state_dir" --no-create-home --shell /usr/sbin/nologin clube
install -d -m 0755 "$app_dir"
install -d -m 0750 -o root -g clube "$etc_dir"
install -d -m 0700 -o clube -g clube "$state_dir"

say "the app in $app_dir"
code_changed=false
if [ "$source_dir" != "$app_dir" ]; then
  # --omit-dir-times: the build writes into apps/api and apps/web, which changes their times
  # but not the code; compared, they would rebuild and restart on every run.
  changes="$(rsync -a --omit-dir-times --delete --itemize-changes \
    --exclude .git --exclude node_modules --exclude data --exclude 'apps/*/dist' \
    --exclude 'apps/web/test-results' --exclude 'bench/results' \
    "$source_dir/" "$app_dir/")"
  [ -n "$changes" ] && code_changed=true
fi
if $code_changed || [ ! -d "$app_dir/node_modules" ] || [ ! -f "$app_dir/apps/api/dist/server.js" ]; then
  (cd "$app_dir" && npm ci --no-audit --no-fund && npm run build)
  code_changed=true
fi

say "PostgreSQL: role and database clube"
systemctl enable --now postgresql >/dev/null
as_postgres() { (cd / && runuser -u postgres -- psql -v ON_ERROR_STOP=1 -qAt "$@"); }
if [ ! -f "$env_file" ]; then
  database_password="$(openssl rand -hex 24)"
else
  database_password="$(sed -n 's|^DATABASE_URL=postgres://clube:\([^@]*\)@.*|\1|p' "$env_file")"
fi
if [ "$(as_postgres -c "select 1 from pg_roles where rolname = 'clube'")" != 1 ]; then
  as_postgres -c "create role clube login password '$database_password'"
fi
if [ "$(as_postgres -c "select 1 from pg_database where datname = 'clube'")" != 1 ]; then
  as_postgres -c "create database clube owner clube"
fi
for extension in btree_gist pg_trgm unaccent; do
  as_postgres -d clube -c "create extension if not exists $extension"
done
systemctl enable --now redis-server >/dev/null

say "settings: $env_file"
env_changed=false
if [ ! -f "$env_file" ]; then
  vapid="$("$app_dir/node_modules/.bin/web-push" generate-vapid-keys --json)"
  vapid_public="$(node -e 'console.log(JSON.parse(process.argv[1]).publicKey)' "$vapid")"
  vapid_private="$(node -e 'console.log(JSON.parse(process.argv[1]).privateKey)' "$vapid")"
  umask 027
  cat >"$env_file" <<ENV
# Read by every API process and by clube-cli (see deploy/README.md). Must be the same in every
# process: JWT_SECRET, VAPID_*, PUBLIC_URL, SMTP_URL, MAIL_FROM, DATABASE_URL, REDIS_*. PORT and
# DATA_DIR are set per process by clube-reservas@.service. Quote values with spaces.
HOST=127.0.0.1
TRUST_PROXY=1
DATABASE_URL=postgres://clube:${database_password}@127.0.0.1:5432/clube
DATABASE_POOL_SIZE=10
REDIS_URL=redis://127.0.0.1:6379
REDIS_PREFIX=clube:
JWT_SECRET=$(openssl rand -base64 48 | tr -d '\n')
PUBLIC_URL=https://${SERVER_NAME}
MAIL_FROM="${MAIL_FROM:-Clube Reservas <nao-responda@${SERVER_NAME}>}"
${SMTP_URL:+SMTP_URL=${SMTP_URL}}
VAPID_PUBLIC_KEY=${vapid_public}
VAPID_PRIVATE_KEY=${vapid_private}
VAPID_SUBJECT=mailto:nao-responda@${SERVER_NAME}
ENV
  umask 022
  env_changed=true
fi
chown root:clube "$env_file"
chmod 0640 "$env_file"

say "TLS certificate"
tls_certificate="${TLS_CERTIFICATE:-$etc_dir/tls/self-signed.pem}"
tls_certificate_key="${TLS_CERTIFICATE_KEY:-$etc_dir/tls/self-signed.key}"
if [ -z "${TLS_CERTIFICATE:-}" ] && [ ! -f "$tls_certificate" ]; then
  install -d -m 0700 "$etc_dir/tls"
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=${SERVER_NAME}" \
    -addext "subjectAltName=DNS:${SERVER_NAME}" \
    -keyout "$tls_certificate_key" -out "$tls_certificate" 2>/dev/null
fi

say "nginx"
nginx_changed=false
site="$(mktemp)"
# shellcheck disable=SC2086 # the ports are words
SERVER_NAME="$SERVER_NAME" TLS_CERTIFICATE="$tls_certificate" \
  TLS_CERTIFICATE_KEY="$tls_certificate_key" WEB_DIST="$app_dir/apps/web/dist" \
  SITE_DIR=/etc/nginx "$source_dir/deploy/render-nginx-site.sh" $api_ports >"$site"
install_if_changed "$site" /etc/nginx/sites-available/clube-reservas 0644 && nginx_changed=true
rm -f "$site"
install_if_changed "$source_dir/deploy/nginx/clube-reservas-proxy.conf" \
  /etc/nginx/clube-reservas-proxy.conf 0644 && nginx_changed=true
if [ ! -L /etc/nginx/sites-enabled/clube-reservas ]; then
  ln -s /etc/nginx/sites-available/clube-reservas /etc/nginx/sites-enabled/clube-reservas
  nginx_changed=true
fi
if [ -L /etc/nginx/sites-enabled/default ]; then
  rm /etc/nginx/sites-enabled/default
  nginx_changed=true
fi
install -d -m 0755 /var/www/letsencrypt
nginx -t -q
systemctl enable --now nginx >/dev/null
$nginx_changed && systemctl reload nginx

say "API processes: $api_ports"
units_changed=false
install_if_changed "$source_dir/deploy/systemd/clube-reservas@.service" \
  /etc/systemd/system/clube-reservas@.service 0644 && units_changed=true
install_if_changed "$source_dir/deploy/systemd/clube-reservas.target" \
  /etc/systemd/system/clube-reservas.target 0644 && units_changed=true
$units_changed && systemctl daemon-reload
systemctl enable --quiet clube-reservas.target
for port in $api_ports; do
  systemctl enable --quiet "clube-reservas@$port.service"
done
if $code_changed || $env_changed || $units_changed; then
  # All at once: the first migrates the database while the others wait for it.
  # shellcheck disable=SC2046,SC2086 # the ports are words
  systemctl restart $(printf 'clube-reservas@%s.service ' $api_ports)
else
  # shellcheck disable=SC2046,SC2086 # the ports are words
  systemctl start $(printf 'clube-reservas@%s.service ' $api_ports)
fi
# The target the README restarts and reports on (its processes are running already).
systemctl start clube-reservas.target

cli=/usr/local/bin/clube-cli
cli_script="$(mktemp)"
cat >"$cli_script" <<'CLI'
#!/usr/bin/env bash
# Clube Reservas' CLI with the servers' settings: clube-cli create-club --name "Meu Clube"
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "run as root (it reads /etc/clube-reservas/clube.env)" >&2; exit 1; }
set -a
. /etc/clube-reservas/clube.env
set +a
export DATA_DIR=/var/lib/clube-reservas/cli
cd /opt/clube-reservas
exec runuser -u clube -- node apps/api/dist/cli.js "$@"
CLI
install_if_changed "$cli_script" "$cli" 0755 || true
rm -f "$cli_script"

say "waiting for https://$SERVER_NAME/api/health"
for _ in $(seq 1 120); do
  if curl -fsS --insecure --resolve "$SERVER_NAME:443:127.0.0.1" \
    "https://$SERVER_NAME/api/health" >/dev/null 2>&1; then
    echo "Clube Reservas answers on https://$SERVER_NAME"
    echo "Next: clube-cli create-club --name \"Meu Clube\" (see deploy/README.md)"
    exit 0
  fi
  sleep 1
done
echo "no answer from https://$SERVER_NAME/api/health: journalctl -u 'clube-reservas@*'" >&2
exit 1
