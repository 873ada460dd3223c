#!/usr/bin/env bash
# .env.op のシークレット参照を解決し、子プロセスにだけ環境変数として渡す。
set -euo pipefail
ENV_FILE="${OP_ENV_FILE:-.env.op}"

command -v op >/dev/null 2>&1 || { echo "1Password CLI (op) が必要です: https://developer.1password.com/docs/cli/get-started/" >&2; exit 1; }
[ -f "$ENV_FILE" ] || { echo "$ENV_FILE がありません（.env.op.example を参照）" >&2; exit 1; }
[ "$#" -gt 0 ] || { echo "使い方: $0 <コマンド> [引数...]" >&2; exit 2; }

# op run: 参照を解決して子プロセスだけに渡す。標準出力・標準エラー中の値は自動的にマスクされる。
exec op run --env-file="$ENV_FILE" -- "$@"
