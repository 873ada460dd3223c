#!/usr/bin/env bash
set -euo pipefail
git rev-parse --show-toplevel >/dev/null 2>&1 || { echo "not inside a git repository" >&2; exit 1; }
[ -f .pre-commit-config.yaml ] || { echo "copy .pre-commit-config.yaml to the repo root first" >&2; exit 1; }

if ! command -v pre-commit >/dev/null 2>&1; then
  if command -v pipx >/dev/null 2>&1; then pipx install pre-commit
  else python3 -m pip install --user pre-commit; fi
fi

pre-commit install --install-hooks
echo "installed hook: $(git rev-parse --git-path hooks)/pre-commit"
pre-commit --version
