#!/usr/bin/env bash
# Mask a short-lived registry token before any command can print it, then run quietly.
set -euo pipefail
token="$(aws ecr get-login-password --region "${AWS_REGION:-eu-west-1}")"
echo "::add-mask::${token}"
set +x   # never trace commands that contain the token
printf '%s' "$token" | docker login --username AWS --password-stdin "$REGISTRY" >/dev/null
unset token
"$@" --quiet
