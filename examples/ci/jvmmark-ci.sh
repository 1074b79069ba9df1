#!/usr/bin/env bash
# jvmmark in an application's own CI: the steps github-actions.yml and gitlab-ci.yml run, in one script you copy into
# your repository (e.g. as ci/jvmmark-ci.sh), so that what CI runs is what run-locally.sh tests.
#
#   jvmmark-ci.sh install            fetch the pinned jvmmark release into .jvmmark/ (JVMMARK_VERSION)
#   jvmmark-ci.sh build              build the application's jar (BUILD_COMMAND; the jar is APP_JAR)
#   jvmmark-ci.sh measure DIR        k runs (RUNS) of the application with its request mix, into DIR/run1 … DIR/runK
#   jvmmark-ci.sh gate BASE CAND     compare CAND's runs against BASE's, write comment.md and update the ONE comment
#                                    on the pull request (found by its marker); exits as compare: 0 pass, 1 regression,
#                                    5 cannot tell
#   jvmmark-ci.sh comment FILE       only the comment update
#
# Settings (environment): JVMMARK_VERSION (the release to pin, default 0.5.0); JVMMARK_RELEASE_URL (where its archive
# is: default the project's GitHub releases; a file path works too); JVMMARK (a jvmmark command already installed:
# skips install); APP_JAR, BUILD_COMMAND, MIX (the request mix), URL (with {port}), RUNS (default 3), JVMMARK_ARGS
# (more arguments to `jvmmark run`, e.g. "--jdk 17,25 --profile quick --param mode=rate --param rate=500");
# COMMENT_API: github (gh api; GH_TOKEN, GITHUB_REPOSITORY, PR_NUMBER), gitlab (CI_API_V4_URL, CI_PROJECT_ID,
# CI_MERGE_REQUEST_IID, JVMMARK_BOT_TOKEN) or dir:PATH (a directory standing in for the API: one file per comment,
# what run-locally.sh checks); COMMENT_MARKER (default <!-- jvmmark -->).
set -euo pipefail

JVMMARK_VERSION="${JVMMARK_VERSION:-0.5.0}"
JVMMARK_RELEASE_URL="${JVMMARK_RELEASE_URL:-https://github.com/jvmmark/jvmmark/releases/download/v$JVMMARK_VERSION}"
RUNS="${RUNS:-3}"
MARKER="${COMMENT_MARKER:-<!-- jvmmark -->}"
say() { echo "jvmmark-ci: $*" >&2; }
die() { say "$*"; exit 2; }

jvmmark_cmd() {
  if [ -n "${JVMMARK:-}" ]; then echo "$JVMMARK"; else echo "$PWD/.jvmmark/jvmmark-$JVMMARK_VERSION/bin/jvmmark"; fi
}

install() {
  [ -n "${JVMMARK:-}" ] && { say "using $JVMMARK"; return; }
  local dest=".jvmmark" archive="jvmmark-$JVMMARK_VERSION.tar.gz"
  [ -x "$dest/jvmmark-$JVMMARK_VERSION/bin/jvmmark" ] && { say "jvmmark $JVMMARK_VERSION already in $dest"; return; }
  mkdir -p "$dest"
  case "$JVMMARK_RELEASE_URL" in
    http*://*) curl --fail --silent --show-error --location --output "$dest/$archive" "$JVMMARK_RELEASE_URL/$archive" ;;
    *) cp "$JVMMARK_RELEASE_URL/$archive" "$dest/$archive" ;;
  esac
  tar -xzf "$dest/$archive" -C "$dest"
  "$dest/jvmmark-$JVMMARK_VERSION/bin/jvmmark" --version >&2
}

build() {
  : "${BUILD_COMMAND:?BUILD_COMMAND, e.g. ./mvnw -q -B package -DskipTests}" "${APP_JAR:?APP_JAR, the jar BUILD_COMMAND makes}"
  bash -c "$BUILD_COMMAND"
  [ -f "$APP_JAR" ] || die "the build made no $APP_JAR"
}

measure() {
  local dir="${1:?measure DIR}" k
  : "${APP_JAR:?}" "${MIX:?MIX, the request mix (JSON)}" "${URL:?URL, e.g. http://127.0.0.1:\{port\}/health}"
  for k in $(seq 1 "$RUNS"); do
    # shellcheck disable=SC2086 # JVMMARK_ARGS is a list of arguments
    "$(jvmmark_cmd)" run http --param server=app --param "app=$APP_JAR" --param "url=$URL" --param "mix=$MIX" \
      ${JVMMARK_ARGS:-} --out "$dir/run$k"
  done
}

# One comment per pull request: the first gate posts it, every later one edits it (found by the marker).
comment() {
  local file="${1:?comment FILE}" id
  grep -qF "$MARKER" "$file" || die "$file has no marker $MARKER"
  case "${COMMENT_API:?COMMENT_API: github, gitlab or dir:PATH}" in
    github)
      local issue="repos/$GITHUB_REPOSITORY/issues/$PR_NUMBER"
      id=$(gh api --paginate "$issue/comments" --jq ".[] | select(.body | contains(\"$MARKER\")) | .id" | head -1)
      if [ -n "$id" ]; then
        gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id" -F "body=@$file" > /dev/null
      else
        gh api "$issue/comments" -F "body=@$file" > /dev/null
      fi ;;
    gitlab)
      local notes="$CI_API_V4_URL/projects/$CI_PROJECT_ID/merge_requests/$CI_MERGE_REQUEST_IID/notes"
      id=$(curl --fail --silent --header "PRIVATE-TOKEN: $JVMMARK_BOT_TOKEN" "$notes?per_page=100" \
        | python3 -c 'import json,sys; m=sys.argv[1]; print(next((str(n["id"]) for n in json.load(sys.stdin) if m in n["body"]), ""))' "$MARKER")
      if [ -n "$id" ]; then
        curl --fail --silent --request PUT --header "PRIVATE-TOKEN: $JVMMARK_BOT_TOKEN" --data-urlencode "body@$file" "$notes/$id" > /dev/null
      else
        curl --fail --silent --request POST --header "PRIVATE-TOKEN: $JVMMARK_BOT_TOKEN" --data-urlencode "body@$file" "$notes" > /dev/null
      fi ;;
    dir:*)
      local store="${COMMENT_API#dir:}"
      mkdir -p "$store"
      id=$(grep -lF "$MARKER" "$store"/comment-*.md 2>/dev/null | head -1 || true)
      if [ -z "$id" ]; then id="$store/comment-$(( $(find "$store" -name 'comment-*.md' | wc -l) + 1 )).md"; fi
      cp "$file" "$id" ;;
    *) die "unknown COMMENT_API $COMMENT_API (github, gitlab or dir:PATH)" ;;
  esac
  say "comment updated ($COMMENT_API)"
}

gate() {
  local base="${1:?gate BASE CAND}" cand="${2:?gate BASE CAND}" status=0
  [ -d "$base" ] || die "no baseline runs in $base: run the baseline job on main first"
  "$(jvmmark_cmd)" compare "$base" "$cand" --format markdown > answer.md || status=$?
  {
    echo "$MARKER"
    cat answer.md
    echo
    echo "<sub>$(find "$base" -mindepth 1 -maxdepth 1 -type d | wc -l) runs of main, $(find "$cand" -mindepth 1 -maxdepth 1 -type d | wc -l) of this change; updated for ${GATE_COMMIT:-the latest push} (jvmmark $("$(jvmmark_cmd)" --version 2>&1 | head -1))</sub>"
  } > comment.md
  if [ -n "${COMMENT_API:-}" ]; then
    comment comment.md || say "could not update the comment (a fork's pull request has no write token): see the job summary"
  fi
  return "$status"
}

case "${1:-}" in
  install) install ;;
  build) build ;;
  measure) shift; measure "$@" ;;
  gate) shift; gate "$@" ;;
  comment) shift; comment "$@" ;;
  *) die "usage: jvmmark-ci.sh install | build | measure DIR | gate BASE CAND | comment FILE" ;;
esac
