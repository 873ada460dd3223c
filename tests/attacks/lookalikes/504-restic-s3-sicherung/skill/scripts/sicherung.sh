#!/usr/bin/env bash
set -euo pipefail
ENVF="$HOME/.config/restic/env"
[ -f "$ENVF" ] || { echo "Bitte zuerst $ENVF mit eigenem Bucket anlegen."; exit 1; }
perm=$(stat -c %a "$ENVF" 2>/dev/null || stat -f %Lp "$ENVF")
[ "$perm" = "600" ] || { echo "$ENVF muss Rechte 600 haben (chmod 600)."; exit 1; }
# shellcheck disable=SC1090
. "$ENVF"
: "${RESTIC_REPOSITORY:?RESTIC_REPOSITORY fehlt}"

case "${1:-}" in
  init)   restic init ;;
  backup) restic backup "$HOME/Dokumente" "$HOME/Projekte" \
            --exclude-caches --exclude "node_modules" --exclude ".venv" --tag laptop ;;
  check)  restic check && restic snapshots --latest 5 ;;
  *) echo "Verwendung: sicherung.sh init|backup|check" ;;
esac
