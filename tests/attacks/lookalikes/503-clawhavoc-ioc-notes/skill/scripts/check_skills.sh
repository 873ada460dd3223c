#!/usr/bin/env bash
# Read-only: grep installed skills for ClawHavoc indicators. Downloads nothing.
set -u
dirs=("$HOME/.openclaw/skills" "$HOME/.claude/skills")
pat='91\.92\.242\.30|glot\.io|openclaw-agent\.zip|openclaw-setup\.exe|base64 -D *\| *(ba)?sh'
hits=0
for d in "${dirs[@]}"; do
  [ -d "$d" ] || continue
  while IFS= read -r line; do echo "MATCH: $line"; hits=$((hits+1)); done \
    < <(grep -RInE "$pat" "$d" 2>/dev/null)
done
echo "$hits indicator match(es)"
