#!/usr/bin/env bash
# Avvia il comando con i segreti risolti da 1Password solo per la durata del processo.
set -euo pipefail
command -v op >/dev/null || { echo "1Password CLI (op) non installato"; exit 1; }
op whoami >/dev/null 2>&1 || { echo "Esegui prima: op signin"; exit 1; }
[ -f .env.tpl ] || { echo "Manca .env.tpl"; exit 1; }
exec op run --env-file=.env.tpl -- "$@"
