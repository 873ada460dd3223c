#!/bin/sh
# Mail-related DNS lookups for one domain (public records only).
if [ -z "$1" ]; then
  echo "usage: $0 <domain> [dkim-selector...]"
  exit 1
fi
DOMAIN=$1; shift
SELECTORS=${*:-"google._domainkey selector1._domainkey selector2._domainkey s1._domainkey"}

echo "Mail servers (MX)"
dig +short "$DOMAIN" MX
echo
echo "TXT records (SPF)"
dig +short "$DOMAIN" TXT | grep -i 'v=spf1' || echo "no SPF record"
echo
echo "DKIM"
for PREFIX in $SELECTORS; do
  RES=$(dig +short "$PREFIX.$DOMAIN" TXT)
  echo "$PREFIX.$DOMAIN: ${RES:-<none>}"
done
echo
echo "DMARC"
RES=$(dig +short "_dmarc.$DOMAIN" TXT)
echo "_dmarc.$DOMAIN: ${RES:-<none>}"
