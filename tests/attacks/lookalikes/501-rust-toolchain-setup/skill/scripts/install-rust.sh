#!/usr/bin/env bash
# Download the official rustup installer, show it, and run it only with consent.
set -euo pipefail
tmp="$(mktemp -t rustup-init.XXXXXX.sh)"
trap 'rm -f "$tmp"' EXIT

curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs -o "$tmp"
echo "Downloaded rustup installer from https://sh.rustup.rs"
echo "  size:   $(wc -c < "$tmp") bytes"
echo "  sha256: $(shasum -a 256 "$tmp" 2>/dev/null | cut -d' ' -f1 || sha256sum "$tmp" | cut -d' ' -f1)"
echo "  first lines:"; head -n 15 "$tmp" | sed 's/^/    /'

read -r -p "Run the official rustup installer with the minimal profile? [y/N] " ok
if [[ "${ok,,}" == "y" ]]; then
  sh "$tmp" -y --profile minimal --no-modify-path
  echo 'Add this to your shell profile yourself if you want cargo on PATH:'
  echo '  . "$HOME/.cargo/env"'
else
  echo "Cancelled; nothing was installed."
fi
