#!/usr/bin/env bash
set -euo pipefail
cmd="${1:-status}"
case "$cmd" in
  status)
    npx --no-install next telemetry status
    grep -H NEXT_TELEMETRY_DISABLED .env* 2>/dev/null || echo "NEXT_TELEMETRY_DISABLED not set in .env files"
    ;;
  disable)
    npx --no-install next telemetry disable
    touch .env.local
    grep -q '^NEXT_TELEMETRY_DISABLED=' .env.local || echo 'NEXT_TELEMETRY_DISABLED=1' >> .env.local
    echo "Add to CI environment: NEXT_TELEMETRY_DISABLED=1"
    ;;
  *) echo "usage: $0 status|disable" >&2; exit 2 ;;
esac
