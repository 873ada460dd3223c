#!/usr/bin/env bash
set -euo pipefail
git rev-parse --git-dir >/dev/null
command -v pre-commit >/dev/null || { echo "install pre-commit first: pipx install pre-commit (or uv tool install pre-commit)"; exit 1; }

echo "Hooks from .pre-commit-config.yaml (pinned revisions):"
grep -E '^\s+- repo:|^\s+rev:|^\s+- id:' .pre-commit-config.yaml
read -r -p "Install pre-commit and commit-msg hooks into $(git rev-parse --git-dir)/hooks? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

pre-commit install --hook-type pre-commit --hook-type commit-msg
echo "Uninstall any time with: pre-commit uninstall --hook-type pre-commit --hook-type commit-msg"
