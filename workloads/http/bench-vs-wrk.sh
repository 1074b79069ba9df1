#!/usr/bin/env bash
# Our http driver's requests/s and CPU per request against wrk's, on the same running server and
# connections, interleaved (wrk, ours, ours, wrk, ...) so drift on a shared machine hits both alike.
# CPU per request: wrk's whole process (user + system, from rusage) over the requests it counted;
# ours, the whole driver process over its measured window (driverCpuPerRequest).
#
#   [RATE=5000] [RATE_CONNECTIONS=100] [WRK_THREADS=2] workloads/http/bench-vs-wrk.sh [ROUNDS] [SECONDS] [CONNECTIONS...] -- SERVE_ARGS...
#   e.g. workloads/http/bench-vs-wrk.sh 3 5 100 1000 -- --jdk 25 --param server=netty --param threads=eventloop
#
# Starts `./jvmmark serve http SERVE_ARGS` (or uses URL=http://127.0.0.1:PORT/hello from the
# environment), warms the server up with wrk, then prints one line per run and the median ratio.
# The driver is a fresh JVM each run: it warms up DRIVER_WARMUP seconds (default 5) before measuring.
# Then, unless RATE=0, the open model: ROUNDS driver runs in rate mode at RATE requests/s (default
# 5000) over RATE_CONNECTIONS connections (default 100), each printing the driver's CPU per request,
# its p99 send lag, and that CPU against the median of wrk's CPU per request in max mode at the
# first connection level (issue 22's target: at most 3×). Each rate round is paired with a run of
# rate-floor.c (compiled here with cc), a one-thread C loop that sends each request at its due time
# and reads its answer: the same schedule with nothing but the kernel's work, a reference for on-time sends.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
JVMMARK="${JVMMARK:-$ROOT/jvmmark}"
ROUNDS="${1:-3}"; SECONDS_="${2:-5}"; shift 2 || true
CONNS=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do CONNS+=("$1"); shift; done
[ $# -gt 0 ] && shift
[ ${#CONNS[@]} -gt 0 ] || CONNS=(100 1000)
command -v wrk >/dev/null || { echo "bench-vs-wrk: wrk is not installed (apt-get install wrk)" >&2; exit 2; }
SERVER_PID=""
# (the server's own exit status, 143 after the kill, is not the script's)
FLOOR_DIR=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  [ -z "$FLOOR_DIR" ] || rm -rf "$FLOOR_DIR"
}
trap cleanup EXIT
if [ -z "${URL:-}" ]; then
  LOG=$(mktemp); "$JVMMARK" serve http "$@" >"$LOG" 2>&1 & SERVER_PID=$!
  for _ in $(seq 600); do grep -q "serving on" "$LOG" && break; sleep 0.1; done
  PORT=$(sed -n 's/.*server.port=\([0-9]*\).*/\1/p' "$LOG" | head -1)
  [ -n "$PORT" ] || { echo "bench-vs-wrk: the server did not start:"; cat "$LOG"; exit 1; } >&2
  URL="http://127.0.0.1:$PORT/hello"
fi
PORT=$(echo "$URL" | sed -n 's|.*:\([0-9]*\)/.*|\1|p')
wrk -t2 -c100 -d3s "$URL" >/dev/null   # warm the server's JIT before anything is measured
echo "# $(date -u '+%F %T UTC') commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?') $URL, $(nproc) CPUs"
# jvmmark starts its driver in a session of its own (setsid), which with the kernel's autogroup
# scheduling makes it one group among all on a shared machine: wrk gets the same treatment.
# prints "REQ_PER_S CPU_US_PER_REQUEST"
wrk_rps() {
  python3 - "$1" "$SECONDS_" "$URL" "${WRK_THREADS:-2}" <<'PY'
import re, resource, subprocess, sys
c, s, url, t = sys.argv[1:]
out = subprocess.run(["setsid", "-w", "wrk", "-t" + t, "-c" + c, "-d" + s + "s", url], capture_output=True, text=True, check=True).stdout
r = resource.getrusage(resource.RUSAGE_CHILDREN)
rps = float(re.search(r"Requests/sec:\s*([0-9.]+)", out).group(1))
n = int(re.search(r"(\d+) requests in", out).group(1))
print(f"{rps:.0f} {(r.ru_utime + r.ru_stime) / n * 1e6:.2f}")
PY
}
our_rps() {
  "$JVMMARK" drive http --port "$PORT" --json -p connections="$1" -p seconds="$SECONDS_" -p warmupSeconds="${DRIVER_WARMUP:-5}" -p hold=false \
    | python3 -c 'import json,sys; m=json.load(sys.stdin)["metrics"]; print("%.0f %.2f" % (m["requestsPerSecond"]["value"], m["driverCpuPerRequest"]["value"] / 1000))'
}
our_rate() { # prints "REQ_PER_S CPU_US_PER_REQUEST SEND_LAG_P99_MS"
  "$JVMMARK" drive http --port "$PORT" --json -p mode=rate -p rate="$1" -p connections="$2" -p seconds="$SECONDS_" \
    -p warmupSeconds="${DRIVER_WARMUP:-5}" -p hold=false \
    | python3 -c 'import json,sys; m=json.load(sys.stdin)["metrics"]; print("%.0f %.2f %.3f" % (m["requestsPerSecond"]["value"], m["driverCpuPerRequest"]["value"] / 1000, m["driverSendLagP99"]["value"] / 1e6))'
}
# every figure starts on a quiet machine: wait (up to 3 min) for the 1-minute load average to fall
# under MAX_LOAD (default 1.5) — the runs before it leave their own load behind — and print it
quiet() {
  for _ in $(seq 180); do
    python3 -c "import sys; sys.exit(0 if float(open('/proc/loadavg').read().split()[0]) < ${MAX_LOAD:-1.5} else 1)" && break
    sleep 1
  done
  cut -d' ' -f1 /proc/loadavg
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "connections round wrk_req_s ours_req_s ratio wrk_cpu_us_per_req ours_cpu_us_per_req load1_before_wrk load1_before_ours"
WRK_CPU_FIRST=""
for c in "${CONNS[@]}"; do
  ratios=(); wcpus=(); ocpus=()
  for r in $(seq "$ROUNDS"); do
    if [ $((r % 2)) -eq 1 ]; then lw=$(quiet); w=$(wrk_rps "$c"); lo=$(quiet); o=$(our_rps "$c")
    else lo=$(quiet); o=$(our_rps "$c"); lw=$(quiet); w=$(wrk_rps "$c"); fi
    read -r w wcpu <<<"$w"; read -r o ocpu <<<"$o"
    ratio=$(python3 -c "print(f'{$o/$w:.3f}')")
    ratios+=("$ratio"); wcpus+=("$wcpu"); ocpus+=("$ocpu")
    echo "$c $r $w $o $ratio $wcpu $ocpu $lw $lo"
  done
  wmed=$(printf '%s\n' "${wcpus[@]}" | median); omed=$(printf '%s\n' "${ocpus[@]}" | median)
  [ -n "$WRK_CPU_FIRST" ] || WRK_CPU_FIRST="$wmed"
  echo "$c median_ratio $(printf '%s\n' "${ratios[@]}" | median) median_cpu_us_per_req wrk $wmed ours $omed cpu_ratio $(python3 -c "print(f'{$omed/$wmed:.2f}')")"
done
RATE="${RATE:-5000}"
if [ "$RATE" != 0 ]; then
  RC="${RATE_CONNECTIONS:-100}"
  FLOOR_DIR="$(mktemp -d)"; FLOOR="$FLOOR_DIR/rate-floor"
  cc -O2 -o "$FLOOR" "$ROOT/workloads/http/rate-floor.c" || { echo "bench-vs-wrk: cc could not build rate-floor.c" >&2; exit 2; }
  echo "rate connections round ours_req_s ours_cpu_us_per_req send_lag_p99_ms cpu_vs_wrk_max floor_cpu_us_per_req ours_vs_floor load1_before_ours load1_before_floor"
  for r in $(seq "$ROUNDS"); do
    lo=$(quiet)
    read -r o ocpu lag <<<"$(our_rate "$RATE" "$RC")"
    lf=$(quiet)
    fcpu=$(setsid -w "$FLOOR" "$PORT" "$RATE" "$RC" "$SECONDS_" "${DRIVER_WARMUP:-5}" | sed -n 's/.*cpu_us_per_request \([0-9.]*\).*/\1/p')
    echo "$RATE $RC $r $o $ocpu $lag $(python3 -c "print(f'{$ocpu/$WRK_CPU_FIRST:.2f}')") $fcpu $(python3 -c "print(f'{$ocpu/$fcpu:.2f}')") $lo $lf"
  done
fi
