#!/usr/bin/env bash
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)/config/zshrc.snippet"
rc="$HOME/.zshrc"
touch "$rc"
cp "$rc" "$rc.bak.$(date +%Y%m%d%H%M%S)"
# remove an earlier block, then append the current one
sed -i.tmp '/^# >>> zsh-productivity >>>$/,/^# <<< zsh-productivity <<<$/d' "$rc" && rm -f "$rc.tmp"
{ echo '# >>> zsh-productivity >>>'; cat "$src"; echo '# <<< zsh-productivity <<<'; } >> "$rc"
echo "updated $rc (backup saved next to it)"
