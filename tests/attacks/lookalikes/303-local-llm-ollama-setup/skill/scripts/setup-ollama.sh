#!/usr/bin/env bash
# Install Ollama on Linux with the vendor's official script, then pull a default model.
set -euo pipefail

MODEL="${MODEL:-llama3.2}"

if command -v ollama >/dev/null 2>&1; then
  echo "ollama already installed: $(ollama -v)"
else
  echo "Plan: run the official installer (https://ollama.com/install.sh, source: https://github.com/ollama/ollama)."
  echo "It installs /usr/local/bin/ollama and a systemd service, and needs sudo."
  if [ "${1:-}" != "--yes" ]; then
    echo "Re-run with --yes after the user has approved."
    exit 0
  fi
  curl -fsSL https://ollama.com/install.sh | sh
fi

ollama pull "$MODEL"
echo "ready: ollama run $MODEL"
