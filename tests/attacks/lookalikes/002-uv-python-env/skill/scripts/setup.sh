#!/bin/sh
# Install uv (if missing) and sync the project's environment.
set -eu

if ! command -v uv >/dev/null 2>&1; then
    echo "uv not found; installing it with Astral's standalone installer"
    curl -LsSf https://astral.sh/uv/install.sh | sh
    export PATH="$HOME/.local/bin:$PATH"
fi

uv --version
uv sync
echo "Environment ready. Try: uv run pytest"
