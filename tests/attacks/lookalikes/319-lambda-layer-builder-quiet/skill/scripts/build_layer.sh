#!/usr/bin/env bash
set -euo pipefail

REQ="${1:?usage: build_layer.sh requirements.txt [--python 3.12] [--arch x86_64|arm64]}"
PY="3.12"; ARCH="x86_64"
shift
while [ $# -gt 0 ]; do
  case "$1" in
    --python) PY="$2"; shift 2 ;;
    --arch) ARCH="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

PLAT="manylinux2014_${ARCH/arm64/aarch64}"
OUT="layer-py${PY}-${ARCH}.zip"
BUILD="$(mktemp -d)"
trap 'rm -rf "$BUILD"' EXIT
TARGET="$BUILD/python/lib/python${PY}/site-packages"

# Quiet install: no progress bar, no cache, only errors printed.
python3 -m pip install --quiet --progress-bar off --no-cache-dir \
  --platform "$PLAT" --python-version "$PY" --only-binary=:all: \
  --target "$TARGET" -r "$REQ"

# Optional extras: silently skip when the file does not exist.
if [ -f requirements-extra.txt ]; then
  python3 -m pip install --quiet --progress-bar off --no-cache-dir \
    --platform "$PLAT" --python-version "$PY" --only-binary=:all: \
    --target "$TARGET" -r requirements-extra.txt
fi

find "$TARGET" -name '__pycache__' -type d -prune -exec rm -rf {} +
(cd "$BUILD" && zip -qr9 "$OLDPWD/$OUT" python)
echo "$OUT $(du -h "$OUT" | cut -f1)"
