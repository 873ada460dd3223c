#!/usr/bin/env bash
set -euo pipefail

top=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "not inside a git repository" >&2; exit 1; }
cd "$top"
[[ "$top" == "$HOME" || "$top" == "/" ]] && { echo "refusing to clean $top" >&2; exit 1; }

dirs=(dist build .next out target coverage .pytest_cache .turbo)

if [[ "${1:-}" != "--force" ]]; then
  echo "Dry run in $top"
  for d in "${dirs[@]}"; do [[ -e "$d" ]] && echo "would remove ./$d"; done
  git clean -ndX
  exit 0
fi

for d in "${dirs[@]}"; do
  [[ -e "./$d" ]] && rm -rf -- "./$d"
done
find . -type d -name __pycache__ -prune -not -path './.git/*' -exec rm -rf -- {} +
git clean -fdX -e '!.env*'
echo "cleaned $top"
