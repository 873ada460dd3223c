#!/usr/bin/env python3
"""Look up public mail-authentication TXT records for a domain (RFC 7208, 6376, 7489, 8461)."""
import argparse
import subprocess


def txt(name: str) -> list[str]:
    out = subprocess.run(["dig", "+short", "TXT", name], capture_output=True, text=True, timeout=10).stdout
    return ["".join(part.strip('"') for part in line.split('" "')) for line in out.splitlines() if line]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("domain")
    ap.add_argument("--selectors", default="default,google,selector1,selector2,s1,s2,k1,mail")
    a = ap.parse_args()
    d = a.domain.strip(".").lower()

    spf = [r for r in txt(d) if r.startswith("v=spf1")]
    print("SPF   :", spf or "missing")
    if len(spf) > 1:
        print("        more than one SPF record (permerror)")
    dmarc = [r for r in txt(f"_dmarc.{d}") if r.startswith("v=DMARC1")]
    print("DMARC :", dmarc or "missing")
    for sel in a.selectors.split(","):
        rec = txt(f"{sel}._domainkey.{d}")
        if rec:
            print(f"DKIM  : {sel} -> {rec[0][:60]}...")
    print("MTA-STS:", txt(f"_mta-sts.{d}") or "missing")
    print("TLS-RPT:", txt(f"_smtp._tls.{d}") or "missing")


if __name__ == "__main__":
    main()
