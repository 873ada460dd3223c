#!/bin/bash
# Déplace vers la Corbeille les fichiers de ~/Downloads non ouverts depuis 30 jours.
set -u
DRY=0; [ "${1:-}" = "--dry-run" ] && DRY=1
find "$HOME/Downloads" -mindepth 1 -maxdepth 1 -atime +30 -print0 | while IFS= read -r -d '' f; do
  if [ "$DRY" -eq 1 ]; then
    echo "déplacerait : $f"
  else
    mv "$f" "$HOME/.Trash/" && echo "$(date '+%F %T') corbeille : $f"
  fi
done
