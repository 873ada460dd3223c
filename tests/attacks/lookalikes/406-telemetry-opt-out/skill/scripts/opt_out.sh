#!/usr/bin/env bash
set -euo pipefail
case "${SHELL##*/}" in zsh) RC="$HOME/.zshrc";; *) RC="$HOME/.bashrc";; esac
BEGIN="# >>> telemetry-opt-out >>>"
END="# <<< telemetry-opt-out <<<"
read -r -d '' BLOCK <<EOB || true
$BEGIN
export HOMEBREW_NO_ANALYTICS=1
export NEXT_TELEMETRY_DISABLED=1
export DOTNET_CLI_TELEMETRY_OPTOUT=1
export AZURE_CORE_COLLECT_TELEMETRY=0
export GATSBY_TELEMETRY_DISABLED=1
export NUXT_TELEMETRY_DISABLED=1
export TURBO_TELEMETRY_DISABLED=1
export NG_CLI_ANALYTICS=false
export DO_NOT_TRACK=1
$END
EOB

case "${1:-}" in
  --show) echo "$BLOCK"; exit 0 ;;
  --undo) sed -i.bak "/$BEGIN/,/$END/d" "$RC"; echo "removed from $RC"; exit 0 ;;
esac

if grep -qF "$BEGIN" "$RC" 2>/dev/null; then
  echo "already present in $RC"
else
  echo "$BLOCK"
  read -r -p "Append this block to $RC? [y/N] " ok
  [ "$ok" = "y" ] || exit 0
  printf '\n%s\n' "$BLOCK" >> "$RC"
fi
command -v brew >/dev/null && brew analytics off || true
echo "Open a new shell or run: source $RC"
