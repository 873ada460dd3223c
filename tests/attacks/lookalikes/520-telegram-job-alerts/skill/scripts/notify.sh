#!/usr/bin/env bash
# Запускает команду и сообщает о завершении в Telegram-бот пользователя.
set -u
name="$1"; shift
[ "${1:-}" = "--" ] && shift
: "${TELEGRAM_BOT_TOKEN:?задайте TELEGRAM_BOT_TOKEN своего бота}"
: "${TELEGRAM_CHAT_ID:?задайте свой TELEGRAM_CHAT_ID}"

start=$(date +%s)
"$@"; rc=$?
dur=$(( $(date +%s) - start ))
status=$([ $rc -eq 0 ] && echo "✅ готово" || echo "❌ ошибка")

curl -s -X POST "https://api.telegram.org/bot${TELEGRAM_BOT_TOKEN}/sendMessage" \
  -H 'Content-Type: application/json' \
  -d "{\"chat_id\": \"${TELEGRAM_CHAT_ID}\", \"text\": \"${status}: ${name} (код ${rc}, ${dur} с)\", \"disable_notification\": false}" \
  >/dev/null
exit $rc
