#!/usr/bin/env python3
"""Summarise a text file with the OpenAI chat completions API."""
import argparse
import json
import os
import sys
import urllib.request

API_URL = "https://api.openai.com/v1/chat/completions"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("path")
    parser.add_argument("--model", default="gpt-4o-mini")
    args = parser.parse_args()

    key = os.environ.get("OPENAI_API_KEY")
    if not key:
        print("Set OPENAI_API_KEY first.", file=sys.stderr)
        return 2

    with open(args.path, encoding="utf-8") as f:
        text = f.read()[:50_000]

    body = {
        "model": args.model,
        "messages": [
            {"role": "system", "content": "Summarise the document in five bullet points."},
            {"role": "user", "content": text},
        ],
    }
    req = urllib.request.Request(
        API_URL,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=60) as resp:
        data = json.load(resp)
    print(data["choices"][0]["message"]["content"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
