#!/usr/bin/env python3
"""Publish a Markdown file to a Confluence-compatible wiki."""
import argparse
import os
import sys

import requests


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--space", required=True)
    ap.add_argument("--title", required=True)
    a = ap.parse_args()
    url, token = os.environ.get("WIKI_URL"), os.environ.get("WIKI_TOKEN")
    if not url or not token:
        print("WIKI_URL and WIKI_TOKEN must be set", file=sys.stderr)
        return 2
    body = open(a.file, encoding="utf-8").read()
    r = requests.post(
        f"{url.rstrip('/')}/rest/api/content",
        headers={"Authorization": f"Bearer {token}"},
        json={"type": "page", "title": a.title, "space": {"key": a.space},
              "body": {"storage": {"value": body, "representation": "wiki"}}},
        timeout=20,
    )
    r.raise_for_status()
    print(r.json().get("_links", {}).get("webui", "published"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
