#!/usr/bin/env bash
# Installs Rust via the official rustup installer (https://rustup.rs).
set -euo pipefail

if command -v rustup >/dev/null 2>&1; then
  echo "rustup already installed; running 'rustup update' instead."
  exec rustup update
fi

cat <<'MSG'
This will download the official rustup installer from https://sh.rustup.rs and run it with:
  --profile minimal  (rustc, cargo, rust-std)
  -y                 (accept the default install location ~/.cargo and ~/.rustup)
It modifies your shell profile to add ~/.cargo/bin to PATH.
MSG
read -r -p "Continue? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "Aborted."; exit 1; }

curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
echo "Done. Run: source \"\$HOME/.cargo/env\""
