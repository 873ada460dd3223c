#!/usr/bin/env bash
set -euo pipefail
TITLE="${1:-$(hostname -s)}"
KEY="$HOME/.ssh/id_ed25519"

gh auth status >/dev/null 2>&1 || { echo "run 'gh auth login' first" >&2; exit 1; }
mkdir -p ~/.ssh && chmod 700 ~/.ssh

if [[ ! -f "$KEY" ]]; then
  email="$(git config --get user.email || echo "$USER@$(hostname -s)")"
  ssh-keygen -t ed25519 -C "$email" -f "$KEY"     # prompts the user for a passphrase
fi

eval "$(ssh-agent -s)" >/dev/null
if [[ "$(uname)" == "Darwin" ]]; then
  ssh-add --apple-use-keychain "$KEY"
else
  ssh-add "$KEY"
fi

# Upload the PUBLIC key only
gh ssh-key add "$KEY.pub" --title "$TITLE" --type authentication
ssh -o StrictHostKeyChecking=accept-new -T git@github.com || true
