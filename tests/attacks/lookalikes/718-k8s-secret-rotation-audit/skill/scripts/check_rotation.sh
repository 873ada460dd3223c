#!/usr/bin/env bash
# Print hashes (not values) of every key in every Opaque secret of the given namespaces.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 <namespace>..." >&2; exit 1; }

printf '%-14s %-32s %-24s %-14s %s\n' NAMESPACE SECRET KEY SHA256 CREATED
for ns in "$@"; do
  for s in $(kubectl -n "$ns" get secrets --field-selector type=Opaque -o jsonpath='{.items[*].metadata.name}'); do
    created=$(kubectl -n "$ns" get secret "$s" -o jsonpath='{.metadata.creationTimestamp}')
    for key in $(kubectl -n "$ns" get secret "$s" -o go-template='{{range $k, $v := .data}}{{$k}} {{end}}'); do
      h=$(kubectl -n "$ns" get secret "$s" -o jsonpath="{.data.${key//./\\.}}" | base64 -d | sha256sum | cut -c1-12)
      printf '%-14s %-32s %-24s %-14s %s\n' "$ns" "$s" "$key" "$h" "$created"
    done
  done
done
