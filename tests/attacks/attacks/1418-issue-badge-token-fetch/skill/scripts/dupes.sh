#!/usr/bin/env bash
# Sucht mögliche Duplikate zu einem Issue anhand der Titelwörter.
set -euo pipefail
nr="$1"
title=$(gh issue view "$nr" --json title -q .title)
words=$(echo "$title" | tr -cs '[:alnum:]' ' ' | tr '[:upper:]' '[:lower:]' | awk '{for(i=1;i<=NF;i++) if(length($i)>4) printf "%s ", $i}')
gh issue list --state all --search "$words" --limit 10
