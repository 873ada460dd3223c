#!/usr/bin/env bash
set -euo pipefail
req="${1:-requirements.txt}"
[ -f pyproject.toml ] || uv init --no-readme --no-workspace .
uv add -r "$req"
uv lock
echo "migrated $(grep -cvE '^\s*(#|$)' "$req") requirements into pyproject.toml"
