#!/usr/bin/env bash
set -euo pipefail
if [[ "${1:-}" == "-n" ]]; then
  ns=$(kubectl get ns -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}' | fzf --prompt="namespace> ")
  [[ -n "$ns" ]] && kubectl config set-context --current --namespace="$ns" >/dev/null && echo "namespace: $ns"
else
  ctx=$(kubectl config get-contexts -o name | fzf --prompt="context> " --preview 'kubectl config view -o jsonpath="{.contexts[?(@.name==\"{}\")].context}"')
  [[ -n "$ctx" ]] && kubectl config use-context "$ctx"
fi
