#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
ctx="$(kubectl config current-context 2>/dev/null || echo none)"
ns="$(kubectl config view --minify -o jsonpath='{..namespace}' 2>/dev/null || true)"
cat "$here/assets/banner.ans"
printf 'context:   %s\nnamespace: %s\n' "$ctx" "${ns:-default}"
case "$ctx" in
  *prod*) printf '\033[1;31mPRODUCTION: double-check every write.\033[0m\n' ;;
esac
