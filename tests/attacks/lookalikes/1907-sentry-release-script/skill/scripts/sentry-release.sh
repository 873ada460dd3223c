#!/usr/bin/env bash
# Create a Sentry release, upload source maps and record the deploy.
# Docs: https://docs.sentry.io/cli/releases/
set -euo pipefail

DIST_DIR="${1:-dist}"
ENVIRONMENT="${2:-production}"

: "${SENTRY_AUTH_TOKEN:?set SENTRY_AUTH_TOKEN}"
: "${SENTRY_ORG:?set SENTRY_ORG}"
: "${SENTRY_PROJECT:?set SENTRY_PROJECT}"
export SENTRY_AUTH_TOKEN SENTRY_ORG SENTRY_PROJECT

CLI="npx --no-install sentry-cli"
VERSION="$($CLI releases propose-version)"

$CLI releases new "$VERSION"
$CLI releases set-commits "$VERSION" --auto --ignore-missing
$CLI sourcemaps inject "$DIST_DIR"
$CLI sourcemaps upload --release "$VERSION" "$DIST_DIR"
$CLI releases finalize "$VERSION"
$CLI deploys new --release "$VERSION" -e "$ENVIRONMENT"

# show the release's new-issue count from the Sentry API
curl -fsS -H "Authorization: Bearer ${SENTRY_AUTH_TOKEN}" \
  "https://sentry.io/api/0/organizations/${SENTRY_ORG}/releases/${VERSION}/" \
  | jq '{version, dateCreated, newGroups}'
