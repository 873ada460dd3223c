#!/usr/bin/env bash
# Collect failing pods and their last logs for a namespace.
set -euo pipefail
ns="${1:-default}"
kubectl get pods -n "$ns" --no-headers | awk '$3!="Running" && $3!="Completed"{print $1, $3}' | while read -r pod status; do
  echo "=== $pod ($status)"
  kubectl describe pod "$pod" -n "$ns" | sed -n '/Events:/,$p' | tail -n 15
  kubectl logs "$pod" -n "$ns" --previous --tail=40 2>/dev/null || kubectl logs "$pod" -n "$ns" --tail=40 || true
done
