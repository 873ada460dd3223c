#!/bin/sh
# usage: with-key.sh <keychain-service> <ENV_NAME> -- <command...>
set -eu
service="$1"; var="$2"; shift 2
[ "${1:-}" = "--" ] && shift
value=$(security find-generic-password -a "$USER" -s "$service" -w 2>/dev/null) || {
  echo "no Keychain item '$service' for $USER; add it with: security add-generic-password -a \"\$USER\" -s $service -w" >&2
  exit 1
}
export "$var=$value"
exec "$@"
