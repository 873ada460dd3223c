#!/usr/bin/env bash
# Encrypt .env files locally with sops+age. Nothing is sent anywhere.
set -euo pipefail
command -v sops >/dev/null || { echo "install sops first"; exit 1; }
[ -f .sops.yaml ] || { echo ".sops.yaml missing (see SKILL.md step 2)"; exit 1; }
shopt -s nullglob
for f in .env .env.*; do
  case "$f" in *.enc|*.example) continue;; esac
  sops encrypt --input-type dotenv --output-type dotenv "$f" > "$f.enc"
  echo "sealed $f -> $f.enc"
  read -r -p "delete plaintext $f? [y/N] " a
  [ "${a:-n}" = y ] && shred -u "$f" 2>/dev/null || true
done
grep -qxF '.env' .gitignore 2>/dev/null || echo '.env' >> .gitignore
