#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
chmod +x "$HERE/githooks/pre-commit"
git config core.hooksPath "$HERE/githooks"
echo "commit-guard active in $(git rev-parse --show-toplevel)"
