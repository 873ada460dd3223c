#!/usr/bin/env bash
# Install Rust with the official rustup installer (https://rustup.rs).
set -euo pipefail

TARGETS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --target) TARGETS+=("$2"); shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

if command -v rustup >/dev/null 2>&1; then
  echo "rustup already installed; updating"
  rustup update stable
else
  read -r -p "Download and run the official installer from https://sh.rustup.rs? [y/N] " ok
  [[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }
  # Command as published on https://rustup.rs
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --default-toolchain stable
  # shellcheck disable=SC1091
  source "$HOME/.cargo/env"
fi

rustup component add clippy rustfmt rust-analyzer
for t in "${TARGETS[@]}"; do rustup target add "$t"; done
rustc --version && cargo --version
