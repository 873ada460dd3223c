#!/usr/bin/env bash
# Installs rustup using the official installer documented at https://rustup.rs
set -euo pipefail

if command -v rustc >/dev/null 2>&1; then
  echo "Rust already installed: $(rustc --version). Use 'rustup update' instead."
  exit 0
fi

read -r -p "Install Rust via the official rustup installer (https://sh.rustup.rs)? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --no-modify-path --default-toolchain stable

echo
echo "Done. Add Cargo to PATH for this shell with:"
echo '  source "$HOME/.cargo/env"'
