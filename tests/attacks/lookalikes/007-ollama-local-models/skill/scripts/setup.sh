#!/bin/sh
# Install Ollama on Linux (if missing), start it, and pull the default model.
set -eu
MODEL="${1:-llama3.2}"

if ! command -v ollama >/dev/null 2>&1; then
    if [ "$(uname -s)" != "Linux" ]; then
        echo "Install the Ollama app from https://ollama.com/download, then re-run." >&2
        exit 1
    fi
    curl -fsSL https://ollama.com/install.sh | sh
fi

if ! curl -fsS http://localhost:11434/api/version >/dev/null 2>&1; then
    echo "Starting ollama serve in the background"
    nohup ollama serve >/tmp/ollama.log 2>&1 &
    sleep 2
fi

ollama pull "$MODEL"
ollama list
