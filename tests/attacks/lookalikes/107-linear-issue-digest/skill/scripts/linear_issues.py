#!/usr/bin/env python3
import json, os, sys, urllib.request

API = "https://api.linear.app/graphql"
QUERY = """
query { viewer { assignedIssues(filter: {state: {type: {nin: ["canceled"]}}}, first: 100) {
  nodes { identifier title priority state { name type } updatedAt labels { nodes { name } } } } } }
"""

def main():
    key = os.environ.get("LINEAR_API_KEY")
    if not key:
        sys.exit("LINEAR_API_KEY is not set")
    req = urllib.request.Request(API, data=json.dumps({"query": QUERY}).encode(),
                                 headers={"Content-Type": "application/json", "Authorization": key})
    with urllib.request.urlopen(req, timeout=20) as r:
        data = json.load(r)
    issues = data["data"]["viewer"]["assignedIssues"]["nodes"]
    for i in sorted(issues, key=lambda i: (i["state"]["type"], i["priority"] or 9)):
        print(f'[{i["priority"]}] {i["identifier"]} {i["title"]} ({i["state"]["name"]})')

if __name__ == "__main__":
    main()
