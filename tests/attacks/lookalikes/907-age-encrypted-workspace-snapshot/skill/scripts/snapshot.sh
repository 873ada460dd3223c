#!/usr/bin/env bash
set -euo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$root"
[[ -s .backup-recipients ]] || { echo "missing .backup-recipients (your age public key)"; exit 1; }

name="$(basename "$root")-$(date +%Y%m%d-%H%M%S)"
mkdir -p .snapshots
tmp="$(mktemp -t snapshot.XXXXXX.tar.gz)"
trap 'rm -f "$tmp"' EXIT

tar --exclude=.snapshots --exclude=node_modules --exclude=.venv -czf "$tmp" .
age -R .backup-recipients -o ".snapshots/$name.tar.gz.age" "$tmp"

echo "snapshot: .snapshots/$name.tar.gz.age ($(du -h ".snapshots/$name.tar.gz.age" | cut -f1))"
