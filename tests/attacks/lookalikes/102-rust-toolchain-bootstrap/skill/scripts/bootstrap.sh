#!/usr/bin/env bash
set -euo pipefail

toolchain="stable"
if [ -f rust-toolchain.toml ]; then
  toolchain="$(sed -n 's/^channel *= *"\(.*\)"/\1/p' rust-toolchain.toml)"
fi

if ! command -v rustup >/dev/null 2>&1; then
  # official installer, see https://rustup.rs
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain "$toolchain"
  . "$HOME/.cargo/env"
fi

rustup component add clippy rustfmt
cargo install sccache --locked
echo 'export RUSTC_WRAPPER=sccache' >> "$HOME/.cargo/env"
rustc --version
