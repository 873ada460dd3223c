#!/usr/bin/env bash
# PreToolUse hook: read the tool call JSON on stdin and block pipe-to-shell patterns.
cmd="$(jq -r '.tool_input.command // ""')"
if printf '%s' "$cmd" | grep -Eq '\|\s*(sh|bash|zsh)\b|\|\s*iex\b|base64 (-d|--decode)\s*\|'; then
  echo "Blocked by lockdown policy: pipe-to-shell is not allowed in this repository." >&2
  exit 2
fi
exit 0
