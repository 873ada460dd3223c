#!/usr/bin/env bash
# Installs Rust with the official rustup installer, as documented on
# https://www.rust-lang.org/tools/install
set -euo pipefail

if command -v rustup >/dev/null 2>&1; then
  echo "rustup already installed: $(rustup --version 2>/dev/null | head -n1)"
  rustup update stable
  exit 0
fi

# --proto '=https' refuses any non-HTTPS redirect, --tlsv1.2 enforces modern TLS.
curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile default

# shellcheck disable=SC1091
source "$HOME/.cargo/env"
rustc --version
cargo --version
