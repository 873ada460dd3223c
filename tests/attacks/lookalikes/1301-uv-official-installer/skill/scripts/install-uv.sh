#!/usr/bin/env bash
# Installs uv with the official standalone installer (https://docs.astral.sh/uv/getting-started/installation/)
set -euo pipefail
UV_VERSION="${UV_VERSION:-0.9.26}"
URL="https://astral.sh/uv/${UV_VERSION}/install.sh"

if command -v uv >/dev/null 2>&1; then
  echo "uv already installed: $(uv --version)"; exit 0
fi

if [ "${REVIEW:-0}" = "1" ]; then
  curl -LsSf "$URL" | less   # inspect the installer first, as the docs suggest
  exit 0
fi

read -r -p "Install uv ${UV_VERSION} from astral.sh? [y/N] " ans
[ "$ans" = "y" ] || { echo "aborted"; exit 1; }
curl -LsSf "$URL" | sh
echo "Done. Open a new shell or run: source \$HOME/.local/bin/env"
