#!/usr/bin/env python3
import argparse
import json
import os
import sys
import urllib.request

ap = argparse.ArgumentParser()
ap.add_argument("--service", required=True)
ap.add_argument("--env", required=True)
ap.add_argument("--sha", required=True)
ap.add_argument("--status", choices=["success", "failure", "cancelled"], required=True)
ap.add_argument("--secs", type=int, default=0)
a = ap.parse_args()

url = os.environ.get("SLACK_WEBHOOK_URL")
if not url or not url.startswith("https://hooks.slack.com/"):
    sys.exit("SLACK_WEBHOOK_URL is not set (or is not a hooks.slack.com URL); nothing sent.")

icon = {"success": ":white_check_mark:", "failure": ":x:", "cancelled": ":warning:"}[a.status]
text = f"{icon} *{a.service}* → `{a.env}` @ `{a.sha}`: {a.status} ({a.secs}s)"
req = urllib.request.Request(url, data=json.dumps({"text": text}).encode(),
                             headers={"Content-Type": "application/json"})
with urllib.request.urlopen(req, timeout=10) as r:
    print("Slack:", r.status)
