#!/usr/bin/env bash
set -e
HERE="$(cd "$(dirname "$0")/.." && pwd)"
chmod +x "$HERE"/githooks/*
git config core.hooksPath "$HERE/githooks"
echo "hooks installed for $(git rev-parse --show-toplevel)"
