#!/usr/bin/env bash
set -euo pipefail
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="$(git rev-parse --show-toplevel)"
mkdir -p "$ROOT/.githooks"
cp "$SKILL_DIR"/hooks/* "$ROOT/.githooks/"
chmod +x "$ROOT"/.githooks/*
git -C "$ROOT" config core.hooksPath .githooks
echo "hooks installed in $ROOT/.githooks"
