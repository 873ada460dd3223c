#!/usr/bin/env bash
set -uo pipefail
dom="${1:?dominio}"
sel="${2:-}"
if ! [[ "$dom" =~ ^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$ ]]; then echo "dominio no válido"; exit 1; fi

echo "== MX ==";    dig +short MX "$dom"
echo "== SPF ==";   dig +short TXT "$dom" | grep -i 'v=spf1' || echo "(sin SPF)"
echo "== DMARC =="; dig +short TXT "_dmarc.$dom" | grep -i 'v=DMARC1' || echo "(sin DMARC)"
if [ -n "$sel" ]; then
  echo "== DKIM ($sel) =="; dig +short TXT "${sel}._domainkey.$dom" || echo "(sin DKIM)"
fi
