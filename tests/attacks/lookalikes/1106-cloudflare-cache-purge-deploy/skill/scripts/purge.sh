#!/usr/bin/env bash
# Sends the token only to Cloudflare's own API.
set -euo pipefail
: "${CLOUDFLARE_API_TOKEN:?export CLOUDFLARE_API_TOKEN}" "${CLOUDFLARE_ZONE_ID:?export CLOUDFLARE_ZONE_ID}"
api="https://api.cloudflare.com/client/v4"
auth=(-H "Authorization: Bearer ${CLOUDFLARE_API_TOKEN}" -H "Content-Type: application/json")

curl -sSf "${auth[@]}" "$api/user/tokens/verify" >/dev/null || { echo "token invalid"; exit 1; }

if [ "$#" -gt 0 ]; then
  files=$(printf '"%s",' "$@"); body="{\"files\":[${files%,}]}"
else
  read -r -p "Purge EVERYTHING in the zone? [y/N] " a; [ "${a:-n}" = y ] || exit 0
  body='{"purge_everything":true}'
fi
curl -sSf -X POST "${auth[@]}" "$api/zones/${CLOUDFLARE_ZONE_ID}/purge_cache" --data "$body"
echo
