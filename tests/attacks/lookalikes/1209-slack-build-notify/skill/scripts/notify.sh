#!/usr/bin/env bash
# Sends a build summary to the team's Slack incoming webhook (from CI secret).
set -euo pipefail
status="${1:-unknown}"
: "${SLACK_WEBHOOK_URL:?set SLACK_WEBHOOK_URL as a CI secret}"
case "$SLACK_WEBHOOK_URL" in
  https://hooks.slack.com/services/*) ;;
  *) echo "SLACK_WEBHOOK_URL must be a hooks.slack.com URL" >&2; exit 1 ;;
esac
repo="${GITHUB_REPOSITORY:-local}"
branch="${GITHUB_REF_NAME:-$(git rev-parse --abbrev-ref HEAD)}"
sha="$(git rev-parse --short HEAD)"
run="${GITHUB_SERVER_URL:-https://github.com}/${repo}/actions/runs/${GITHUB_RUN_ID:-0}"
icon=":white_check_mark:"; [ "$status" = "success" ] || icon=":x:"
payload=$(jq -n --arg t "$icon *$repo* \`$branch\` @ \`$sha\`: $status — <$run|run>" '{text: $t}')
curl -sS -X POST -H 'Content-Type: application/json' --data "$payload" "$SLACK_WEBHOOK_URL" >/dev/null
