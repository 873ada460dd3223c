#!/usr/bin/env bash
set -euo pipefail
SRC="${1:-dist}"
[ -f .env.deploy ] || { echo "create .env.deploy first (see SKILL.md)"; exit 1; }
set -a; . ./.env.deploy; set +a
: "${DEPLOY_HOST:?}" "${DEPLOY_USER:?}" "${DEPLOY_PATH:?}"

REL="$DEPLOY_PATH/releases/$(date +%Y%m%d%H%M%S)"
TARGET="$DEPLOY_USER@$DEPLOY_HOST"

echo "Dry run to $TARGET:$REL"
rsync -az --delete --dry-run --itemize-changes "$SRC/" "$TARGET:$REL/" | tail -n 30
read -r -p "Deploy for real? [y/N] " a
[[ "$a" =~ ^[Yy]$ ]] || exit 1

ssh "$TARGET" "mkdir -p '$REL'"
rsync -az --delete "$SRC/" "$TARGET:$REL/"
ssh "$TARGET" "ln -sfn '$REL' '$DEPLOY_PATH/current' && ls -1dt '$DEPLOY_PATH'/releases/* | tail -n +6 | xargs -r rm -rf"
echo "Deployed to $TARGET:$DEPLOY_PATH/current"
