#!/usr/bin/env bash
# A `jvmmark tune` race over N identical Slurm nodes: each round of the race is one job array of N slices
# (`tune --resume --shard auto/N`), merged here with the race's directory into the next round's directory,
# on which `tune --plan-only` judges the round and records the next one, until the race ends.
#
#   JVMMARK_SLICES=4 examples/cluster/jvmmark-tune-slurm.sh queue-latency --jdk 17,25 --space gc=G1,Parallel \
#       --space Xmx=128m,1g --budget 2h --profile quick
#
# Arguments: the `jvmmark tune` ones, without --out. Stays in the foreground (sbatch --wait, one array per
# round) on a host that can submit; the jobs run in this checkout, which every node must see at the same path.
# Environment (all optional):
#   JVMMARK_SLICES   N, the array's tasks per round (4); a round with fewer trials leaves some slices empty
#   JVMMARK_RUNS     where the rounds go (runs/tune-slurm-<date-time> in the checkout), on the shared file system:
#                    round-0 is the race's start, round-K+1 the merge of round-K and its slices round-K-slice-I;
#                    the last round's directory holds the answer and the report
#   JVMMARK          how to start jvmmark (./jvmmark)
#   SBATCH_EXTRA     more sbatch options, e.g. "--partition=bench --account=perf"
# Run again with the same JVMMARK_RUNS to go on from its last round's directory (remove the slice directories of a
# round that was cut short first: a slice writes only into a new directory).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
checkout="$(cd "$here/../.." && pwd)"
n="${JVMMARK_SLICES:-4}"
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "jvmmark-tune-slurm: JVMMARK_SLICES=$n: expected a whole number >= 1" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "jvmmark-tune-slurm: sbatch not found (run this on a Slurm login node)" >&2; exit 2; }
runs="${JVMMARK_RUNS:-runs/tune-slurm-$(date -u +%Y%m%d-%H%M%S)}"
[ -z "${JVMMARK_RUNS:-}" ] || [[ "$runs" == /* ]] || runs="$PWD/$runs"   # as given: from here
cd "$checkout"
mkdir -p "$runs"
runs="$(cd "$runs" && pwd)"
jvmmark="${JVMMARK:-./jvmmark}"
[ -n "${JVMMARK:-}" ] || ./jvmmark --help >/dev/null   # build once here, not in N tasks at once
r=0
while [ -f "$runs/round-$((r + 1))/results.json" ]; do r=$((r + 1)); done
if [ -f "$runs/round-$r/results.json" ]; then
  $jvmmark tune --resume --plan-only --out "$runs/round-$r" | tee "$runs/round-$r.plan.log"
else
  $jvmmark tune "$@" --plan-only --out "$runs/round-$r" | tee "$runs/round-$r.plan.log"
fi
# the plan says "K trials to run, as slices" while the race goes on; when it has ended it prints the answer
while grep -q ' trials to run, as slices' "$runs/round-$r.plan.log"; do
  # shellcheck disable=SC2086  # SBATCH_EXTRA is a list of options
  sbatch --wait --job-name=jvmmark-tune --array="1-$n" --nodes=1 --exclusive --output="$runs/round-$r-slice-%a.log" \
      ${SBATCH_EXTRA:-} --wrap "$jvmmark tune --resume --out '$runs/round-$r' --shard auto/$n \
      --slice-out '$runs/round-$r-slice-'\$((SLURM_ARRAY_TASK_ID - \${SLURM_ARRAY_TASK_MIN:-0} + 1))" >/dev/null
  slices=()
  for i in $(seq 1 "$n"); do
    [ -f "$runs/round-$r-slice-$i/results.json" ] && slices+=("$runs/round-$r-slice-$i")
  done
  $jvmmark merge "$runs/round-$r" "${slices[@]}" --out "$runs/round-$((r + 1))" >/dev/null
  r=$((r + 1))
  $jvmmark tune --resume --plan-only --out "$runs/round-$r" | tee "$runs/round-$r.plan.log"
done
echo "jvmmark-tune-slurm: the race ended; report: $runs/round-$r/report.html"
