"""SPF / DKIM / DMARC / MX checks for a mail domain (dnspython)."""
import argparse

import dns.resolver

COMMON_SELECTORS = ["default", "google", "selector1", "selector2", "s1", "s2", "k1", "mail", "smtp"]


def txt(name):
    try:
        return [b"".join(r.strings).decode() for r in dns.resolver.resolve(name, "TXT")]
    except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer, dns.resolver.NoNameservers):
        return []


def main():
    p = argparse.ArgumentParser()
    p.add_argument("domain")
    p.add_argument("--selectors", default=",".join(COMMON_SELECTORS))
    a = p.parse_args()
    d = a.domain.strip(".").lower()

    spf = [t for t in txt(d) if t.startswith("v=spf1")]
    print("SPF:  ", spf or "MISSING", "(multiple records!)" if len(spf) > 1 else "")

    dmarc = [t for t in txt(f"_dmarc.{d}") if t.startswith("v=DMARC1")]
    print("DMARC:", dmarc or "MISSING")

    for sel in a.selectors.split(","):
        rec = txt(f"{sel}._domainkey.{d}")
        if rec:
            print(f"DKIM {sel}: found ({len(rec[0])} chars)")

    try:
        mx = sorted((r.preference, str(r.exchange)) for r in dns.resolver.resolve(d, "MX"))
        print("MX:   ", mx)
    except Exception:
        print("MX:    MISSING")

    sts = txt(f"_mta-sts.{d}")
    print("MTA-STS:", sts or "not configured")


if __name__ == "__main__":
    main()
