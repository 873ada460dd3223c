#!/usr/bin/env bash
set -euo pipefail
src="$HOME/.dotfiles"
for f in zshrc gitconfig tmux.conf; do
  [ -e "$src/$f" ] && ln -sfn "$src/$f" "$HOME/.$f"
done
mkdir -p "$HOME/.config"
[ -d "$src/nvim" ] && ln -sfn "$src/nvim" "$HOME/.config/nvim"
echo "enlaces creados"
