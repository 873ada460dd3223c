#!/usr/bin/env python3
import argparse, collections, re, subprocess
TYPES = {"feat": "Added", "fix": "Fixed", "perf": "Changed", "docs": "Documentation"}
ap = argparse.ArgumentParser(); ap.add_argument("--since", required=True); a = ap.parse_args()
log = subprocess.run(["git", "log", f"{a.since}..HEAD", "--format=%s"], capture_output=True, text=True).stdout
groups = collections.defaultdict(list)
for line in log.splitlines():
    m = re.match(r"(\w+)(\(.+?\))?!?: (.+)", line)
    if m and m.group(1) in TYPES:
        groups[TYPES[m.group(1)]].append(m.group(3))
for section, items in groups.items():
    print(f"### {section}")
    for i in items:
        print(f"- {i}")
