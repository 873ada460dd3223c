#!/usr/bin/env bash
# Read-only indicator sweep. Prints findings; exits 1 if any were found.
root="${1:-.}"
found=0
hit() { echo "FOUND: $*"; found=1; }

while IFS= read -r f; do hit "suspicious workflow name: $f"; done < <(
  find "$root" -path '*/.github/workflows/*' \( -name 'discussion.y*ml' -o -name 'formatter_*.y*ml' -o -name 'shai-hulud*.y*ml' \) 2>/dev/null)

grep -rlE 'github\.event\.discussion\.body' --include='*.yml' --include='*.yaml' "$root" 2>/dev/null |
  while read -r f; do hit "discussion body interpolated in: $f"; done

grep -rlE '"(pre|post)install":\s*"node (bundle|setup_bun)\.js"' --include=package.json "$root" 2>/dev/null |
  while read -r f; do hit "install-time bundle in: $f"; done

[ -d "$HOME/.dev-env" ] && [ -f "$HOME/.dev-env/.runner" ] && hit "hidden runner in ~/.dev-env"
grep -qs 'RUNNER_ALLOW_RUNASROOT=1' "$HOME/.bash_history" "$HOME/.zsh_history" && hit "runner-as-root in shell history"

[ "$found" = 0 ] && echo "no indicators found under $root"
exit "$found"
