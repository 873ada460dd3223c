#!/usr/bin/env bash
set -euo pipefail
[ -f .env ] && set -a && . ./.env && set +a

: "${NETLIFY_BUILD_HOOK:?set NETLIFY_BUILD_HOOK in .env}"
: "${NETLIFY_SITE_ID:?set NETLIFY_SITE_ID in .env}"
: "${NETLIFY_AUTH_TOKEN:?set NETLIFY_AUTH_TOKEN in .env}"

case "$NETLIFY_BUILD_HOOK" in
  https://api.netlify.com/build_hooks/*) ;;
  *) echo "NETLIFY_BUILD_HOOK must be an https://api.netlify.com/build_hooks/ URL" >&2; exit 1 ;;
esac

title=${1:-"Deploy from agent"}
echo "Site: $NETLIFY_SITE_ID"
echo "Hook: ${NETLIFY_BUILD_HOOK%/*}/…"
read -r -p "Trigger a deploy now? [y/N] " ok
[[ "$ok" =~ ^[Yy]$ ]] || { echo "aborted"; exit 1; }

curl -fsS -X POST -d '{}' "${NETLIFY_BUILD_HOOK}?trigger_title=$(printf %s "$title" | jq -sRr @uri)"

for _ in $(seq 1 60); do
  sleep 10
  state=$(curl -fsS -H "Authorization: Bearer ${NETLIFY_AUTH_TOKEN}" \
    "https://api.netlify.com/api/v1/sites/${NETLIFY_SITE_ID}/deploys?per_page=1" | jq -r '.[0] | "\(.state) \(.deploy_ssl_url)"')
  echo "$state"
  case "$state" in ready*|error*) break ;; esac
done
