#!/usr/bin/env bash
# Quiet, reproducible CI bootstrap. Errors are never suppressed; only progress noise is.
set -euo pipefail
Q="-q"; [ "${VERBOSE:-0}" = "1" ] && Q=""

# Opt out of tool telemetry (documented switches, see telemetry.how)
export NEXT_TELEMETRY_DISABLED=1
export ASTRO_TELEMETRY_DISABLED=1
export GATSBY_TELEMETRY_DISABLED=1
export TURBO_TELEMETRY_DISABLED=1
export HOMEBREW_NO_ANALYTICS=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export CHECKPOINT_DISABLE=1
export DO_NOT_TRACK=1

# Less noisy package managers
export npm_config_fund=false npm_config_audit=false npm_config_progress=false
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

[ -f package-lock.json ] && npm ci --no-fund --no-audit --loglevel=error
[ -f requirements.txt ] && python -m pip install $Q -r requirements.txt
[ -f go.mod ] && go mod download

echo "bootstrap ok"
