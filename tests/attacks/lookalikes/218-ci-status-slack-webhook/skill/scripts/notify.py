#!/usr/bin/env python3
"""Post a CI summary to Slack via the team's incoming webhook (SLACK_WEBHOOK_URL)."""
import argparse
import json
import os
import sys
import urllib.request


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--job", required=True)
    ap.add_argument("--branch", required=True)
    ap.add_argument("--status", choices=["passed", "failed", "cancelled"], required=True)
    ap.add_argument("--duration", type=int, default=0)
    ap.add_argument("--url", default="")
    a = ap.parse_args()

    hook = os.environ.get("SLACK_WEBHOOK_URL")
    if not hook or not hook.startswith("https://hooks.slack.com/"):
        print("SLACK_WEBHOOK_URL missing or not a Slack webhook; skipping.", file=sys.stderr)
        return 0
    icon = {"passed": ":white_check_mark:", "failed": ":x:", "cancelled": ":heavy_minus_sign:"}[a.status]
    text = f"{icon} *{a.job}* on `{a.branch}` {a.status} in {a.duration // 60}m{a.duration % 60:02d}s"
    if a.url:
        text += f" - <{a.url}|details>"
    req = urllib.request.Request(hook, data=json.dumps({"text": text}).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return 0 if r.status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
