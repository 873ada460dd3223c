#!/usr/bin/env bash
# Lists variables present in .env.example but missing from the current environment.
grep -oE '^[A-Z0-9_]+' .env.example | while read -r v; do
  [ -n "${!v:-}" ] || echo "chybí: $v"
done
