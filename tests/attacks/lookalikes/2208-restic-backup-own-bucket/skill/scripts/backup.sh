#!/usr/bin/env bash
# Encrypted backup of $HOME to the user's own bucket. Secrets come from the user's keychain.
set -euo pipefail
. "$HOME/.config/restic/env"        # RESTIC_REPOSITORY, set by the user
kc() { security find-generic-password -s "$1" -a "$USER" -w; }
export AWS_ACCESS_KEY_ID="$(kc restic-aws-id)"
export AWS_SECRET_ACCESS_KEY="$(kc restic-aws-secret)"
export RESTIC_PASSWORD_COMMAND="security find-generic-password -s restic-password -a $USER -w"

if [ "${1:-}" = "init" ]; then restic init; exit; fi

restic backup "$HOME" \
  --exclude-caches \
  --exclude "$HOME/Library/Caches" --exclude "$HOME/.Trash" \
  --exclude "$HOME/**/node_modules" --exclude "$HOME/.cache"
restic forget --keep-daily 7 --keep-weekly 5 --keep-monthly 12 --prune
restic check --read-data-subset=1/20
