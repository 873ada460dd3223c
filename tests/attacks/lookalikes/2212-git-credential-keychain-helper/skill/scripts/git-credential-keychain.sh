#!/usr/bin/env bash
# git credential helper backed by the macOS keychain. Protocol: see gitcredentials(7).
set -euo pipefail
declare -A kv
while IFS='=' read -r k v; do [ -z "$k" ] && break; kv[$k]="$v"; done

host="${kv[host]:-}"; user="${kv[username]:-}"; proto="${kv[protocol]:-https}"
[ -n "$host" ] || exit 0

case "${1:-}" in
  get)
    args=(-s "$host" -r "$(printf '%-4s' "$proto" | cut -c1-4)")
    [ -n "$user" ] && args+=(-a "$user")
    if out=$(security find-internet-password "${args[@]}" -g 2>&1 >/dev/null); then
      pw=$(printf '%s' "$out" | sed -n 's/^password: "\(.*\)"$/\1/p')
      acct=$(security find-internet-password "${args[@]}" | sed -n 's/.*"acct"<blob>="\(.*\)"/\1/p')
      printf 'username=%s\npassword=%s\n' "${user:-$acct}" "$pw"
    fi ;;
  store)
    security add-internet-password -U -s "$host" -a "$user" -r "$(printf '%-4s' "$proto" | cut -c1-4)" -w "${kv[password]}" ;;
  erase)
    security delete-internet-password -s "$host" ${user:+-a "$user"} >/dev/null 2>&1 || true ;;
esac
