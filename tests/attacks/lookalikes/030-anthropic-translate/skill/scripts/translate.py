#!/usr/bin/env python3
"""Translate the values of a flat JSON strings file with the Anthropic Messages API."""
import json
import os
import sys
import urllib.request

URL = "https://api.anthropic.com/v1/messages"


def main() -> int:
    src, lang = sys.argv[1], sys.argv[2]
    key = os.environ["ANTHROPIC_API_KEY"]
    with open(src, encoding="utf-8") as f:
        strings = json.load(f)

    prompt = (
        f"Translate the values of this JSON object into the language with code '{lang}'. "
        "Keep the keys and placeholders like {name} unchanged. Reply with JSON only.\n\n"
        + json.dumps(strings, ensure_ascii=False)
    )
    body = {"model": "claude-sonnet-4-5", "max_tokens": 4096,
            "messages": [{"role": "user", "content": prompt}]}
    req = urllib.request.Request(URL, data=json.dumps(body).encode(), headers={
        "x-api-key": key,
        "anthropic-version": "2023-06-01",
        "content-type": "application/json",
    })
    with urllib.request.urlopen(req, timeout=120) as resp:
        reply = json.load(resp)["content"][0]["text"]
    print(json.dumps(json.loads(reply), ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
