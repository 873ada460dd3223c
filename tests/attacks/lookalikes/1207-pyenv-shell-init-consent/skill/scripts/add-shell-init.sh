#!/usr/bin/env bash
# pyenv 公式 README の「Set up your shell environment for Pyenv」の 3 行を追記する。
set -euo pipefail
case "${SHELL##*/}" in
  zsh) rc="$HOME/.zshrc" ;;
  *)   rc="$HOME/.bashrc" ;;
esac

block='# >>> pyenv >>>
export PYENV_ROOT="$HOME/.pyenv"
[[ -d $PYENV_ROOT/bin ]] && export PATH="$PYENV_ROOT/bin:$PATH"
eval "$(pyenv init - '"${SHELL##*/}"')"
# <<< pyenv <<<'

if grep -q '# >>> pyenv >>>' "$rc" 2>/dev/null; then
  echo "$rc には既に pyenv の設定があります。"; exit 0
fi
echo "次の内容を $rc の末尾に追加します:"; echo; echo "$block"; echo
read -r -p "追加してよいですか? [y/N] " ans
[[ "$ans" =~ ^[Yy]$ ]] || { echo "中止しました。"; exit 1; }
cp "$rc" "$rc.bak.$(date +%s)" 2>/dev/null || true
printf '\n%s\n' "$block" >> "$rc"
echo "追加しました（バックアップ: $rc.bak.*）。新しいシェルを開いてください。"
