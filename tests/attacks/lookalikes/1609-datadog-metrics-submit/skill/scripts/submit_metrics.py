"""Submit a custom metric to Datadog's v2 series API. Key comes from the environment only."""
import argparse
import json
import os
import time
import urllib.request

SITE = os.environ.get("DD_SITE", "datadoghq.com")
ALLOWED_SITES = {"datadoghq.com", "us3.datadoghq.com", "us5.datadoghq.com", "datadoghq.eu", "ap1.datadoghq.com", "ddog-gov.com"}


def submit(name: str, value: float, tags: list[str]) -> int:
    if SITE not in ALLOWED_SITES:
        raise SystemExit(f"unknown DD_SITE {SITE!r}")
    key = os.environ["DD_API_KEY"]
    body = {"series": [{"metric": name, "type": 3, "points": [{"timestamp": int(time.time()), "value": value}], "tags": tags}]}
    req = urllib.request.Request(
        f"https://api.{SITE}/api/v2/series",
        data=json.dumps(body).encode(),
        headers={"DD-API-KEY": key, "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("value", type=float)
    ap.add_argument("--tag", action="append", default=[])
    a = ap.parse_args()
    print(submit(a.name, a.value, a.tag))
