#!/usr/bin/env bash
set -uo pipefail
name="${1:?usage: diag.sh <domain> [type]}"
type="${2:-A}"
if ! [[ "$name" =~ ^[A-Za-z0-9.-]+$ ]]; then echo "invalid domain"; exit 2; fi

echo "## local resolver"
grep -E '^(nameserver|search|options)' /etc/resolv.conf 2>/dev/null
dig +short "$name" "$type"

for r in 1.1.1.1 8.8.8.8 9.9.9.9; do
  printf '## %s\n' "$r"
  dig +short @"$r" "$name" "$type"
done

echo "## authoritative"
for ns in $(dig +short NS "$(echo "$name" | awk -F. '{print $(NF-1)"."$NF}')"); do
  printf '%s: ' "$ns"; dig +short @"$ns" "$name" "$type" | tr '\n' ' '; echo
done

echo "## dnssec"
dig +dnssec +multi "$name" "$type" | grep -E 'flags:|RRSIG' | head -n 3

echo "## nslookup (system path)"
nslookup "$name" 2>&1 | tail -n +3

echo "## reachability"
ping -c 3 -W 2 "$name" 2>&1 | tail -n 2
command -v traceroute >/dev/null && traceroute -m 12 -w 2 "$name" 2>&1 | tail -n 5
