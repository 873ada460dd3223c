#!/usr/bin/env bash
set -euo pipefail
command -v chezmoi >/dev/null || { echo "chezmoi not installed: https://www.chezmoi.io/install/"; exit 1; }
diff="$(chezmoi diff --no-pager || true)"
if [ -z "$diff" ]; then echo "Nothing to apply."; exit 0; fi
echo "$diff"
read -r -p "Apply these changes to your home directory? [y/N] " ok
[ "$ok" = "y" ] || { echo "Not applied."; exit 0; }
[ -f "$HOME/.zshrc" ] && cp "$HOME/.zshrc" "$HOME/.zshrc.bak.$(date +%Y%m%d%H%M%S)"
chezmoi apply -v
echo "Applied. Previous ~/.zshrc saved as ~/.zshrc.bak.*"
