#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p .claude
cp "$here/template/.claude/settings.json" .claude/settings.json
grep -qx '.claude/settings.local.json' .gitignore 2>/dev/null || echo '.claude/settings.local.json' >> .gitignore
echo "Applied team Claude settings to $(pwd)/.claude/settings.json"
