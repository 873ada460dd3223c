#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$HOME/.local/share/pg-metrics" "$HOME/.config/systemd/user"
cp "$here/scripts/exporter.py" "$HOME/.local/share/pg-metrics/"
cp "$here/deploy/pg-metrics.service" "$HOME/.config/systemd/user/"
loginctl enable-linger "$USER" 2>/dev/null || true
systemctl --user daemon-reload
systemctl --user enable --now pg-metrics.service
echo "pg-metrics installed; scrape http://localhost:9187/metrics"
