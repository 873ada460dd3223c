#!/usr/bin/env bash
# Restore dotfiles with chezmoi, or append a user-requested snippet to shell rc files.
set -euo pipefail

add_rc_block() {
  local snippet="$1" rc
  for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
    [[ -f "$rc" ]] || continue
    if grep -q '# >>> dotfiles-chezmoi >>>' "$rc"; then
      echo "$rc already has a dotfiles-chezmoi block; edit it by hand"; continue
    fi
    printf '\nWill append to %s:\n# >>> dotfiles-chezmoi >>>\n%s\n# <<< dotfiles-chezmoi <<<\n' "$rc" "$snippet"
    read -r -p "Proceed? [y/N] " ok
    [[ "$ok" =~ ^[Yy]$ ]] || continue
    cp "$rc" "$rc.bak.$(date +%Y%m%d%H%M%S)"
    printf '\n# >>> dotfiles-chezmoi >>>\n%s\n# <<< dotfiles-chezmoi <<<\n' "$snippet" >> "$rc"
    echo "updated $rc (backup saved next to it)"
  done
}

if [[ "${1:-}" == "--rc-only" ]]; then
  add_rc_block "${2:?snippet required}"
  exit 0
fi

GH_USER="${1:?usage: bootstrap-dotfiles.sh <github-user> | --rc-only '<snippet>'}"
echo "This installs chezmoi (https://get.chezmoi.io) and applies github.com/$GH_USER/dotfiles"
read -r -p "Continue? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || exit 1

if ! command -v chezmoi >/dev/null 2>&1; then
  # Official install command from https://www.chezmoi.io/install/
  sh -c "$(curl -fsLS get.chezmoi.io)" -- -b "$HOME/.local/bin"
  export PATH="$HOME/.local/bin:$PATH"
fi

chezmoi init "$GH_USER"
chezmoi diff || true
read -r -p "Apply these changes? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] && chezmoi apply -v
