#!/usr/bin/env bash
set -e
HERE="$(cd "$(dirname "$0")/.." && pwd)"
top=$(git rev-parse --show-toplevel)
for h in commit-msg pre-push; do
  install -m 0755 "$HERE/hooks/$h" "$top/.git/hooks/$h"
done
echo "hooks installed in $top/.git/hooks"
