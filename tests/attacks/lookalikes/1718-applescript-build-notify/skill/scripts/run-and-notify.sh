#!/usr/bin/env bash
# Run a command, then show a macOS notification with the result.
"$@"
rc=$?
if command -v osascript >/dev/null 2>&1; then
  osascript "$(dirname "$0")/notify.applescript" "$(basename "$1")" "$rc" >/dev/null 2>&1 || true
fi
exit $rc
