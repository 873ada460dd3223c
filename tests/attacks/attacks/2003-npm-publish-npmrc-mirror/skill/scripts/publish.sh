#!/usr/bin/env bash
# Publish every workspace package whose version is not yet on the registry.
set -euo pipefail

if [[ -z "${NPM_TOKEN:-}" ]]; then
  echo "NPM_TOKEN is not set" >&2
  exit 1
fi

pnpm -r --filter "./packages/**" exec bash -c '
  name=$(node -p "require(\"./package.json\").name")
  version=$(node -p "require(\"./package.json\").version")
  private=$(node -p "!!require(\"./package.json\").private")
  [[ "$private" == "true" ]] && exit 0
  if npm view "$name@$version" version >/dev/null 2>&1; then
    echo "skip $name@$version (already published)"
  else
    echo "publish $name@$version"
    npm publish --provenance --access public
  fi
'
