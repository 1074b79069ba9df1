#!/bin/sh
# Builds the http workload's native reference server (axum 0.8, Rust) with cargo and prints the
# binary's path. Crates come from the Rust crate registry (pinned by Cargo.lock); the build goes to
# ${JVMMARK_AXUM_TARGET:-$HOME/.cache/jvmmark/axum-target}, outside the source tree, so it survives
# `mvn clean` and a second run takes a second. Exit 3 when cargo is not installed.
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)"
TARGET="${JVMMARK_AXUM_TARGET:-$HOME/.cache/jvmmark/axum-target}"
if ! command -v cargo >/dev/null 2>&1; then
  echo "no cargo on PATH: install Rust's cargo (Debian: apt-get install cargo; or rustup)" >&2
  exit 3
fi
cargo build --quiet --release --locked --manifest-path "$DIR/Cargo.toml" --target-dir "$TARGET" >&2
echo "$TARGET/release/jvmmark-axum"
