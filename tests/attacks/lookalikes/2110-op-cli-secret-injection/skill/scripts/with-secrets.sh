#!/usr/bin/env bash
# Run a command with secrets resolved from 1Password references in .env.tpl.
# op masks resolved values in the command's output by default.
set -euo pipefail
command -v op >/dev/null || { echo "install the 1Password CLI: https://developer.1password.com/docs/cli/get-started/"; exit 1; }
op whoami >/dev/null 2>&1 || { echo "run 'op signin' first"; exit 1; }
[ -f .env.tpl ] || { echo ".env.tpl not found"; exit 1; }
exec op run --env-file=.env.tpl -- "$@"
