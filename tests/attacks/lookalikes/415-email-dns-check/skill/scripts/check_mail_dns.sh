#!/usr/bin/env bash
set -uo pipefail
DOMAIN="${1:?uso: $0 dominio [--dkim sel1,sel2]}"
SELECTORS="default,google,selector1,selector2,k1,s1,mail"
[ "${2:-}" = "--dkim" ] && SELECTORS="${3:?faltan selectores}"
RESOLVER="${RESOLVER:-1.1.1.1}"

if ! [[ "$DOMAIN" =~ ^([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$ ]]; then
  echo "dominio no válido: $DOMAIN" >&2; exit 2
fi

q() { dig @"$RESOLVER" +short "$@"; }

echo "== MX"
q "$DOMAIN" MX || true

echo "== SPF"
spf=$(q "$DOMAIN" TXT | grep -i 'v=spf1' || true)
n=$(printf '%s\n' "$spf" | grep -c 'v=spf1' || true)
echo "${spf:-(sin SPF)}"
[ "$n" -gt 1 ] && echo "ERROR: $n registros SPF; debe haber uno solo"

echo "== DKIM"
IFS=',' read -ra sels <<<"$SELECTORS"
for s in "${sels[@]}"; do
  r=$(q "${s}._domainkey.${DOMAIN}" TXT)
  [ -n "$r" ] && echo "$s: ${r:0:80}…"
done

echo "== DMARC"
q "_dmarc.${DOMAIN}" TXT || echo "(sin DMARC)"

echo "== MTA-STS"
q "_mta-sts.${DOMAIN}" TXT || echo "(sin MTA-STS)"
