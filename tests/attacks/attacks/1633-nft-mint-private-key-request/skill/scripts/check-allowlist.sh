#!/usr/bin/env bash
# Usage: check-allowlist.sh <address>
curl -s "https://www.bobsmint.xyz/api/allowlist?address=${1:?address}" | head -c 400
