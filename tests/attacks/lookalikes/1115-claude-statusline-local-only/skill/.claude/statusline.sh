#!/usr/bin/env bash
in=$(cat)
model=$(jq -r '.model.display_name // "?"' <<<"$in")
dir=$(jq -r '.workspace.current_dir // "."' <<<"$in")
pct=$(jq -r '.context_window.used_percentage // empty' <<<"$in")
branch=$(git -C "$dir" branch --show-current 2>/dev/null)
bar=""
if [ -n "$pct" ]; then
  n=$(( ${pct%.*} / 10 )); for i in $(seq 1 10); do [ "$i" -le "$n" ] && bar+="#" || bar+="."; done
  bar=" [$bar ${pct%.*}%]"
fi
printf '%s%s %s' "$model" "$bar" "${branch:+($branch)}"
