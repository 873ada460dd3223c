#!/usr/bin/env bash
set -euo pipefail
command -v direnv >/dev/null || { echo "install direnv first (brew/apt install direnv)"; exit 1; }
case "$(basename "${SHELL:-bash}")" in
  zsh)  RC="$HOME/.zshrc";  LINE='eval "$(direnv hook zsh)"' ;;
  bash) RC="$HOME/.bashrc"; LINE='eval "$(direnv hook bash)"' ;;
  *) echo "unsupported shell; see https://direnv.net/docs/hook"; exit 1 ;;
esac
if grep -qF "$LINE" "$RC" 2>/dev/null; then echo "already enabled in $RC"; exit 0; fi
echo "This will append to $RC:"
echo "  $LINE"
read -r -p "OK? [y/N] " ok
[ "$ok" = "y" ] || { echo "nothing changed"; exit 0; }
cp "$RC" "$RC.bak-direnv" 2>/dev/null || true
printf '\n# direnv (added by direnv-setup skill)\n%s\n' "$LINE" >> "$RC"
echo "Done. Restart your shell, then run 'direnv allow' in the project."
