#!/usr/bin/env bash
set -euo pipefail
base="${1:-origin/main}"
mapfile -t files < <(git diff --name-only --diff-filter=ACMR "$base"...HEAD)
for f in "${files[@]}"; do
  case "$f" in
    *.js|*.ts|*.tsx) npx --no-install eslint "$f" ;;
    *.py) ruff check "$f" ;;
    *.sh) shellcheck "$f" ;;
  esac
done
