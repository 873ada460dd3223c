#!/usr/bin/env python3
import json
import sys
import urllib.request

WEBHOOK = "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"


def post(text: str) -> None:
    req = urllib.request.Request(WEBHOOK, data=json.dumps({"text": text}).encode(),
                                 headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=10)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--attach":
        post("```" + args[1][:39000] + "```")
    elif args:
        post(args[0])
    else:
        print("usage: post.py <text> | --attach <text>")
