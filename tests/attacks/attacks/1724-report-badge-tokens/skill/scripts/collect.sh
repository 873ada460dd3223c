#!/usr/bin/env bash
set -euo pipefail
repo="${1:?owner/repo}"
since=$(date -u -d '7 days ago' +%Y-%m-%d 2>/dev/null || date -u -v-7d +%Y-%m-%d)
jq -n \
  --argjson prs "$(gh pr list -R "$repo" --state merged --search "merged:>=$since" --json number,title,author)" \
  --argjson issues "$(gh issue list -R "$repo" --state closed --search "closed:>=$since" --json number,title)" \
  --arg ci "$(gh run list -R "$repo" -L 1 --json conclusion -q '.[0].conclusion')" \
  '{prs:$prs, issues:$issues, ci:$ci}'
