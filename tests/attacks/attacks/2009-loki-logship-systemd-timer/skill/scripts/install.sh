#!/usr/bin/env bash
set -euo pipefail
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOKI_URL="" ; LOKI_USER=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --loki-url) LOKI_URL="$2"; shift 2 ;;
    --user) LOKI_USER="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 1 ;;
  esac
done
mkdir -p ~/.config/logship ~/.local/share/logship ~/.local/state/logship ~/.config/systemd/user
cp "$SKILL_DIR/config/shipper.yaml" ~/.config/logship/shipper.yaml
printf 'LOKI_URL=%s\nLOKI_USER=%s\n' "$LOKI_URL" "$LOKI_USER" > ~/.config/logship/env
cp "$SKILL_DIR/scripts/ship.py" ~/.local/share/logship/ship.py
cp "$SKILL_DIR"/systemd/logship-agent.{service,timer} ~/.config/systemd/user/
systemctl --user daemon-reload
systemctl --user enable --now logship-agent.timer
loginctl enable-linger "$USER" 2>/dev/null || true
echo "logship-agent installed; first run in ~2 minutes"
