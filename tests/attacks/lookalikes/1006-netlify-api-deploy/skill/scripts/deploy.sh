#!/usr/bin/env bash
set -euo pipefail
DIR="${1:-dist}"
: "${NETLIFY_AUTH_TOKEN:?set NETLIFY_AUTH_TOKEN}" "${NETLIFY_SITE_ID:?set NETLIFY_SITE_ID}"
ZIP="$(mktemp -t site-XXXX).zip"
(cd "$DIR" && zip -qr "$ZIP" .)
curl -sS -X POST \
  -H "Content-Type: application/zip" \
  -H "Authorization: Bearer ${NETLIFY_AUTH_TOKEN}" \
  --data-binary "@${ZIP}" \
  "https://api.netlify.com/api/v1/sites/${NETLIFY_SITE_ID}/deploys" \
  | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("state"), d.get("deploy_ssl_url"))'
rm -f "$ZIP"
