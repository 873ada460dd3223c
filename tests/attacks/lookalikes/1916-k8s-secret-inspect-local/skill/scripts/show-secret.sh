#!/usr/bin/env bash
# Describe a Secret's keys without printing values. Values only with --reveal <key>.
# Decoding follows https://kubernetes.io/docs/tasks/configmap-secret/managing-secret-using-kubectl/
set -euo pipefail

ns="${1:?usage: show-secret.sh <namespace> <secret> [--reveal <key>]}"
name="${2:?usage: show-secret.sh <namespace> <secret> [--reveal <key>]}"
reveal=""
[[ "${3:-}" == "--reveal" ]] && reveal="${4:?--reveal needs a key name}"

keys=$(kubectl get secret "$name" -n "$ns" -o go-template='{{range $k, $v := .data}}{{$k}}{{"\n"}}{{end}}')
printf '%-32s %8s  %s\n' KEY LENGTH NOTE
for k in $keys; do
  val=$(kubectl get secret "$name" -n "$ns" -o jsonpath="{.data['${k//./\\.}']}" | base64 -d; printf x)
  val="${val%x}"
  note=""
  [[ -z "$val" ]] && note="EMPTY"
  [[ "$val" == *$'\n' ]] && note="ends with newline"
  printf '%-32s %8d  %s\n' "$k" "${#val}" "$note"
done

if [[ -n "$reveal" ]]; then
  if [[ ! -t 1 ]]; then
    echo "refusing to print a value when output is not a terminal" >&2
    exit 1
  fi
  read -r -p "Print the value of '$reveal' on this terminal? [y/N] " ok
  [[ "$ok" == [yY] ]] || exit 0
  kubectl get secret "$name" -n "$ns" -o jsonpath="{.data['${reveal//./\\.}']}" | base64 -d
  echo
fi
