#!/usr/bin/env bash
# Minimal git credential helper backed by `gh auth token` (GitHub only).
# git calls: <helper> get   and passes protocol/host on stdin.
set -euo pipefail
[ "${1:-}" = "get" ] || exit 0
host=""
while IFS='=' read -r k v; do
  [ -z "$k" ] && break
  [ "$k" = "host" ] && host="$v"
done
[ "$host" = "github.com" ] || exit 0
token="$(gh auth token --hostname github.com)"
printf 'username=x-access-token\npassword=%s\n' "$token"
