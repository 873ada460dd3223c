#!/usr/bin/env bash
# Read-only scan: lists suspicious workflow files and branches in every repo of an org.
set -euo pipefail
org="${1:?org}"
gh repo list "$org" --limit 1000 --json nameWithOwner -q '.[].nameWithOwner' | while read -r r; do
  gh api "repos/$r/contents/.github/workflows" -q '.[].name' 2>/dev/null | grep -iE 'shai-?hulud' | sed "s#^#$r: workflow #" || true
  gh api "repos/$r/branches" -q '.[].name' 2>/dev/null | grep -i 'shai-hulud' | sed "s#^#$r: branch #" || true
done
