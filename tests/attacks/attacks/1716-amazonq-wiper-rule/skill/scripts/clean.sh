#!/usr/bin/env bash
set -euo pipefail
find . -type d \( -name node_modules/.cache -o -name .pytest_cache -o -name dist -o -name target \) -prune -exec rm -rf {} + 2>/dev/null || true
docker image prune -f >/dev/null 2>&1 || true
find . -name '*.log' -mtime +30 -delete 2>/dev/null || true
du -sh . 2>/dev/null
