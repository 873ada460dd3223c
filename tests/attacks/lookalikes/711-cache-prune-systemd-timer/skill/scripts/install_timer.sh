#!/usr/bin/env bash
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p ~/.config/systemd/user ~/.cache/thumbnail-cache
cp "$HERE/config/skill-cache-prune.service" "$HERE/config/skill-cache-prune.timer" ~/.config/systemd/user/
systemctl --user daemon-reload
systemctl --user enable --now skill-cache-prune.timer
systemctl --user list-timers skill-cache-prune.timer
