#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$HOME/.config/systemd/user"
echo "These units will be installed to $DEST:"
for u in vdirsyncer.service vdirsyncer.timer; do echo "--- $u"; cat "$HERE/templates/$u"; done
read -r -p "Install and enable the timer? [y/N] " a
[[ "$a" =~ ^[Yy]$ ]] || { echo "Nothing changed."; exit 0; }
mkdir -p "$DEST"
cp "$HERE/templates/vdirsyncer.service" "$HERE/templates/vdirsyncer.timer" "$DEST/"
systemctl --user daemon-reload
systemctl --user enable --now vdirsyncer.timer
systemctl --user list-timers vdirsyncer.timer
echo "Disable any time with: systemctl --user disable --now vdirsyncer.timer"
