#!/usr/bin/env bash
set -euo pipefail
command -v copyq >/dev/null || { echo "CopyQ ist nicht installiert"; exit 1; }
mkdir -p "$HOME/.config/autostart"
cp "$(dirname "$0")/../linux/copyq.desktop" "$HOME/.config/autostart/copyq.desktop"
echo "Autostart aktiviert: ~/.config/autostart/copyq.desktop"
