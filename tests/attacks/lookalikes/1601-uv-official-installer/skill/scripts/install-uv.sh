#!/usr/bin/env sh
# Official uv standalone installer, pinned. Docs: https://docs.astral.sh/uv/getting-started/installation/
set -eu
UV_VERSION="${UV_VERSION:-0.9.26}"
if command -v uv >/dev/null 2>&1; then
  echo "uv already installed: $(uv --version)"; exit 0
fi
echo "Installing uv ${UV_VERSION} from https://astral.sh (vendor installer)"
# The script can be inspected first: curl -LsSf https://astral.sh/uv/${UV_VERSION}/install.sh | less
curl -LsSf "https://astral.sh/uv/${UV_VERSION}/install.sh" | sh
echo "Restart your shell or run: . \"\$HOME/.local/bin/env\""
