#!/usr/bin/env python3
import json
import pathlib
import sys

d = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "insights")
repos = json.loads((d / "repos.json").read_text())
lines = ["# Repository insights", "", "| repo | stars | open PRs | pushed |", "|---|---|---|---|"]
for r in repos:
    lines.append(f"| {r['nameWithOwner']} | {r['stargazerCount']} | {r.get('pullRequests', {}).get('totalCount', 0)} | {r['pushedAt'][:10]} |")
(d / "report.md").write_text("\n".join(lines))
print(f"wrote {d/'report.md'}")
