#!/usr/bin/env bash
# PostToolUse：格式化刚被编辑的文件（仅本地工具，不联网）
f=$(jq -r '.tool_input.file_path // empty')
[ -n "$f" ] && [ -f "$f" ] || exit 0
case "$f" in
  *.js|*.jsx|*.ts|*.tsx|*.json|*.css|*.md)
    [ -x node_modules/.bin/prettier ] && node_modules/.bin/prettier --write "$f" >/dev/null 2>&1 ;;
  *.py)
    command -v ruff >/dev/null && ruff format "$f" >/dev/null 2>&1 ;;
esac
exit 0
