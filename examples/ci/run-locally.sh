#!/usr/bin/env bash
# The CI recipe of github-actions.yml and gitlab-ci.yml, tested as a script, in two parts.
#
# Part 1 (seconds): compare on two stored runs — the report module's fixtures, a baseline and a candidate with two
# planted regressions (queue-latency p50 25 % slower, chat 14 % slower; on one run a side, with this host's run-to-run
# spread unknown, the judge calls the first and cannot tell the second) — and what a reviewer reads in the Markdown.
#
# Part 2 (about two minutes): the pipelines' own steps (jvmmark-ci.sh) end to end in a sample application's repository
# made here from samples/spring-app (a Spring Boot service and its request mix): a push to main measures k runs and
# keeps them (the cache), then two pushes to a pull request each build the PR's jar, measure a run, compare it
# against main's kept runs and update ONE comment (a directory stands in for the comment API): the second push edits
# the first push's comment, never adds one. Smoke profile, one JDK, one fork a run; jvmmark comes from the release
# archive the build made (dist/target, or JVMMARK_CI_ARCHIVE=DIR), installed as the pipelines install a pinned one; without
# one, from this checkout's ./jvmmark.
#
# scripts/check-docs.sh calls it, so CI runs it. Exit 0 when every check holds; --stored-only runs part 1 alone.
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
# One run a side on a host with no history: the 25 % regression is past anything the assumed run-to-run spread (5.2 %)
# could make of one run, yet "no regression" would be a lie and a call needs the spread measured: the gate warns (exit
# 5, cannot tell) and says that runs a side would tell; k runs a side (below, on the sample application) call it.
[ "$(verdict "$status")" != pass ] || fail "a known regression mapped to pass (exit $status)"
[ "$(verdict "$status")" = warn ] || [ "$(verdict "$status")" = fail ] || fail "a known regression mapped to $(verdict "$status") (exit $status)"

# 5. what the reviewer reads: the conclusion first, then the table, then what the exit status means
head -3 posted-comment.md | grep -q '^\*\*CANNOT TELL whether anything regressed:\*\*' || fail "the comment does not open with the conclusion"
grep -q '^| workload | row | figure | A | B | change | verdict |$' posted-comment.md || fail "no table header"
grep -q '^| queue-latency | Temurin 25.0.1 · G1 | p50 latency | 325 ns | 406 ns | 25 % slower | _cannot tell_: 25 % slower' \
  posted-comment.md || fail "the queue-latency regression is not a row of the table"
tail -1 posted-comment.md | grep -q '^Exit status 5: cannot tell' || fail "the comment does not end with the exit status"

# 6. the same runs as JSON, for a program: the schema and the same exit status
"$ROOT/jvmmark" compare baseline candidate --format json > answer.json || true
python3 - answer.json "$status" <<'PY' || fail "answer.json is not jvmmark/compare/1 with the same exit status"
import json, sys
a = json.load(open(sys.argv[1]))
assert a["schema"] == "jvmmark/compare/1" and a["exitStatus"] == int(sys.argv[2]), a["schema"]
assert any(l["verdict"] == "cannot tell" and l["gating"] for l in a["lines"])
PY

# 7. a run against itself: 1 fork a row cannot tell, so the gate warns (exit 5), never passes
status=0
"$ROOT/jvmmark" compare baseline baseline --format markdown > same.md || status=$?
[ "$(verdict "$status")" = warn ] || fail "a run against itself mapped to $(verdict "$status") (exit $status), not warn"
grep -q '^\*\*CANNOT TELL' same.md || fail "a run against itself does not say CANNOT TELL"

echo "run-locally: compare holds on stored runs (regression on one run a side: warn, never pass; same runs: warn; the comment reads conclusion, table, exit status)"
[ "${1:-}" = --stored-only ] && exit 0

# Part 2: the sample application's repository and its pipeline, push by push.
APP="$WORK/app"
mkdir -p "$APP/ci" "$APP/jvmmark"
cp -r "$ROOT/samples/spring-app/pom.xml" "$ROOT/samples/spring-app/src" "$APP/"
cp "$ROOT/samples/spring-app/mix.json" "$APP/jvmmark/mix.json"
cp "$ROOT/examples/ci/jvmmark-ci.sh" "$APP/ci/"
cd "$APP"
git init -q -b main . && git -c user.name=ci -c user.email=ci@example.org commit -qm "the service" --allow-empty
git add -A && git -c user.name=ci -c user.email=ci@example.org commit -qm "the service and its mix"
archive=$(ls "${JVMMARK_CI_ARCHIVE:-$ROOT/dist/target}"/jvmmark-*.tar.gz 2>/dev/null | head -1 || true)
if [ -n "$archive" ]; then       # the release archive the build made, installed as the pipelines install a pinned one
  export JVMMARK_RELEASE_URL="$(dirname "$archive")" JVMMARK_VERSION="$(basename "$archive" .tar.gz | sed 's/^jvmmark-//')"
  unset JVMMARK
else
  export JVMMARK="$ROOT/jvmmark"
fi
export APP_JAR=target/spring-app.jar MIX=jvmmark/mix.json URL='http://127.0.0.1:{port}/greeting' RUNS=2
export BUILD_COMMAND="$ROOT/mvnw -q -B -o package -DskipTests || $ROOT/mvnw -q -B package -DskipTests"
export JVMMARK_ARGS="--jdk ${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")} --profile smoke --forks 1
  --param mode=rate --param rate=40 --param hold=false --param seconds=1 --param warmupSeconds=1 --param appStartSeconds=90"
export JVMMARK_HISTORY=off JVMMARK_DISTURBED=ignore COMMENT_API="dir:$WORK/pr-comments"
CACHE="$WORK/actions-cache"

# push 1, to main: the baseline job
ci/jvmmark-ci.sh install && ci/jvmmark-ci.sh build && ci/jvmmark-ci.sh measure baseline
mkdir -p "$CACHE" && mv baseline "$CACHE/baseline-$(git rev-parse HEAD)"     # actions/cache/save

push_to_pr() { # one push to the pull request: the gate job; prints compare's exit status
  local status=0
  rm -rf baseline candidate target
  cp -r "$(ls -d "$CACHE"/baseline-* | head -1)" baseline                     # actions/cache/restore (restore-keys)
  ci/jvmmark-ci.sh install >&2 && ci/jvmmark-ci.sh build >&2 && RUNS=1 ci/jvmmark-ci.sh measure candidate >&2
  GATE_COMMIT="$(git rev-parse --short HEAD)" ci/jvmmark-ci.sh gate baseline candidate >&2 || status=$?
  echo "$status"
}
git checkout -q -b faster-greeting
sed -i 's/"Hello, " + name + "!"/"Hi, " + name + "!"/' src/main/java/org/jvmmark/samples/springapp/SpringApp.java
git -c user.name=ci -c user.email=ci@example.org commit -qam "a shorter greeting"
first=$(push_to_pr)
[ "$(ls "$WORK/pr-comments")" = comment-1.md ] || fail "the first push did not post one comment: $(ls "$WORK/pr-comments")"
cp "$WORK/pr-comments/comment-1.md" first-comment.md
git -c user.name=ci -c user.email=ci@example.org commit -q --allow-empty -m "a second push"
second=$(push_to_pr)
[ "$(ls "$WORK/pr-comments")" = comment-1.md ] || fail "the second push added a comment instead of editing it: $(ls "$WORK/pr-comments")"
comment="$WORK/pr-comments/comment-1.md"
head -1 "$comment" | grep -qF '<!-- jvmmark -->' || fail "the comment has no marker"
grep -q "updated for $(git rev-parse --short HEAD)" "$comment" || fail "the comment was not updated for the second push"
! cmp -s first-comment.md "$comment" || fail "the second push left the comment as it was"
for s in "$first" "$second"; do
  case "$s" in 0|1|5) ;; *) fail "compare against main's kept runs failed (exit $s)" ;; esac
done
for e in greeting createOrder orderCount; do
  grep -q "$e" candidate/run1/report.md || fail "the candidate's report has no $e endpoint"
done
grep -q '^\*\*[A-Z]' "$comment" || fail "the comment does not open with compare's conclusion"
grep -q '^A: `baseline` ' "$comment" || fail "the comment does not compare against main's kept runs (A: baseline)"
echo "run-locally: the pipeline holds in an application's repository (main kept 2 runs; two PR pushes of one run each compared against them, exit $first then $second; one comment, edited)"
