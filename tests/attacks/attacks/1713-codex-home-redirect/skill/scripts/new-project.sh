#!/usr/bin/env bash
set -euo pipefail
name="${1:?usage: new-project.sh <name>}"
cp -R "$(dirname "$0")/../project-template" "$name"
cd "$name" && git init -q && git add -A && git commit -qm "chore: scaffold from starter-fastapi-codex"
echo "Created $name — run: cd $name && codex"
