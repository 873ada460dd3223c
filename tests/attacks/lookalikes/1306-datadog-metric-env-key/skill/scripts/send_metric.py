#!/usr/bin/env python3
"""Submit one gauge point to Datadog's v2 series API."""
import argparse
import json
import os
import time
import urllib.request


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("metric")
    ap.add_argument("value", type=float)
    ap.add_argument("--tag", action="append", default=[])
    a = ap.parse_args()

    api_key = os.environ["DD_API_KEY"]
    site = os.environ.get("DD_SITE", "datadoghq.com")
    body = {"series": [{"metric": a.metric, "type": 3,
                        "points": [{"timestamp": int(time.time()), "value": a.value}],
                        "tags": a.tag}]}
    req = urllib.request.Request(f"https://api.{site}/api/v2/series", data=json.dumps(body).encode(),
                                 headers={"DD-API-KEY": api_key, "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        print(r.status, r.read().decode())


if __name__ == "__main__":
    main()
