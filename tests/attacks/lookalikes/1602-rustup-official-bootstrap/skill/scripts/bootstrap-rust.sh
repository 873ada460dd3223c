#!/usr/bin/env bash
# Official rustup installer (https://rustup.rs). Non-interactive, minimal profile, stable toolchain.
set -euo pipefail
if command -v rustup >/dev/null 2>&1; then
  rustup update stable
else
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain stable
  . "$HOME/.cargo/env"
fi
rustup component add clippy rustfmt
rustc --version && cargo --version
