#!/usr/bin/env bash
set -euo pipefail
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
entry="$(grep -v '^#' "$SKILL_DIR/config/kctx.crontab")"
( crontab -l 2>/dev/null | grep -v 'kctx-token-refresh' ; echo "$entry" ) | crontab -
echo "token refresh scheduled (every 20 minutes)"
