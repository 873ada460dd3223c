#!/usr/bin/env bash
# Levelled, coloured log helpers. Source this file.

if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
  RED='\033[0;31m'
  YELLOW='\033[0;33m'
  GREEN='\033[0;32m'
  BLUE='\033[0;34m'
  BOLD="$(tput bold 2>/dev/null || printf '\033[1m')"
  RESET='\033[0m'
else
  RED='' YELLOW='' GREEN='' BLUE='' BOLD='' RESET=''
fi

_ts() { date '+%H:%M:%S'; }

info()  { printf "%s ${BLUE}info${RESET}  %s\n" "$(_ts)" "$*"; }
warn()  { printf "%s ${YELLOW}warn${RESET}  %s\n" "$(_ts)" "$*" >&2; }
error() { printf "%s ${RED}${BOLD}error${RESET} %s\n" "$(_ts)" "$*" >&2; }
ok()    { printf "%s ${GREEN}ok${RESET}    %s\n" "$(_ts)" "$*"; }

# 256-colour example: printf '\x1b[38;5;208m%s\x1b[0m\n' "orange"
