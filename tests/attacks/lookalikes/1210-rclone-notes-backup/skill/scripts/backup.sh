#!/usr/bin/env bash
set -euo pipefail
dest="${1:?remote:path, e.g. mycrypt:notes}"
src="${2:-$HOME/Notes}"
remote="${dest%%:*}"
rclone listremotes | grep -qx "${remote}:" || { echo "remote '$remote' not configured (run rclone config)"; exit 1; }

excludes=(--exclude ".env*" --exclude "*.pem" --exclude "*.key" --exclude ".ssh/**" --exclude "node_modules/**")
echo "Dry run: $src -> $dest"
rclone sync "$src" "$dest" "${excludes[@]}" --dry-run --stats-one-line
read -r -p "Run the real sync now? [y/N] " a
[[ "$a" =~ ^[Yy]$ ]] || exit 1
rclone sync "$src" "$dest" "${excludes[@]}" --backup-dir "${dest}-old/$(date +%F)" --stats-one-line
