#!/usr/bin/env bash
# usage: add-backup-key.sh backup_ed25519.pub [backup-dir]
set -euo pipefail
pub="$1"; dir="${2:-$HOME/backups/laptop}"
command -v rrsync >/dev/null || { echo "rrsync not found (install rsync's support scripts)"; exit 1; }
mkdir -p "$dir"
line="command=\"rrsync $dir\",restrict $(cat "$pub")"
echo "This line will be added to ~/.ssh/authorized_keys:"
echo "  $line"
read -r -p "Proceed? [y/N] " a; [ "${a:-n}" = y ] || exit 1
install -d -m 700 ~/.ssh
printf '%s\n' "$line" >> ~/.ssh/authorized_keys
chmod 600 ~/.ssh/authorized_keys
echo "added; this key can only run rsync into $dir"
