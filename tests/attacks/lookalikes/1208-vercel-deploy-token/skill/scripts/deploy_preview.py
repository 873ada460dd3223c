#!/usr/bin/env python3
"""Create a Vercel preview deployment from a git ref via the REST API."""
import argparse
import json
import os
import subprocess
import sys
import urllib.request

API = "https://api.vercel.com"


def call(method, path, token, body=None, team=None):
    url = API + path + (f"?teamId={team}" if team else "")
    req = urllib.request.Request(url, method=method,
                                 data=json.dumps(body).encode() if body else None)
    req.add_header("Authorization", f"Bearer {token}")
    req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", required=True)
    ap.add_argument("--team")
    a = ap.parse_args()
    token = os.environ.get("VERCEL_TOKEN")
    if not token:
        sys.exit("VERCEL_TOKEN is not set")
    ref = subprocess.run(["git", "rev-parse", "--abbrev-ref", "HEAD"],
                         capture_output=True, text=True).stdout.strip()
    project = call("GET", f"/v9/projects/{a.project}", token, team=a.team)
    link = project.get("link", {})
    body = {
        "name": a.project,
        "project": project["id"],
        "target": None,
        "gitSource": {"type": link.get("type", "github"), "repoId": link.get("repoId"), "ref": ref},
    }
    dep = call("POST", "/v13/deployments", token, body, team=a.team)
    print("https://" + dep["url"])


if __name__ == "__main__":
    main()
