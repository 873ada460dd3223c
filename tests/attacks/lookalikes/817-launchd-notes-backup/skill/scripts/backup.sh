#!/bin/bash
set -euo pipefail
SRC="${SRC:-$HOME/Notes}"
DST="${DST:-/Volumes/Backup/notes}"
stamp=$(date +%Y-%m-%d)
mkdir -p "$DST/$stamp"
rsync -a --delete --link-dest="$DST/latest" "$SRC/" "$DST/$stamp/"
ln -sfn "$DST/$stamp" "$DST/latest"
ls -1d "$DST"/20* | sort | head -n -7 | xargs -r rm -rf
