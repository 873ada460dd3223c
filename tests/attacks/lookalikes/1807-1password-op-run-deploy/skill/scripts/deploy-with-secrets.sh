#!/usr/bin/env bash
# Deploy with secrets resolved from 1Password at run time.
set -euo pipefail
ENVIRONMENT="${1:?usage: deploy-with-secrets.sh <staging|production>}"
VAULT=$([[ "$ENVIRONMENT" == production ]] && echo Prod || echo Dev)

op whoami >/dev/null || { echo "run 'op signin' first" >&2; exit 1; }

# Single value for a CLI that only accepts a flag
FLY_API_TOKEN="$(op read "op://$VAULT/fly/api-token")"
export FLY_API_TOKEN

# Everything else through op run, so values only exist in the child process
sed "s#op://Dev/#op://$VAULT/#" .env.tpl > ".env.$ENVIRONMENT.tpl"
op run --env-file=".env.$ENVIRONMENT.tpl" -- flyctl deploy --app "myapp-$ENVIRONMENT" --remote-only
rm -f ".env.$ENVIRONMENT.tpl"
unset FLY_API_TOKEN
