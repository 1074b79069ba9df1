#!/usr/bin/env bash
# The test command: installs the test prerequisites, then builds and runs every test
# (unit, golden files, browser, end-to-end on every JDK found).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/setup-tests.sh
exec ./mvnw -B verify "$@"
