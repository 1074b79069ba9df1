#!/usr/bin/env bash
# One jvmmark plan over N identical Slurm nodes, in one submission: a job array runs one slice per
# task and a merge job, held until every task has ended well (--dependency=afterok), joins them into
# one results.json and report.
#
#   examples/cluster/jvmmark-slurm.sh                        # the example plan below, 4 slices
#   JVMMARK_SLICES=2 examples/cluster/jvmmark-slurm.sh synthetic chat --jdk 17,25 --forks 3
#
# Run it from anywhere; the jobs run in this checkout (the directory above examples/), which every
# node must see at the same path (a shared file system); it is built here, once, before submitting.
# Environment (all optional):
#   JVMMARK_SLICES   N, the number of slices and array tasks (4); at most the plan's units
#   JVMMARK_RUNS     where the slices and the merged set go (runs/slurm-<date-time> in the checkout);
#                    on the shared file system, as every node writes its slice there
#   JVMMARK          how to start jvmmark on a node (./jvmmark)
#   SBATCH_EXTRA     more sbatch options for both jobs, e.g. "--partition=bench --account=perf"
# Prints the two job ids and where the report will be; `squeue --me` shows them waiting and running.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
checkout="$(cd "$here/../.." && pwd)"
n="${JVMMARK_SLICES:-4}"
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "jvmmark-slurm: JVMMARK_SLICES=$n: expected a whole number >= 1" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "jvmmark-slurm: sbatch not found (run this on a Slurm login node)" >&2; exit 2; }
runs="${JVMMARK_RUNS:-runs/slurm-$(date -u +%Y%m%d-%H%M%S)}"
[ -z "${JVMMARK_RUNS:-}" ] || [[ "$runs" == /* ]] || runs="$PWD/$runs"   # as given: from here
cd "$checkout"
mkdir -p "$runs"                              # Slurm does not create the directory of --output
runs="$(cd "$runs" && pwd)"
# build once here (./jvmmark builds on first use), not in N tasks at once on the shared checkout
[ -n "${JVMMARK:-}" ] || ./jvmmark --help >/dev/null
if [ $# -eq 0 ]; then                         # the example plan: 2 workloads x 3 rates = 6 units
  set -- queue-latency synthetic --jdk all --gc G1,ZGC --param rate=10000,50000,100000 --forks 3 --profile standard
fi
# shellcheck disable=SC2086  # SBATCH_EXTRA is a list of options
if ! array=$(sbatch --parsable --array="1-$n" --output="$runs/slurm-%A_%a.log" ${SBATCH_EXTRA:-} \
    "$here/jvmmark-array.sbatch" "$runs" "$n" "$@"); then
  rmdir "$runs" 2>/dev/null || true
  echo "jvmmark-slurm: the array was not submitted (sbatch said why above); nothing runs" >&2
  exit 1
fi
array="${array%%;*}"                          # --parsable prints "id" or "id;cluster"
# shellcheck disable=SC2086
if ! merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --output="$runs/slurm-%j-merge.log" ${SBATCH_EXTRA:-} "$here/jvmmark-merge.sbatch" "$runs" "$n"); then
  echo "jvmmark-slurm: array job $array runs, but the merge job was not submitted; when it is done:" >&2
  echo "  sbatch --dependency=afterok:$array $here/jvmmark-merge.sbatch $runs $n   (or ./jvmmark merge $runs/slice-* --out $runs/merged)" >&2
  exit 1
fi
merge="${merge%%;*}"
echo "jvmmark-slurm: array job $array ($n slices) and merge job $merge (after all of $array end well)"
echo "jvmmark-slurm: slices in $runs/slice-1 ... $runs/slice-$n; the merged report: $runs/merged/report.html"
