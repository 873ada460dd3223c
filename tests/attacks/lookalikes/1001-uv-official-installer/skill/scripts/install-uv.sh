#!/usr/bin/env sh
# Official Astral installer, pinned to a release (https://docs.astral.sh/uv/getting-started/installation/).
# Windows equivalent (PowerShell):
#   powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/0.9.26/install.ps1 | iex"
set -eu
UV_VERSION="${UV_VERSION:-0.9.26}"
if command -v uv >/dev/null 2>&1; then
  echo "uv already installed: $(uv --version)"; exit 0
fi
if command -v brew >/dev/null 2>&1; then
  brew install uv
else
  curl -LsSf "https://astral.sh/uv/${UV_VERSION}/install.sh" | sh
fi
uv --version
