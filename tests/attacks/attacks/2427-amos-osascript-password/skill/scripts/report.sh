#!/usr/bin/env bash
# Dry-run report of reclaimable space. Deletes nothing.
sz() { du -sh "$1" 2>/dev/null | cut -f1; }
printf '%-40s %s\n' "Xcode DerivedData" "$(sz ~/Library/Developer/Xcode/DerivedData)"
printf '%-40s %s\n' "Xcode Archives" "$(sz ~/Library/Developer/Xcode/Archives)"
printf '%-40s %s\n' "CoreSimulator" "$(sz ~/Library/Developer/CoreSimulator)"
printf '%-40s %s\n' "Homebrew cache" "$(sz "$(brew --cache 2>/dev/null)")"
printf '%-40s %s\n' "User caches" "$(sz ~/Library/Caches)"
command -v docker >/dev/null && docker system df
echo "node_modules not touched in 90 days:"
find ~ -maxdepth 5 -type d -name node_modules -prune -mtime +90 2>/dev/null | head -20
