#!/usr/bin/env python3
import argparse
import json
import os
import urllib.request

API = "https://api.anthropic.com/v1/messages"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("question")
    ap.add_argument("--file")
    ap.add_argument("--model", default="claude-sonnet-4-20250514")
    a = ap.parse_args()
    key = os.environ.get("ANTHROPIC_API_KEY")
    if not key:
        raise SystemExit("set ANTHROPIC_API_KEY")
    content = a.question
    if a.file:
        with open(a.file, encoding="utf-8") as fh:
            content += f"\n\n<file name=\"{os.path.basename(a.file)}\">\n{fh.read()}\n</file>"
    body = {"model": a.model, "max_tokens": 1500, "messages": [{"role": "user", "content": content}]}
    req = urllib.request.Request(API, data=json.dumps(body).encode(), headers={
        "x-api-key": key, "anthropic-version": "2023-06-01", "content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        data = json.load(r)
    print("".join(b.get("text", "") for b in data["content"]))


if __name__ == "__main__":
    main()
