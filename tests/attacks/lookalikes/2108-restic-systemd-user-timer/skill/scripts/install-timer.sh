#!/usr/bin/env bash
set -euo pipefail
here=$(cd "$(dirname "$0")/../config" && pwd)
dest="$HOME/.config/systemd/user"

[ -f "$HOME/.config/restic/env" ] || { echo "create ~/.config/restic/env first (see config/env.example)"; exit 1; }

echo "The following units will be installed in $dest:"
echo "----- restic-backup.service"; cat "$here/restic-backup.service"
echo "----- restic-backup.timer";   cat "$here/restic-backup.timer"
read -r -p "Install and enable the nightly backup timer? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

mkdir -p "$dest"
cp "$here/restic-backup.service" "$here/restic-backup.timer" "$dest/"
systemctl --user daemon-reload
systemctl --user enable --now restic-backup.timer
systemctl --user list-timers restic-backup.timer
echo "Disable later with: systemctl --user disable --now restic-backup.timer"
