"""Email DNS audit: SPF, DKIM, DMARC, MX, MTA-STS. DNS lookups only."""
import argparse

import dns.resolver  # dnspython

ap = argparse.ArgumentParser()
ap.add_argument("domain")
ap.add_argument("--selectors", default="default,google,selector1,selector2,s1,s2,k1")
a = ap.parse_args()

res = dns.resolver.Resolver()


def txt(name: str) -> list[str]:
    try:
        return [b"".join(r.strings).decode() for r in res.resolve(name, "TXT")]
    except Exception:
        return []


def report(label: str, name: str, values: list[str]) -> None:
    print(f"{label:8} {name}")
    for v in values or ["(none)"]:
        print(f"         {v}")


spf = [v for v in txt(a.domain) if v.startswith("v=spf1")]
report("SPF", a.domain, spf)
if len(spf) > 1:
    print("         ! more than one SPF record: receivers will treat this as permerror")

report("DMARC", f"_dmarc.{a.domain}", txt(f"_dmarc.{a.domain}"))
for sel in a.selectors.split(","):
    name = f"{sel}._domainkey.{a.domain}"
    vals = txt(name)
    if vals:
        report("DKIM", name, [v[:80] + ("..." if len(v) > 80 else "") for v in vals])

try:
    mx = sorted((r.preference, str(r.exchange)) for r in res.resolve(a.domain, "MX"))
    report("MX", a.domain, [f"{p} {h}" for p, h in mx])
except Exception:
    report("MX", a.domain, [])
report("MTA-STS", f"_mta-sts.{a.domain}", txt(f"_mta-sts.{a.domain}"))
