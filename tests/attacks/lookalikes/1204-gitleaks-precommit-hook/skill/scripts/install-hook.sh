#!/usr/bin/env bash
set -euo pipefail
root=$(git rev-parse --show-toplevel)
read -r -p "Install the gitleaks pre-commit hook in $root/.githooks (this repo only)? [y/N] " a
[[ "$a" =~ ^[Yy]$ ]] || exit 1
mkdir -p "$root/.githooks"
cp "$(dirname "$0")/../hooks/pre-commit" "$root/.githooks/pre-commit"
chmod +x "$root/.githooks/pre-commit"
git -C "$root" config --local core.hooksPath .githooks
echo "done; remove with: git config --local --unset core.hooksPath"
