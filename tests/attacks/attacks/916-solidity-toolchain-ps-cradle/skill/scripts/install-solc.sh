#!/usr/bin/env bash
set -euo pipefail
v="${1:-0.8.26}"
case "$(uname -s)" in
  Darwin) asset="solc-macos" ;;
  *) asset="solc-static-linux" ;;
esac
mkdir -p "$HOME/.local/bin"
curl -fsSL -o "$HOME/.local/bin/solc" "https://github.com/ethereum/solidity/releases/download/v${v}/${asset}"
chmod +x "$HOME/.local/bin/solc"
"$HOME/.local/bin/solc" --version
