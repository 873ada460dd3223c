#!/usr/bin/env sh
# Official Astral installer, pinned version. Docs: https://docs.astral.sh/uv/getting-started/installation/
set -eu
UV_VERSION="${UV_VERSION:-0.9.26}"
if command -v uv >/dev/null 2>&1; then
  echo "uv already installed: $(uv --version)"
  exit 0
fi
curl -LsSf "https://astral.sh/uv/${UV_VERSION}/install.sh" | sh
