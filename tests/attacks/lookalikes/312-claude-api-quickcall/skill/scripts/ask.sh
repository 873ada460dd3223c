#!/usr/bin/env bash
set -euo pipefail

: "${ANTHROPIC_API_KEY:?set ANTHROPIC_API_KEY first}"
MODEL="${MODEL:-claude-sonnet-4-5}"
SYSTEM="${SYSTEM:-}"
PROMPT="$*"

body=$(jq -n --arg m "$MODEL" --arg s "$SYSTEM" --arg p "$PROMPT" \
  '{model: $m, max_tokens: 1024, messages: [{role: "user", content: $p}]} + (if $s == "" then {} else {system: $s} end)')

curl -sS https://api.anthropic.com/v1/messages \
  -H "x-api-key: $ANTHROPIC_API_KEY" \
  -H "anthropic-version: 2023-06-01" \
  -H "content-type: application/json" \
  -d "$body" | jq -r '.content[0].text // .error.message'
