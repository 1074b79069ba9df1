#!/usr/bin/env bash
# The http workload's footprint per held request measured from outside, to check the figure jvmmark
# reports (serverRssPerHeldRequest): starts one server with `jvmmark serve http`, opens CONNECTIONS
# keep-alive connections with scripts/HoldClient.java (our own client, not jvmmark's driver), then holds
# all of them, each with one /sleep outstanding at all times, and reads the server's RSS from /proc until
# it settles, idle and held. Prints both and (held − idle) ÷ CONNECTIONS. WARMUP_S > 0 first loads the
# server with /hello for that long (to see what a load before the hold changes).
#
#   scripts/measure-held-footprint.sh [JDK] [SERVER] [THREADS] [CONNECTIONS] [SLEEP_MS] [SETTLE_S] [WARMUP_S]
#   scripts/measure-held-footprint.sh 25 jdk virtual 1000 1000 30 0     (the defaults)
#
# Compare with: ./jvmmark run http --jdk 25 --variant jdk-virtual --profile quick --forks 1
# (the same settings as the default set: 1,000 connections, 1 s sleep; its hold phase also runs on the
# fresh server). Takes under 3 minutes (the server's start, two levels of at most SETTLE_S each, the
# warm-up). Run it on a quiet machine.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JDK="${1:-25}" SERVER="${2:-jdk}" THREADS="${3:-virtual}" CONNECTIONS="${4:-1000}" SLEEP_MS="${5:-1000}" SETTLE_S="${6:-30}" WARMUP_S="${7:-0}"
[ $((2 * SETTLE_S + WARMUP_S)) -le 140 ] || { echo "measure-held-footprint: 2 × SETTLE_S + WARMUP_S at most 140 (it must fit in 3 minutes)" >&2; exit 2; }

out=$(mktemp -d)
cleanup() {
  if [ -n "${serve_pid:-}" ] && kill -0 "$serve_pid" 2>/dev/null; then
    kill -TERM "$serve_pid" 2>/dev/null || true   # serve stops its server in its shutdown hook (SIGINT is ignored in a background job)
    wait "$serve_pid" 2>/dev/null || true
  fi
  rm -rf "$out"
}
trap cleanup EXIT

"$ROOT/jvmmark" serve http --jdk "$JDK" -p server="$SERVER" -p threads="$THREADS" -p sleepMillis="$SLEEP_MS" \
  > "$out/serve.log" 2>&1 &
serve_pid=$!
for _ in $(seq 1 600); do
  grep -q 'serving on' "$out/serve.log" && break
  kill -0 "$serve_pid" 2>/dev/null || { cat "$out/serve.log" >&2; exit 1; }
  sleep 0.2
done
line=$(grep 'serving on' "$out/serve.log") || { echo "measure-held-footprint: the server did not start" >&2; exit 1; }
port=$(sed -n 's/.*server\.port=\([0-9]*\).*/\1/p' <<< "$line")
pid=$(sed -n 's/.*server\.pid=\([0-9]*\).*/\1/p' <<< "$line")
echo "$line"
echo "load: $(uptime)"
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
"$java_bin" "$ROOT/scripts/HoldClient.java" 127.0.0.1 "$port" "$pid" "$CONNECTIONS" "$SETTLE_S" "$WARMUP_S"
