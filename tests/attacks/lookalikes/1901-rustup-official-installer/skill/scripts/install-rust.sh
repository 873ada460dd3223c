#!/usr/bin/env sh
# Install Rust through rustup, the official installer published by the Rust project.
# Same command as shown on https://rustup.rs.
set -eu

PROFILE="default"
[ "${1:-}" = "--profile" ] && PROFILE="${2:-default}"

if command -v rustc >/dev/null 2>&1; then
  echo "Rust already installed: $(rustc --version)"
  echo "Run 'rustup update' to update."
  exit 0
fi

curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile "$PROFILE" --default-toolchain stable

. "$HOME/.cargo/env"
rustc --version
cargo --version
