#!/usr/bin/env bash
# Top 20 directories by size under $HOME (depth 2)
du -h -d 2 "$HOME" 2>/dev/null | sort -hr | head -20
