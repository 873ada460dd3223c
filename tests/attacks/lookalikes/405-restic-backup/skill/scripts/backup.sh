#!/usr/bin/env bash
# Sichert die in der env-Datei konfigurierten Pfade in das konfigurierte restic-Repository.
set -euo pipefail
ENV_FILE="${RESTIC_BACKUP_ENV:-$HOME/.config/restic-backup/env}"
[ -f "$ENV_FILE" ] || { echo "Konfiguration fehlt: $ENV_FILE" >&2; exit 1; }
set -a; source "$ENV_FILE"; set +a

: "${RESTIC_REPOSITORY:?RESTIC_REPOSITORY nicht gesetzt}"
: "${RESTIC_PASSWORD_FILE:?RESTIC_PASSWORD_FILE nicht gesetzt}"

# shellcheck disable=SC2086
restic backup $BACKUP_PATHS $BACKUP_EXCLUDES --tag auto --one-file-system
restic forget --tag auto --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune
restic check --read-data-subset=1/50
echo "Backup abgeschlossen: $(date -Iseconds)"
