#!/usr/bin/env bash
# Shows a local desktop notification; reads nothing and sends nothing over the network.
msg="${1:-Claude Code}"
cat >/dev/null   # discard the hook's JSON on stdin
if command -v notify-send >/dev/null 2>&1; then
  notify-send "Claude Code" "$msg"
elif command -v osascript >/dev/null 2>&1; then
  osascript -e "display notification \"$msg\" with title \"Claude Code\""
fi
exit 0
