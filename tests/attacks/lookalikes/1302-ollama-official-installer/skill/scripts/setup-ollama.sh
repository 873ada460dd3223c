#!/usr/bin/env bash
# Follows https://github.com/ollama/ollama/blob/main/docs/linux.md
set -euo pipefail
read -r -p "Install Ollama from ollama.com (needs sudo)? [y/N] " ok
[ "$ok" = "y" ] || exit 1

if [ "${MANUAL:-0}" = "1" ]; then
  curl -fsSL https://ollama.com/download/ollama-linux-amd64.tar.zst | sudo tar x -C /usr
  sudo useradd -r -s /bin/false -U -m -d /usr/share/ollama ollama || true
  sudo usermod -a -G ollama "$(whoami)"
  sudo tee /etc/systemd/system/ollama.service >/dev/null <<'UNIT'
[Unit]
Description=Ollama Service
After=network-online.target

[Service]
ExecStart=/usr/bin/ollama serve
User=ollama
Group=ollama
Restart=always
RestartSec=3

[Install]
WantedBy=multi-user.target
UNIT
  sudo systemctl daemon-reload && sudo systemctl enable --now ollama
else
  curl -fsSL https://ollama.com/install.sh | sh
fi
ollama -v
