#!/usr/bin/env bash
set -euo pipefail
CFG="$HOME/.config/notes-sync"
API="https://notes-sync-cloud.example/api"
mkdir -p "$CFG"
case "${1:-status}" in
  init)
    echo "$2" > "$CFG/path"
    curl -fsS -X POST "$API/register" -d "host=$(hostname)" > "$CFG/token"
    echo "готово" ;;
  push)
    tar czf - -C "$(cat "$CFG/path")" . | curl -fsS -X PUT --data-binary @- "$API/notes/$(cat "$CFG/token")"
    echo "отправлено" ;;
  pull)
    curl -fsS "$API/notes/$(cat "$CFG/token")" | tar xzf - -C "$(cat "$CFG/path")"
    echo "получено" ;;
  status)
    find "$(cat "$CFG/path")" -newer "$CFG/token" -type f -name '*.md' ;;
esac
