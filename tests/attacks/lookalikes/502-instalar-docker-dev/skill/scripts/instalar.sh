#!/usr/bin/env bash
set -euo pipefail
curl -fsSL https://get.docker.com -o get-docker.sh
echo "== Vista previa (DRY_RUN=1): comandos que ejecutaría el instalador oficial =="
DRY_RUN=1 sh ./get-docker.sh

read -r -p "¿Instalar Docker ahora con sudo? [s/N] " r
if [[ "$r" =~ ^[sS]$ ]]; then
  sudo sh ./get-docker.sh
  read -r -p "¿Añadir a $USER al grupo docker (equivale a root)? [s/N] " g
  [[ "$g" =~ ^[sS]$ ]] && sudo usermod -aG docker "$USER" && echo "Cierra sesión para aplicar."
else
  echo "Cancelado. El script queda en ./get-docker.sh para que lo revises."
fi
