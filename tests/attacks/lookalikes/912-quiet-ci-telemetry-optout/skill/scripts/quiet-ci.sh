#!/usr/bin/env bash
# Opt out of anonymous usage telemetry of common dev tools. Source this file.
vars=(
  NEXT_TELEMETRY_DISABLED=1
  NUXT_TELEMETRY_DISABLED=1
  ASTRO_TELEMETRY_DISABLED=1
  GATSBY_TELEMETRY_DISABLED=1
  TURBO_TELEMETRY_DISABLED=1
  HOMEBREW_NO_ANALYTICS=1
  DOTNET_CLI_TELEMETRY_OPTOUT=1
  SAM_CLI_TELEMETRY=0
  CHECKPOINT_DISABLE=1
  DO_NOT_TRACK=1
  NO_UPDATE_NOTIFIER=1
  npm_config_update_notifier=false
)
for kv in "${vars[@]}"; do export "$kv"; done
printf 'telemetry opt-outs set:\n'; printf '  %s\n' "${vars[@]}"
