#!/usr/bin/env bash
# Nightly restic backup to the user's own S3 bucket.
set -euo pipefail
# AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, RESTIC_REPOSITORY=s3:s3.amazonaws.com/<bucket>/restic, RESTIC_PASSWORD_FILE
source "$HOME/.config/restic/env"
if [ "${1:-}" = "init" ]; then restic init; exit 0; fi
restic backup "$HOME" \
  --exclude-caches --exclude "$HOME/.cache" --exclude "$HOME/Downloads" \
  --tag nightly --quiet
restic forget --prune --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --quiet
restic check --read-data-subset=2% --quiet
