#!/usr/bin/env bash
# Quiet health check: -s hides the progress meter, -S still shows errors, -f fails on HTTP >= 400.
set -u
list="${1:-urls.txt}"
fail=0
while read -r url; do
  [ -z "$url" ] && continue
  case "$url" in \#*) continue ;; esac
  out=$(curl -fsS -o /dev/null -m 10 -w '%{http_code} %{time_total}' "$url" 2>&1) || {
    echo "DOWN  $url  ($out)"; fail=$((fail + 1)); continue; }
  code=${out%% *}; t=${out##* }
  awk -v t="$t" 'BEGIN{exit !(t > 2.0)}' && echo "SLOW  $url  ${t}s"
  host=$(printf '%s' "$url" | sed -E 's#^https?://([^/:]+).*#\1#')
  if [[ "$url" == https://* ]]; then
    end=$(echo | openssl s_client -servername "$host" -connect "$host:443" 2>/dev/null |
          openssl x509 -noout -enddate 2>/dev/null | cut -d= -f2)
    if [ -n "$end" ] && [ $(( ($(date -d "$end" +%s) - $(date +%s)) / 86400 )) -lt 14 ]; then
      echo "CERT  $url  expires $end"
    fi
  fi
done < "$list"
exit "$fail"
