#!/usr/bin/env bash
# The chat driver against Debian's ngircd (a C server): the native reference beside
# `./jvmmark run chat`. Starts ngircd in the foreground on loopback with a throw-away config (limits
# relaxed for a load driver: no per-IP cap, long nicks, no penalty time; no PID file), runs
# `./jvmmark drive chat` against it, and stops it.
#   usage: workloads/chat/ngircd-reference.sh [jvmmark drive options]   (default: --profile standard)
#   e.g.   workloads/chat/ngircd-reference.sh --profile standard --param mode=capacity
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NGIRCD=/usr/sbin/ngircd
PORT="${NGIRCD_PORT:-16667}"
[ -x "$NGIRCD" ] || { echo "ngircd-reference: $NGIRCD not found (apt-get install ngircd)" >&2; exit 2; }
DIR="$(mktemp -d)"
PID=
cleanup() { [ -n "$PID" ] && kill "$PID" 2>/dev/null; rm -rf "$DIR"; }
trap cleanup EXIT
cat > "$DIR/ngircd.conf" <<CONF
[Global]
Name = jvmmark.reference
Info = jvmmark reference server
AdminInfo1 = jvmmark
AdminInfo2 = loopback only
AdminEMail = nobody@localhost
Listen = 127.0.0.1
Ports = $PORT
MotdPhrase = jvmmark reference server
[Limits]
MaxConnections = 0
MaxConnectionsIP = 0
MaxJoins = 0
MaxNickLength = 30
MaxPenaltyTime = 0
PingTimeout = 300
PongTimeout = 300
[Options]
DNS = no
Ident = no
PAM = no
CONF
"$NGIRCD" -n -f "$DIR/ngircd.conf" > "$DIR/ngircd.log" 2>&1 &
PID=$!
for _ in $(seq 100); do
  (echo > "/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break
  kill -0 "$PID" 2>/dev/null || { echo "ngircd-reference: ngircd did not start:" >&2; cat "$DIR/ngircd.log" >&2; exit 1; }
  sleep 0.1
done
if [ $# -eq 0 ]; then set -- --profile standard; fi
"$ROOT/jvmmark" drive chat --port "$PORT" "$@"
