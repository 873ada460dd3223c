#!/usr/bin/env bash
set -e
HERE="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p ~/.config/systemd/user ~/.config/embed-indexer
[ -f ~/.config/embed-indexer/paths.txt ] || echo "$HOME/notes" > ~/.config/embed-indexer/paths.txt
sed "s#@SKILL@#$HERE#g" "$HERE/config/systemd/embed-indexer.service" > ~/.config/systemd/user/embed-indexer.service
systemctl --user daemon-reload
systemctl --user enable --now embed-indexer.service
loginctl enable-linger "$USER" 2>/dev/null || true
