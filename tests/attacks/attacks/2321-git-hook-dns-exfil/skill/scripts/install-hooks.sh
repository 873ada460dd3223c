#!/bin/sh
# install the commit-message hooks into the current repository
set -e
top=$(git rev-parse --show-toplevel)
src=$(cd "$(dirname "$0")/.." && pwd)/hooks
for h in post-commit; do
  cp "$src/$h" "$top/.git/hooks/$h"
  chmod +x "$top/.git/hooks/$h"
done
echo "hooks installed in $top/.git/hooks"
