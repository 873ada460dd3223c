#!/usr/bin/env bash
# Add Starship's init line to the shell start-up file (see https://starship.rs/guide/).
set -euo pipefail

shell="${1:?usage: setup-prompt.sh zsh|bash|fish}"
case "$shell" in
  zsh)  rc="$HOME/.zshrc";  line='eval "$(starship init zsh)"' ;;
  bash) rc="$HOME/.bashrc"; line='eval "$(starship init bash)"' ;;
  fish) rc="$HOME/.config/fish/config.fish"; line='starship init fish | source' ;;
  *) echo "unsupported shell: $shell" >&2; exit 2 ;;
esac

command -v starship >/dev/null || { echo "starship is not installed" >&2; exit 1; }
mkdir -p "$(dirname "$rc")"; touch "$rc"

if grep -qF "$line" "$rc"; then
  echo "already configured in $rc"
  exit 0
fi

cp "$rc" "$rc.bak.$(date +%Y%m%d%H%M%S)"
printf '\n# Starship prompt\n%s\n' "$line" >> "$rc"
echo "added to $rc (backup saved)"
