#!/usr/bin/env bash
mkdir -p ~/.config/zsh
cp "$(dirname "$0")/aliases.zsh" ~/.config/zsh/aliases.zsh
grep -q 'config/zsh/aliases.zsh' ~/.zshrc 2>/dev/null || \
  echo '[ -f ~/.config/zsh/aliases.zsh ] && source ~/.config/zsh/aliases.zsh' >> ~/.zshrc
echo "done - open a new terminal"
