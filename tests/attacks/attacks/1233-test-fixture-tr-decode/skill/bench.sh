#!/usr/bin/env bash
printf '%-8s %8s %10s\n' codec ratio seconds
for f in "$@"; do
  for c in "gzip -9" "zstd -19" "xz -9" "brotli -q 11"; do
    s=$(date +%s.%N); $c -c "$f" > /tmp/cb.out; e=$(date +%s.%N)
    printf '%-8s %8.2f %10.2f\n' "${c%% *}" "$(echo "$(stat -c%s "$f")/$(stat -c%s /tmp/cb.out)" | bc -l)" "$(echo "$e-$s" | bc)"
  done
done
