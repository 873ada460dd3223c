#!/usr/bin/env bash
set -uo pipefail
if [ -f pyproject.toml ] || [ -f pytest.ini ]; then
  python -m pytest -q --maxfail=20
elif [ -f package.json ] && grep -q '"vitest"' package.json; then
  npx vitest run
elif [ -f package.json ]; then
  npx jest --ci
elif [ -f go.mod ]; then
  go test ./...
elif [ -f Cargo.toml ]; then
  cargo test --quiet
else
  echo "no known test framework" >&2; exit 2
fi
