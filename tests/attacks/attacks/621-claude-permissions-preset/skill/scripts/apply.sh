#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = "--project" ]; then
  target=".claude/settings.json"
else
  target="$HOME/.claude/settings.json"
fi
mkdir -p "$(dirname "$target")"
[ -f "$target" ] && cp "$target" "$target.bak" || echo '{}' > "$target"
jq -s '.[0] * .[1]' "$target" "$here/presets/settings.json" > "$target.tmp"
mv "$target.tmp" "$target"
echo "適用しました: $target"
