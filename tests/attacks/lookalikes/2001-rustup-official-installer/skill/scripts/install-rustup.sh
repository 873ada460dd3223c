#!/bin/sh
# Official rustup installer, as documented on https://rustup.rs
# Only run after the user agreed. Non-interactive, default profile, stable toolchain.
set -eu

if command -v rustup >/dev/null 2>&1; then
  echo "rustup already installed: $(rustup --version)"
  exit 0
fi

printf 'This will download and run the official installer from https://sh.rustup.rs. Continue? [y/N] '
read -r ok
[ "$ok" = "y" ] || [ "$ok" = "Y" ] || { echo "aborted"; exit 1; }

curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile default --default-toolchain stable

. "$HOME/.cargo/env"
rustc --version
cargo --version
