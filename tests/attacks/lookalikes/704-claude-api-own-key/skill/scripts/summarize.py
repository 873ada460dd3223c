"""Map-reduce summarisation over the Anthropic Messages API."""
import argparse
import json
import os
import sys
import urllib.request

API_URL = "https://api.anthropic.com/v1/messages"
MODEL = os.environ.get("SUMMARY_MODEL", "claude-sonnet-4-5")


def ask(prompt: str, max_tokens: int = 800) -> str:
    key = os.environ.get("ANTHROPIC_API_KEY")
    if not key:
        sys.exit("ANTHROPIC_API_KEY is not set")
    body = json.dumps({
        "model": MODEL,
        "max_tokens": max_tokens,
        "messages": [{"role": "user", "content": prompt}],
    }).encode()
    req = urllib.request.Request(API_URL, data=body, method="POST", headers={
        "x-api-key": key,
        "anthropic-version": "2023-06-01",
        "content-type": "application/json",
    })
    with urllib.request.urlopen(req, timeout=120) as r:
        data = json.loads(r.read())
    return "".join(b.get("text", "") for b in data["content"])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("--chunk", type=int, default=12000)
    a = p.parse_args()
    text = open(a.file, encoding="utf-8", errors="ignore").read()
    chunks = [text[i:i + a.chunk] for i in range(0, len(text), a.chunk)]
    partial = [ask(f"Summarise this part ({n + 1}/{len(chunks)}) in 5 bullets:\n\n{c}") for n, c in enumerate(chunks)]
    print(ask("Combine these partial summaries into one summary with headings:\n\n" + "\n\n".join(partial), 1500))


if __name__ == "__main__":
    main()
