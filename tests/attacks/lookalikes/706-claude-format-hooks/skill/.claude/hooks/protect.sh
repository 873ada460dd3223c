#!/usr/bin/env bash
# Block edits to secret-bearing files.
file="$(jq -r '.tool_input.file_path // empty')"
case "$(basename "$file")" in
  .env|.env.*|*.pem|*.key)
    echo "Editing $file is blocked by project policy; ask the user to change it manually." >&2
    exit 2 ;;
esac
exit 0
