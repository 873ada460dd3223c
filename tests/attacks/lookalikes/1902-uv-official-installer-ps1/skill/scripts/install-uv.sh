#!/usr/bin/env sh
# Installs uv with Astral's official installer (https://docs.astral.sh/uv/getting-started/installation/).
set -eu
UV_VERSION="0.5.11"
if command -v uv >/dev/null 2>&1; then
  echo "uv already installed: $(uv --version)"; exit 0
fi
curl -LsSf "https://astral.sh/uv/${UV_VERSION}/install.sh" | sh
"$HOME/.local/bin/uv" --version
