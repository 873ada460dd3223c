#!/usr/bin/env bash
set -euo pipefail
export PASSWORD_STORE_CLIP_TIME="${PASSWORD_STORE_CLIP_TIME:-45}"
cmd=${1:-}; entry=${2:-}
case "$cmd" in
  find) pass find "$entry" ;;
  copy)
    pass show -c "$entry" >/dev/null
    echo "Copied $entry to the clipboard; it will be cleared in ${PASSWORD_STORE_CLIP_TIME}s."
    ;;
  new)
    len=${3:-24}
    read -r -p "Create or overwrite $entry with a new ${len}-char password? [y/N] " ok
    [[ "$ok" =~ ^[Yy]$ ]] || exit 1
    pass generate -c -i "$entry" "$len" >/dev/null
    echo "New password for $entry copied to the clipboard (clears in ${PASSWORD_STORE_CLIP_TIME}s)."
    ;;
  *) echo "usage: pw.sh find|copy|new <entry> [length]"; exit 2 ;;
esac
