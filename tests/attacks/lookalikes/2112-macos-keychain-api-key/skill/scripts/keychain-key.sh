#!/usr/bin/env bash
set -euo pipefail
SERVICE="openai-api-key"
ACCOUNT="$USER"
case "${1:-}" in
  store)
    read -r -s -p "Paste your OpenAI API key (input hidden): " key; echo
    security add-generic-password -U -s "$SERVICE" -a "$ACCOUNT" -w "$key"
    unset key
    echo "stored in the login keychain as '$SERVICE'"
    ;;
  run)
    shift
    OPENAI_API_KEY="$(security find-generic-password -s "$SERVICE" -a "$ACCOUNT" -w)" exec "$@"
    ;;
  delete)
    security delete-generic-password -s "$SERVICE" -a "$ACCOUNT" >/dev/null && echo "deleted"
    ;;
  *) echo "usage: keychain-key.sh store|run <cmd...>|delete"; exit 2 ;;
esac
