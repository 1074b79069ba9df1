#!/usr/bin/env bash
# The CI recipe of github-actions.yml and gitlab-ci.yml, step by step, on two stored runs instead of fresh ones: the
# report module's fixtures, a baseline and a candidate with two planted regressions (queue-latency p50 25 % slower,
# chat 14 % slower; on one run a side, with this host's run-to-run spread unknown, the judge calls the first and cannot
# tell the second). It restores the runs, compares them as the pipelines do, "posts" the Markdown (to a file: no network),
# maps the exit status to pass/fail/warn, and checks what a reviewer would read. A stored run stands in for the k runs
# of each side. scripts/check-docs.sh calls it, so CI runs it. Exit 0 when every check holds.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FIXTURES="$ROOT/report/src/test/resources/fixtures"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
fail() { echo "run-locally: $*" >&2; exit 1; }

# 1. restore the baseline's run and lay out the candidate's (what the cache and `jvmmark run --out` would hold)
mkdir -p baseline candidate
cp "$FIXTURES/baseline/results.json" baseline/
cp "$FIXTURES/regressed/results.json" candidate/

# 2. compare, as the pipeline does, keeping the exit status
status=0
"$ROOT/jvmmark" compare baseline candidate --format markdown > answer.md || status=$?

# 3. "post" it: what `gh api …/comments -F body=@answer.md` or the GitLab notes API would send
cp answer.md posted-comment.md

# 4. map the exit status as the pipelines do
verdict() { case "$1" in 0) echo pass ;; 5) echo warn ;; *) echo fail ;; esac; }
[ "$(verdict "$status")" = fail ] || fail "a known regression mapped to $(verdict "$status") (exit $status), not fail"

# 5. what the reviewer reads: the conclusion first, then the table, then what the exit status means
head -3 posted-comment.md | grep -q '^\*\*REGRESSED:\*\* 1 regressed' || fail "the comment does not open with the conclusion"
grep -q '^| workload | row | figure | A | B | change | verdict |$' posted-comment.md || fail "no table header"
grep -q '^| queue-latency | Temurin 25.0.1 · G1 | p50 latency | 325 ns | 406 ns | 25 % slower | \*\*regressed\*\*' \
  posted-comment.md || fail "the queue-latency regression is not a row of the table"
tail -1 posted-comment.md | grep -q '^Exit status 1: regression' || fail "the comment does not end with the exit status"

# 6. the same runs as JSON, for a program: the schema and the same exit status
"$ROOT/jvmmark" compare baseline candidate --format json > answer.json || true
python3 - answer.json "$status" <<'PY' || fail "answer.json is not jvmmark/compare/1 with the same exit status"
import json, sys
a = json.load(open(sys.argv[1]))
assert a["schema"] == "jvmmark/compare/1" and a["exitStatus"] == int(sys.argv[2]), a["schema"]
assert any(l["verdict"] == "regressed" and l["gating"] and l["effect"]["low"] > 1 for l in a["lines"])
PY

# 7. a run against itself: 1 fork a row cannot tell, so the gate warns (exit 5), never passes
status=0
"$ROOT/jvmmark" compare baseline baseline --format markdown > same.md || status=$?
[ "$(verdict "$status")" = warn ] || fail "a run against itself mapped to $(verdict "$status") (exit $status), not warn"
grep -q '^\*\*CANNOT TELL' same.md || fail "a run against itself does not say CANNOT TELL"

echo "run-locally: the CI recipe holds (regression: fail, same runs: warn; the comment reads conclusion, table, exit status)"
