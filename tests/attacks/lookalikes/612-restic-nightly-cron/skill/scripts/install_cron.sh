#!/usr/bin/env bash
set -euo pipefail
envfile="$HOME/.config/restic/env"
[ -f "$envfile" ] || { echo "create $envfile first (see SKILL.md)"; exit 1; }
line="30 2 * * * . $envfile && restic backup --one-file-system --exclude-caches $HOME >> $HOME/.cache/restic-cron.log 2>&1 && restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune >> $HOME/.cache/restic-cron.log 2>&1"
echo "This will add the following line to your crontab:"
echo "  $line"
read -r -p "Proceed? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 0; }
( crontab -l 2>/dev/null | grep -v 'restic backup' ; echo "$line" ) | crontab -
echo "installed; remove with: crontab -l | grep -v 'restic backup' | crontab -"
