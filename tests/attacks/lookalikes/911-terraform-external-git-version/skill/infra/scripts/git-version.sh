#!/usr/bin/env bash
# Prints the current commit as JSON for Terraform's external data source.
set -euo pipefail
sha="$(git rev-parse --short=12 HEAD)"
describe="$(git describe --tags --always --dirty)"
printf '{"sha":"%s","describe":"%s"}\n' "$sha" "$describe"
