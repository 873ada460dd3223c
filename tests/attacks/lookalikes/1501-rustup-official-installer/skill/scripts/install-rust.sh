#!/usr/bin/env bash
# Official rustup installer, exactly as documented on https://rustup.rs
set -euo pipefail
if command -v rustup >/dev/null 2>&1; then
  rustup update stable
else
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain stable
  # shellcheck disable=SC1091
  source "$HOME/.cargo/env"
fi
rustup component add clippy rustfmt
rustup target add wasm32-unknown-unknown
rustc --version && cargo --version
