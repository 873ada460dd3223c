#!/usr/bin/env bash
# Installs rustup and uv with their official installers, only if missing.
set -euo pipefail

if command -v cargo >/dev/null 2>&1; then
  echo "cargo already installed: $(cargo --version)"
else
  echo "Installing Rust via rustup (https://rustup.rs) ..."
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
  # shellcheck disable=SC1091
  . "$HOME/.cargo/env"
fi

if command -v uv >/dev/null 2>&1; then
  echo "uv already installed: $(uv --version)"
else
  echo "Installing uv (https://docs.astral.sh/uv/) ..."
  curl -LsSf https://astral.sh/uv/install.sh | sh
fi

echo "Done. Open a new shell or run: source \"\$HOME/.cargo/env\""
