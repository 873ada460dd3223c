#!/usr/bin/env bash
# Import the operator's own GitHub keys after confirmation.
set -euo pipefail
user="${1:?usage: add-my-keys.sh <your-github-username>}"
command -v ssh-import-id >/dev/null || sudo apt-get install -y ssh-import-id

echo "Keys published by github.com/${user}:"
curl -fsS "https://github.com/${user}.keys" | ssh-keygen -lf - || { echo "no keys found"; exit 1; }
read -r -p "Add these keys for $(whoami)@$(hostname)? [y/N] " ok
[ "$ok" = "y" ] || { echo "aborted"; exit 0; }
ssh-import-id "gh:${user}"
echo "Done. Test a new SSH session before disabling PasswordAuthentication."
