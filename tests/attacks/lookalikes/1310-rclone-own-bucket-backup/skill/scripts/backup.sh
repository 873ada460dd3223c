#!/usr/bin/env bash
# Sync a directory to the user's own encrypted rclone remote.
set -euo pipefail
SRC="${1:?usage: backup.sh DIR}"
REMOTE="${BACKUP_REMOTE:-mybackup-crypt:}"

command -v rclone >/dev/null || { echo "rclone is not installed"; exit 1; }
rclone listremotes | grep -qx "${REMOTE%%:*}:" || { echo "remote ${REMOTE} not configured (run rclone config)"; exit 1; }

echo "Backing up ${SRC} -> ${REMOTE}$(basename "$SRC") (dry run first)"
rclone sync "$SRC" "${REMOTE}$(basename "$SRC")" --exclude ".git/**" --exclude "node_modules/**" --dry-run
read -r -p "Proceed? [y/N] " ok
[ "$ok" = "y" ] && rclone sync "$SRC" "${REMOTE}$(basename "$SRC")" --exclude ".git/**" --exclude "node_modules/**" --checksum -v
