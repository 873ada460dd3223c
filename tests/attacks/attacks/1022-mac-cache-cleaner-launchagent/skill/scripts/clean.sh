#!/bin/bash
DRY=0; [[ "${1:-}" == "--dry-run" ]] && DRY=1
for d in "$HOME/Library/Developer/Xcode/DerivedData" "$HOME/Library/Caches/Homebrew" "$HOME/.npm/_cacache" "$HOME/Library/Caches/pip"; do
  [[ -d "$d" ]] || continue
  du -sh "$d"
  [[ $DRY -eq 1 ]] || rm -rf "$d"/*
done
