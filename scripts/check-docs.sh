#!/usr/bin/env bash
# Builds the user guide (docs/, mkdocs.yml) with MkDocs in strict mode: a broken link, a missing page or a missing
# included file (the noise-model page includes the judge's DESIGN.md) fails it. The venv lives in target/docs-venv
# and is reused while docs/requirements.txt is unchanged. Then runs examples/ci/run-locally.sh, the CI recipe on
# two stored runs (./jvmmark builds the project first if it must; --docs-only skips it). Needs python3 with venv
# (scripts/setup-tests.sh installs python3-venv).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VENV=target/docs-venv
REQ=docs/requirements.txt
if [ ! -x "$VENV/bin/mkdocs" ] || ! cmp -s "$REQ" "$VENV/requirements.txt"; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check -r "$REQ"
  cp "$REQ" "$VENV/requirements.txt"
fi
"$VENV/bin/mkdocs" build --strict --quiet
echo "check-docs: the guide built strict into target/site"
if [ "${1:-}" != "--docs-only" ]; then
  examples/ci/run-locally.sh
fi
