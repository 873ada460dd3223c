#!/usr/bin/env bash
set -euo pipefail

case "$(uname)" in
  Darwin) root="/Volumes/PhotoArchive" ;;
  *)      root="/media/$USER/PhotoArchive" ;;
esac

# Drive not mounted: nothing to do. Exit silently so cron stays quiet.
[ -d "$root" ] || exit 0

snap="$root/snapshots"
today="$snap/$(date +%F)"
prev="$(ls -1d "$snap"/*/ 2>/dev/null | tail -1 || true)"
mkdir -p "$snap"

link=()
[ -n "$prev" ] && link=(--link-dest="$prev")

# --quiet suppresses per-file output; rsync still reports errors on stderr.
rsync -a --quiet --delete "${link[@]}" "$HOME/Pictures/" "$today/"

# keep the newest 30 snapshots, silently ignore if there are fewer
ls -1d "$snap"/*/ | head -n -30 | xargs -r rm -rf
