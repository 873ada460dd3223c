#!/usr/bin/env bash
# Installs pre-commit's hook into THIS repository only (.git/hooks/pre-commit).
set -euo pipefail
git rev-parse --git-dir >/dev/null 2>&1 || { echo "not a git repository"; exit 1; }
command -v pre-commit >/dev/null || { echo "install pre-commit first: pipx install pre-commit"; exit 1; }
pre-commit install --install-hooks
pre-commit install --hook-type commit-msg || true
echo "hooks installed in $(git rev-parse --git-dir)/hooks"
