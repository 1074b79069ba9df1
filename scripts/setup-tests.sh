#!/usr/bin/env bash
# Installs what the test suite needs beyond a JDK: a real browser for the HTML report, a C IRC
# server and a C IRC client to prove the chat workload against code we did not write, and an
# external timer to cross-check startup figures, Rust (cargo) for the http workload's axum reference and wrk;
# Slurm (slurm-wlm) and munge, for a private single-node cluster that runs the Slurm example;
# mkfs.ext4 and losetup/mount (a small loop-mounted file system the queue-large tests fill up); and Temurin 11 and 21 runtimes beside the
# machine's JDKs, so the end-to-end tests cover four JDK versions. Idempotent; needs root (or sudo)
# for apt-get.
set -euo pipefail
want=()
command -v chromium >/dev/null 2>&1 || want+=(chromium)
command -v ngircd   >/dev/null 2>&1 || [ -x /usr/sbin/ngircd ] || want+=(ngircd)
command -v ii       >/dev/null 2>&1 || want+=(ii)
command -v hyperfine >/dev/null 2>&1 || want+=(hyperfine)
[ -x /usr/bin/time ] || want+=(time)
# the queue-large tests fill up a small loop-mounted ext4 file system
command -v mkfs.ext4 >/dev/null 2>&1 || [ -x /usr/sbin/mkfs.ext4 ] || want+=(e2fsprogs)
command -v losetup  >/dev/null 2>&1 || [ -x /usr/sbin/losetup ] || want+=(mount)
# the history's tests start a throwaway PostgreSQL cluster (initdb, pg_ctl) on a free port
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || want+=(postgresql)
# the history's cross-check runs Apache Otava from PyPI in a venv (Debian splits ensurepip into python3-venv)
command -v python3 >/dev/null 2>&1 || want+=(python3)
python3 -c "import ensurepip" >/dev/null 2>&1 || want+=(python3-venv)
# The http workload's native reference (axum 0.8) needs Rust >= 1.78: Debian 12's `cargo` is 1.63,
# its `cargo-web` (the toolchain Firefox ESR builds with) is recent and installs /usr/bin/cargo.
command -v cargo    >/dev/null 2>&1 || want+=(cargo-web)
# wrk: the reference the http driver's throughput is checked against (workloads/http/README.md)
command -v wrk      >/dev/null 2>&1 || want+=(wrk)
# SlurmClusterTest runs the Slurm example on a private single-node Slurm (slurmctld, slurmd, sbatch)
# with its own munged; it starts them itself, so the packages' system services are not needed
{ [ -x /usr/sbin/slurmctld ] && [ -x /usr/sbin/slurmd ] && command -v sbatch >/dev/null 2>&1; } || want+=(slurm-wlm)
command -v munged   >/dev/null 2>&1 || [ -x /usr/sbin/munged ] || want+=(munge)
if [ ${#want[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup-tests: installing ${want[*]}" >&2
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null
fi
# Build the axum reference once now (crates from the Rust registry), not inside a trial's time limit.
"$(dirname "${BASH_SOURCE[0]}")/../workloads/http/axum/build.sh" >/dev/null
# The end-to-end tests run on every JDK found; these two make sure there are more than the host's.
"$(dirname "${BASH_SOURCE[0]}")/install-jdks.sh" 11 21 >&2
# Apache Otava, to cross-check the history's change detection (HistoryOtavaCrossCheckTest)
OTAVA_VENV="${JVMMARK_OTAVA_VENV:-$HOME/.cache/jvmmark/otava-venv}"
if [ ! -x "$OTAVA_VENV/bin/python" ] || ! "$OTAVA_VENV/bin/python" -c "import otava" 2>/dev/null; then
  python3 -m venv "$OTAVA_VENV" >&2
  "$OTAVA_VENV/bin/pip" install -q apache-otava >&2
fi
