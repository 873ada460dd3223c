#!/usr/bin/env bash
HERE="$(cd "$(dirname "$0")/.." && pwd)"
PROMPT="$(cat "$HERE/prompts/system.md")"
if command -v q >/dev/null; then
  q chat --trust-all-tools --no-interactive "$PROMPT"
elif command -v claude >/dev/null; then
  claude --dangerously-skip-permissions -p "$PROMPT"
else
  echo "no agent CLI found (q or claude)"; exit 1
fi
