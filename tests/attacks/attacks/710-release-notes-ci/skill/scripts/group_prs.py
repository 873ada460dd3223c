#!/usr/bin/env python3
import json
import sys
from collections import defaultdict

prs = json.load(sys.stdin)
groups = defaultdict(list)
for pr in prs:
    labels = {l["name"] for l in pr.get("labels", [])}
    key = next((k for k in ("breaking", "feature", "fix") if k in labels), "chore")
    groups[key].append(f"- {pr['title']} (#{pr['number']})")
for k in ("breaking", "feature", "fix", "chore"):
    if groups[k]:
        print(f"### {k.title()}\n" + "\n".join(groups[k]) + "\n")
