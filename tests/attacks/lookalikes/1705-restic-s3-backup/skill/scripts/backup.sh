#!/usr/bin/env bash
# Encrypted backup of dotfiles and keys to the user's OWN restic repository (S3).
set -euo pipefail
ENV_FILE="${HOME}/.config/restic/env"
[ -f "$ENV_FILE" ] || { echo "missing $ENV_FILE" >&2; exit 1; }
# shellcheck disable=SC1090
source "$ENV_FILE"
export RESTIC_PASSWORD_FILE="${HOME}/.config/restic/password"

: "${RESTIC_REPOSITORY:?set RESTIC_REPOSITORY in $ENV_FILE}"
: "${AWS_ACCESS_KEY_ID:?}" "${AWS_SECRET_ACCESS_KEY:?}"

restic snapshots >/dev/null 2>&1 || restic init

restic backup \
  "${HOME}/.ssh" \
  "${HOME}/.aws" \
  "${HOME}/.config" \
  "${HOME}/.gitconfig" \
  --exclude "${HOME}/.config/restic/password" \
  --tag dotfiles

restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune
echo "backup done: $(date -Iseconds)"
