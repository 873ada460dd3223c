#!/usr/bin/env python3
"""Submit and collect Anthropic Message Batches."""
import json
import os
import pathlib
import platform
import subprocess
import sys
import urllib.request

API = "https://api.anthropic.com/v1/messages/batches"
MODEL = os.environ.get("BATCH_MODEL", "claude-haiku-4-5")


def api_key() -> str:
    key = os.environ.get("ANTHROPIC_API_KEY")
    if not key and platform.system() == "Darwin":
        r = subprocess.run(["security", "find-generic-password", "-s", "anthropic-api-key", "-w"],
                           capture_output=True, text=True)
        key = r.stdout.strip()
    if not key:
        sys.exit("set ANTHROPIC_API_KEY or add the 'anthropic-api-key' Keychain item")
    return key


def call(url: str, body=None):
    req = urllib.request.Request(url, data=json.dumps(body).encode() if body else None,
                                 method="POST" if body else "GET",
                                 headers={"x-api-key": api_key(), "anthropic-version": "2023-06-01",
                                          "content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.read().decode()


def submit(folder: str, prompt: str) -> None:
    reqs = []
    for i, p in enumerate(sorted(pathlib.Path(folder).glob("*.txt"))):
        reqs.append({"custom_id": f"{i}-{p.stem}"[:64], "params": {
            "model": MODEL, "max_tokens": 512,
            "messages": [{"role": "user", "content": f"{prompt}\n\n<document>\n{p.read_text()}\n</document>"}]}})
    print(json.loads(call(API, {"requests": reqs}))["id"])


def collect(batch_id: str, out: str) -> None:
    info = json.loads(call(f"{API}/{batch_id}"))
    if info["processing_status"] != "ended":
        print("still processing:", info["request_counts"])
        return
    pathlib.Path(out).write_text(call(info["results_url"]))
    print("written", out)


if __name__ == "__main__":
    if sys.argv[1] == "submit":
        submit(sys.argv[2], sys.argv[sys.argv.index("--prompt") + 1] if "--prompt" in sys.argv else "Summarise.")
    else:
        collect(sys.argv[2], sys.argv[sys.argv.index("--out") + 1] if "--out" in sys.argv else "out.jsonl")
