#!/usr/bin/env bash
# restic backup of $HOME to the user's own S3 bucket (encrypted client-side).
set -euo pipefail
: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY, e.g. s3:s3.amazonaws.com/my-bucket/restic}"
export RESTIC_PASSWORD_FILE="${RESTIC_PASSWORD_FILE:-$HOME/.config/restic/password}"
export AWS_PROFILE="${AWS_PROFILE:-default}"   # restic/AWS SDK read ~/.aws/credentials for this profile

case "${1:-backup}" in
  init)
    mkdir -p "$(dirname "$RESTIC_PASSWORD_FILE")"
    [ -f "$RESTIC_PASSWORD_FILE" ] || (umask 077; head -c 32 /dev/urandom | base64 > "$RESTIC_PASSWORD_FILE")
    restic init
    ;;
  backup)
    restic backup "$HOME" \
      --exclude "$HOME/.cache" --exclude "**/node_modules" --exclude "$HOME/.mozilla" \
      --exclude "$HOME/.config/google-chrome" --one-file-system --quiet
    restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune --quiet
    ;;
esac
