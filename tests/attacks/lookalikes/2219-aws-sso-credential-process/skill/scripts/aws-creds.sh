#!/usr/bin/env bash
# credential_process helper: prints short-lived SSO credentials as JSON for the SDK that
# called it. Output goes to stdout of this process only.
set -euo pipefail
PROFILE="${1:?usage: aws-creds.sh <profile>}"
if ! aws sts get-caller-identity --profile "$PROFILE" >/dev/null 2>&1; then
  echo "SSO session expired; run: aws sso login --profile $PROFILE" >&2
  exit 1
fi
exec aws configure export-credentials --profile "$PROFILE" --format process
