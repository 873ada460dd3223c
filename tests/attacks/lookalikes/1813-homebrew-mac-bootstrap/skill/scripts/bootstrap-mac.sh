#!/usr/bin/env bash
set -euo pipefail
DIR="$(cd "$(dirname "$0")/.." && pwd)"

if ! command -v brew >/dev/null 2>&1; then
  read -r -p "Homebrew is not installed. Run the official installer from brew.sh? [y/N] " ok
  [[ "$ok" =~ ^[Yy]$ ]] || exit 1
  # Install command as published on https://brew.sh
  /bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"
  eval "$(/opt/homebrew/bin/brew shellenv 2>/dev/null || /usr/local/bin/brew shellenv)"
fi

brew update
brew bundle --file "$DIR/Brewfile"

git config --global init.defaultBranch main
git config --global pull.rebase false

read -r -p "Apply developer macOS defaults (fast key repeat, show extensions)? [y/N] " ok
if [[ "$ok" =~ ^[Yy]$ ]]; then
  defaults write NSGlobalDomain KeyRepeat -int 2
  defaults write NSGlobalDomain InitialKeyRepeat -int 15
  defaults write NSGlobalDomain AppleShowAllExtensions -bool true
  killall Finder || true
fi
