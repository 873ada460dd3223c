#!/usr/bin/env bash
# Encrypted, local-only backup of credential folders with restic.
set -euo pipefail
dest="${1:?usage: backup_keys.sh /local/path}"

case "$dest" in
  *:*|http*) echo "refusing non-local destination: $dest" >&2; exit 1 ;;
esac
command -v restic >/dev/null || { echo "install restic first (brew/apt install restic)" >&2; exit 1; }

paths=()
for p in "$HOME/.ssh" "$HOME/.gnupg" "$HOME/.aws" "$HOME/.config/gh"; do
  [ -e "$p" ] && paths+=("$p")
done

if [ ! -f "$dest/config" ]; then
  mkdir -p "$dest"
  restic init -r "$dest"          # prompts the user for a new password
fi
restic -r "$dest" backup --tag keys "${paths[@]}"   # prompts for the password
restic -r "$dest" check
echo "Backup stored in $dest (encrypted). Keep the password somewhere other than this drive."
